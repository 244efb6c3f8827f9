package restoring

import "github.com/panemap/panemap/tmux"

// The command list of a restore, made from two reads (see
// tmuxctl.Client.Restore): the
// panes of windows that still hold them go back to their places by
// inverse swaps, then come layouts, zoom, focus, the mark and the
// session's current and last window.

// slot is a place in a window: its pane index.
type slot struct {
	window tmux.WindowID
	index  int
}

// Commands computes the command list that turns cur into want. With
// floatOps (tmux 3.8) it gives floating panes back their state, place,
// size and stacking order too (see floatCmds). joined are the windows
// panes were moved back into since want (see Joined).
func Commands(cur, want *tmux.State, floatOps bool, joined map[tmux.WindowID]bool) [][]string {
	at := map[slot]tmux.PaneID{}
	where := map[tmux.PaneID]slot{}
	curWin := map[tmux.WindowID]*tmux.Window{}
	for _, w := range cur.AllWindows() {
		curWin[w.ID] = w
		for _, p := range w.Panes {
			at[slot{w.ID, p.Index}] = p.ID
			where[p.ID] = slot{w.ID, p.Index}
		}
	}
	var swaps, layouts, floating, focus, zoomOff, zoomOn, marks, windows [][]string
	touched := map[tmux.WindowID]bool{}
	for _, ww := range want.AllWindows() {
		if curWin[ww.ID] == nil {
			continue
		}
		for _, p := range ww.Panes {
			s := slot{ww.ID, p.Index}
			occ, ok := at[s]
			from, exists := where[p.ID]
			if !ok || !exists || occ == p.ID {
				continue
			}
			swaps = append(swaps, []string{"swap-pane", "-d", "-s", string(occ), "-t", string(p.ID)})
			at[s], at[from] = p.ID, occ
			where[p.ID], where[occ] = s, from
			touched[s.window], touched[from.window] = true, true
		}
	}
	markChange := cur.Marked != want.Marked
	for _, ww := range want.AllWindows() {
		cw := curWin[ww.ID]
		if cw == nil {
			continue
		}
		wa, _ := ww.ActivePane()
		wl, _ := ww.LastPane()
		ca, _ := cw.ActivePane()
		cl, _ := cw.LastPane()
		_, activeExists := where[wa.ID]
		_, lastExists := where[wl.ID]
		lastWanted := wl.ID != "" && lastExists && wl.ID != wa.ID
		focusChange := activeExists && (touched[ww.ID] || ca.ID != wa.ID || (lastWanted && cl.ID != wl.ID))
		// The panes are back in place; a window whose cells changed size
		// gets its layout string back (only when it has exactly want's
		// panes: select-layout needs one cell per pane).
		// A window the swaps touched gets it too: a swap exchanges cells,
		// and after a join a window's cells need not be in its panes'
		// order, so only select-layout (which deals cells out in pane
		// order) makes the string exact.
		// A window that is to have floating panes cannot take its layout
		// string (see floating.go).
		relayout := ww.Layout != "" && (cw.Layout != ww.Layout || touched[ww.ID]) && holds(where, at, ww) && !floats(ww)
		if relayout {
			layouts = append(layouts, []string{"select-layout", "-t", string(ww.ID), ww.Layout})
		}
		var fl [][]string
		if floatOps && floats(ww) && holds(where, at, ww) {
			fl = floatCmds(cw, ww, touched[ww.ID], joined[ww.ID])
			floating = append(floating, fl...)
		}
		markHere := markChange && (cur.Marked != "" && where[cur.Marked].window == ww.ID || want.Marked != "" && where[want.Marked].window == ww.ID)
		unzoomed := false
		if cw.Zoomed && (touched[ww.ID] || relayout || len(fl) > 0 || focusChange || !ww.Zoomed || markHere) {
			zoomOff = append(zoomOff, []string{"resize-pane", "-Z", "-t", string(ca.ID)})
			unzoomed = true
		}
		if focusChange {
			if lastWanted {
				focus = append(focus, []string{"select-pane", "-t", string(wl.ID)})
			}
			focus = append(focus, []string{"select-pane", "-t", string(wa.ID)})
		}
		if ww.Zoomed && activeExists && (unzoomed || !cw.Zoomed) {
			zoomOn = append(zoomOn, []string{"resize-pane", "-Z", "-t", string(wa.ID)})
		}
	}
	if markChange {
		if want.Marked == "" {
			marks = append(marks, []string{"select-pane", "-M", "-t", string(cur.Marked)})
		} else if _, ok := where[want.Marked]; ok {
			marks = append(marks, []string{"select-pane", "-m", "-t", string(want.Marked)})
		}
	}
	_, curOK := curWin[want.Current]
	_, lastOK := curWin[want.LastWindow]
	lastWanted := want.LastWindow != "" && lastOK && want.LastWindow != want.Current
	if curOK && (cur.Current != want.Current || (lastWanted && cur.LastWindow != want.LastWindow)) {
		if lastWanted {
			windows = append(windows, []string{"select-window", "-t", string(want.Session) + ":" + string(want.LastWindow)})
		}
		windows = append(windows, []string{"select-window", "-t", string(want.Session) + ":" + string(want.Current)})
	}
	var cmds [][]string
	for _, part := range [][][]string{zoomOff, swaps, layouts, focus, floating, marks, zoomOn, windows} {
		cmds = append(cmds, part...)
	}
	return cmds
}

// holds reports whether, with panes where the swaps left them, window w
// holds exactly w's panes.
func holds(where map[tmux.PaneID]slot, at map[slot]tmux.PaneID, w *tmux.Window) bool {
	n := 0
	for s := range at {
		if s.window == w.ID {
			n++
		}
	}
	if n != len(w.Panes) {
		return false
	}
	for _, p := range w.Panes {
		if s, ok := where[p.ID]; !ok || s.window != w.ID {
			return false
		}
	}
	return true
}
