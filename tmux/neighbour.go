package tmux

// Neighbour predicts the pane that tmux's select-pane -U/-D/-L/-R from p
// makes active (d is up, down, left or right), for what has to be known
// before tmux is asked: a drawn hint, the server view's selection, a
// fake's answer. The navigator's moves and swaps ask tmux instead (see
// tmuxctl's OpSelect and OpSwap with a Dir). With wrap false, a move off
// the window's edge, which tmux wraps round, reports false.
//
// The candidates are exact (Adjacent, tmux's own geometric rule); the
// choice among several is a prediction. tmux takes the candidate with
// the highest wp->active_point (window_pane_choose_best, window.c, alike
// from 3.2a to master), a global counter bumped each time a pane becomes
// its window's active pane, and, where no candidate was ever active, the
// first in the window's list (the lowest index). No format shows that
// counter on any version: #{P:} loops go by index (3.7 and master add
// creation and z order, not activity), and only tmux 3.7 and newer can
// list panes by it (list-panes -O activity), which the read does not use
// as it needs the window's order. What every version shows is the
// window's active pane (the most recently made active, bar panes that
// became active by another pane's exit, which tmux does not count) and
// its last pane (the one before it). So the prediction is: the active
// pane, then the last pane, then the lowest index. It is exact while at
// most those two candidates were ever visited, and can be wrong where
// an older visit ranks a candidate above the lowest index.
func Neighbour(w *Window, p PaneID, d Direction, wrap bool) (PaneID, bool) {
	panes, wraps := Adjacent(w, p, d)
	if len(panes) == 0 || wraps && !wrap {
		return "", false
	}
	best, rank := Pane{}, -1
	for _, id := range panes {
		q, _ := w.Pane(id)
		r := recencyRank(q)
		if r > rank || r == rank && q.Index < best.Index {
			best, rank = q, r
		}
	}
	return best.ID, true
}

// recencyRank is how recently q was its window's active pane, as far as
// tmux shows it: 2 active, 1 last, 0 not known.
func recencyRank(q Pane) int {
	switch {
	case q.Active:
		return 2
	case q.Last:
		return 1
	}
	return 0
}

// AtEdge reports whether p touches the window's edge in direction d, so a
// move that way would wrap around (tmux's pane_at_top and friends).
func AtEdge(w *Window, p Pane, d Direction) bool {
	switch d {
	case DirUp:
		return p.Top == 0
	case DirDown:
		return p.Bottom() >= w.Height-1
	case DirLeft:
		return p.Left == 0
	case DirRight:
		return p.Right() >= w.Width-1
	}
	return false
}
