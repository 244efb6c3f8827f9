package tmuxctl

import "context"

// Restore puts session state back as it was in want: every pane that still
// exists returns to its window and position (by inverse swaps: a layout
// string cannot do this, since select-layout assigns cells by list order),
// then zoom, each window's active and last pane, the marked pane, and the
// session's current and last window. Panes created or killed since are
// left alone. It sends one command list; when a pane vanishes under it,
// it reads again and retries.
func (c *Client) Restore(ctx context.Context, want *State) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var cur *State
		if cur, err = c.ReadState(ctx, want.Session); err != nil {
			return err
		}
		if want.Foreign != nil {
			if fw, ferr := c.ListPanes(ctx, want.Foreign.ID); ferr == nil {
				cur.Foreign = fw
			}
		}
		cmds := restoreCmds(cur, want)
		if len(cmds) == 0 {
			return nil
		}
		if _, err = c.run(ctx, cmds...); err == nil || KindOf(err) != KindGone {
			return err
		}
	}
	return err
}

type slot struct {
	window WindowID
	index  int
}

// restoreCmds computes the command list that turns cur into want.
func restoreCmds(cur, want *State) [][]string {
	at := map[slot]PaneID{}
	where := map[PaneID]slot{}
	curWin := map[WindowID]*Window{}
	for _, w := range cur.allWindows() {
		curWin[w.ID] = w
		for _, p := range w.Panes {
			at[slot{w.ID, p.Index}] = p.ID
			where[p.ID] = slot{w.ID, p.Index}
		}
	}
	var swaps, focus, zoomOff, zoomOn, marks, windows [][]string
	touched := map[WindowID]bool{}
	for _, ww := range want.allWindows() {
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
	for _, ww := range want.allWindows() {
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
		markHere := markChange && (cur.Marked != "" && where[cur.Marked].window == ww.ID || want.Marked != "" && where[want.Marked].window == ww.ID)
		unzoomed := false
		if cw.Zoomed && (touched[ww.ID] || focusChange || !ww.Zoomed || markHere) {
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
	for _, part := range [][][]string{zoomOff, swaps, focus, marks, zoomOn, windows} {
		cmds = append(cmds, part...)
	}
	return cmds
}
