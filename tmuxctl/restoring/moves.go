package restoring

import (
	"strconv"

	"github.com/panemap/panemap/tmux"
)

// Putting panes back in their windows, before Restore's swaps, layouts and
// focus can put them back in their places. Two command lists, with a read
// between: first every pane goes back into its window that still exists
// (a window that empties closes, as tmux closes any), then each window a
// move closed is recreated at its index, with its name, from its panes.
// The layout strings, applied afterwards by Commands, give every cell
// its exact size back, so where a pane lands on the way does not matter.

// Moved reports whether a pane of want's session windows is in another
// window in cur, or a window of want with a pane still alive is gone.
func Moved(cur, want *tmux.State) bool {
	for _, ww := range want.Windows {
		_, exists := cur.Window(ww.ID)
		for _, p := range ww.Panes {
			if _, cw, ok := cur.FindPane(p.ID); ok && (!exists || cw.ID != ww.ID) {
				return true
			}
		}
	}
	return false
}

// Joined is the windows of want, by want's ids, that moving panes back
// into their windows (Rejoin and Recreate) joins a pane into: those
// whose panes are not all in them in cur, and only while cur still has
// such a pane.
func Joined(cur, want *tmux.State) map[tmux.WindowID]bool {
	joined := map[tmux.WindowID]bool{}
	for _, ww := range want.Windows {
		_, exists := cur.Window(ww.ID)
		for _, p := range ww.Panes {
			if _, cw, ok := cur.FindPane(p.ID); ok && (!exists || cw.ID != ww.ID) {
				joined[ww.ID] = true
			}
		}
	}
	return joined
}

// joinCmd moves pane p into window w (-d: no focus change; -f: a split of
// the whole window, which has room where a single pane may not).
func joinCmd(p tmux.PaneID, w *tmux.Window, target string) []string {
	split := "-v"
	if w.Width > 2*w.Height {
		split = "-h"
	}
	return []string{"join-pane", "-d", "-f", split, "-s", string(p), "-t", target}
}

// joinTarget is where a pane joins window w: the window, which tmux
// takes as its active pane, unless that pane floats (tmux 3.7+ splits no
// floating pane, and a modal one, tmux 3.8, refuses with "pane is
// modal"): then the tiled pane tmux.Window.JoinBeside picks.
func joinTarget(w *tmux.Window) string {
	if a, ok := w.ActivePane(); ok && a.Floating {
		if b, ok := w.JoinBeside(); ok {
			return string(b.ID)
		}
	}
	return string(w.ID)
}

// Rejoin moves each pane back into its want window that still exists.
func Rejoin(cur, want *tmux.State) [][]string {
	var cmds [][]string
	for _, ww := range want.Windows {
		cw, ok := cur.Window(ww.ID)
		if !ok {
			continue
		}
		for _, p := range ww.Panes {
			if _, pw, ok := cur.FindPane(p.ID); ok && pw.ID != ww.ID {
				cmds = append(cmds, joinCmd(p.ID, cw, joinTarget(cw)))
			}
		}
	}
	return cmds
}

// Recreate makes each window of want that is gone, and still has a
// live pane, again: at its index (a window that took the index since is
// moved past every index in use), with its name and automatic-rename as
// they were. It answers with the index each recreated window gets.
func Recreate(cur, want *tmux.State) ([][]string, map[tmux.WindowID]int) {
	used := map[int]*tmux.Window{}
	spare := 0
	for _, w := range append(append([]*tmux.Window(nil), cur.Windows...), want.Windows...) {
		spare = max(spare, w.Index+1)
	}
	for _, w := range cur.Windows {
		used[w.Index] = w
	}
	var cmds [][]string
	at := map[tmux.WindowID]int{}
	s := string(want.Session)
	for _, ww := range want.Windows {
		if _, ok := cur.Window(ww.ID); ok {
			continue
		}
		var alive []tmux.PaneID
		for _, p := range ww.Panes {
			if _, _, ok := cur.FindPane(p.ID); ok {
				alive = append(alive, p.ID)
			}
		}
		if len(alive) == 0 {
			continue
		}
		idx := ww.Index
		if occ := used[idx]; occ != nil {
			if _, inWant := want.Window(occ.ID); inWant {
				idx, spare = spare, spare+1
			} else {
				cmds = append(cmds, []string{"move-window", "-d", "-s", string(occ.ID), "-t", s + ":" + strconv.Itoa(spare)})
				used[spare] = occ
				spare++
			}
		}
		used[idx] = ww
		target := s + ":" + strconv.Itoa(idx)
		cmds = append(cmds, []string{"break-pane", "-d", "-s", string(alive[0]), "-t", target, "-n", ww.Name})
		if ww.AutoRename {
			// -n turned it off; the window had tmux's setting.
			cmds = append(cmds, []string{"set-option", "-w", "-u", "-t", target, "automatic-rename"})
		}
		for _, p := range alive[1:] {
			cmds = append(cmds, joinCmd(p, ww, target))
		}
		at[ww.ID] = idx
	}
	return cmds, at
}
