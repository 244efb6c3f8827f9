package tmux

// Neighbour finds the pane next to p in direction d (up, down, left or
// right) by the window's geometry, using tmux's rule for candidates: the
// far edge of the candidate is one border cell from p's edge, and the two
// overlap on the other axis. Where several qualify, the one overlapping p
// the most wins (ties: lowest index), which is deterministic, unlike tmux's
// most-recently-used choice. With wrap, a move off the window's edge goes
// to the far side, as tmux does; without, it reports false.
func Neighbour(w *Window, p PaneID, d Direction, wrap bool) (PaneID, bool) {
	from, ok := w.Pane(p)
	if !ok {
		return "", false
	}
	if best, ok := neighbour(w, from, d, false); ok {
		return best, true
	}
	if !wrap {
		return "", false
	}
	return neighbour(w, from, d, true)
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

func neighbour(w *Window, from Pane, d Direction, wrapped bool) (PaneID, bool) {
	var best Pane
	bestOverlap := -1
	for _, q := range w.Panes {
		if q.ID == from.ID {
			continue
		}
		var edge bool
		var overlap int
		switch d {
		case DirUp:
			edge = q.Bottom()+2 == from.Top || wrapped && from.Top == 0 && q.Bottom() >= w.Height-1
			overlap = span(from.Left, from.Right(), q.Left, q.Right())
		case DirDown:
			edge = from.Bottom()+2 == q.Top || wrapped && from.Bottom() >= w.Height-1 && q.Top == 0
			overlap = span(from.Left, from.Right(), q.Left, q.Right())
		case DirLeft:
			edge = q.Right()+2 == from.Left || wrapped && from.Left == 0 && q.Right() >= w.Width-1
			overlap = span(from.Top, from.Bottom(), q.Top, q.Bottom())
		case DirRight:
			edge = from.Right()+2 == q.Left || wrapped && from.Right() >= w.Width-1 && q.Left == 0
			overlap = span(from.Top, from.Bottom(), q.Top, q.Bottom())
		default:
			return "", false
		}
		if !edge || overlap < 0 {
			continue
		}
		if overlap > bestOverlap || overlap == bestOverlap && q.Index < best.Index {
			best, bestOverlap = q, overlap
		}
	}
	return best.ID, bestOverlap >= 0
}

// span is how many cells [a0,a1] and [b0,b1] share, with tmux's one-cell
// tolerance: -1 when they are apart.
func span(a0, a1, b0, b1 int) int {
	lo, hi := max(a0, b0), min(a1, b1)
	if hi+1 < lo {
		return -1
	}
	return max(hi-lo+1, 0)
}
