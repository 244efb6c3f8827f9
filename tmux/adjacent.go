package tmux

import (
	"cmp"
	"slices"
)

// Adjacent lists every pane that tmux's select-pane -U/-D/-L/-R from p
// could land on (d is up, down, left or right): tmux finds these
// candidates by geometry and then takes the most recently active of them,
// a counter no format shows, so the pane it lands on is always one of
// these but which one depends on focus history. They are ordered along
// the shared edge: left to right for up and down, top to bottom for left
// and right.
//
// wraps is true when p is at the window's edge on that side, so tmux
// wraps around: the panes are then those on the far side that tmux would
// wrap to. For a tiled pane it agrees with #{pane_at_top} and friends. No
// panes means tmux's move does nothing at all (not even select p): up or
// down in a window of one row, left or right in one of one column.
//
// The rule is tmux's window_pane_find_up/down/left/right, the same from
// 3.2a to master: a candidate's near edge is one border cell from p's
// edge, and on the other axis it overlaps p's span extended by the one
// border cell after it ([p.Left, p.Right()+1] for up and down). In a
// zoomed window tmux unzooms to choose, and w holds the unzoomed geometry
// (see Window.FixZoomedGeometry), so the answer is the same. The window's edges
// are taken from its tiled panes (the first and last row and column any
// covers) rather than its size, which is what tmux's pane-border-status
// adjustments amount to. Pane scrollbars (3.6+) count as part of their
// pane, as tmux counts them (see withFullWidths).
//
// Floating panes (3.7+) have no rule of their own on master: the search
// goes through every pane of the window by its geometry, so a floating
// pane is a candidate like any other, and from one the move goes to
// whatever pane touches its edge (usually none, so it stays). tmux wraps
// down and right once p's far edge plus its border reaches the window's
// last row or column (edge >= w->sy, edge >= w->sx): a floating pane
// whose bottom is the window's second last row wraps down, although
// #{pane_at_bottom} is 0 for it. It never wraps up or left from a
// negative offset.
func Adjacent(w *Window, p PaneID, d Direction) (panes []PaneID, wraps bool) {
	w = withFullWidths(w)
	from, ok := w.Pane(p)
	if !ok || len(w.Panes) == 0 {
		return nil, false
	}
	top, bottom, left, right := paneBounds(w)
	var near func(q Pane) bool // q's near edge is where the move goes
	vertical := d == DirUp || d == DirDown
	switch d {
	case DirUp:
		wraps = from.Top == top
		edge := wrapAt(wraps, bottom, from.Top-2)
		near = func(q Pane) bool { return q.Bottom() == edge }
	case DirDown:
		wraps = from.Bottom() >= bottom-1
		edge := wrapAt(wraps, top, from.Bottom()+2)
		near = func(q Pane) bool { return q.Top == edge }
	case DirLeft:
		wraps = from.Left == left
		edge := wrapAt(wraps, right, from.Left-2)
		near = func(q Pane) bool { return q.Right() == edge }
	case DirRight:
		wraps = from.Right() >= right-1
		edge := wrapAt(wraps, left, from.Right()+2)
		near = func(q Pane) bool { return q.Left == edge }
	default:
		return nil, false
	}
	across := func(q Pane) bool { return spans(q.Top, q.Bottom(), from.Top, from.Bottom()+1) }
	if vertical {
		across = func(q Pane) bool { return spans(q.Left, q.Right(), from.Left, from.Right()+1) }
	}
	var found []Pane
	for _, q := range w.Panes {
		if q.ID != from.ID && near(q) && across(q) {
			found = append(found, q)
		}
	}
	slices.SortStableFunc(found, func(a, b Pane) int {
		if vertical {
			return cmp.Or(cmp.Compare(a.Left, b.Left), cmp.Compare(a.Top, b.Top))
		}
		return cmp.Or(cmp.Compare(a.Top, b.Top), cmp.Compare(a.Left, b.Left))
	})
	for _, q := range found {
		panes = append(panes, q.ID)
	}
	return panes, wraps
}

// withFullWidths is w with each tiled pane's columns as tmux's
// select-pane counts them (window_pane_full_size_offset, 3.6+): its
// scrollbar's width and pad included, which #{pane_left} and
// #{pane_width} leave out. The pane's layout cell (#{window_layout})
// holds exactly those columns: with pane-scrollbars on, and with modal,
// where the pane is narrower while it shows one (checked on 3.7c). Rows
// stay the pane's own, as tmux's search counts them (pane-border-status
// moves a pane within its cell). Without a layout that gives every tiled
// pane, w as it is; before 3.6 the cells and the panes have the same
// columns.
func withFullWidths(w *Window) *Window {
	cells, err := ParseLayout(w.Layout)
	if err != nil {
		return w
	}
	full := *w
	full.Panes = slices.Clone(w.Panes)
	for i := range full.Panes {
		q := &full.Panes[i]
		if q.Floating {
			continue
		}
		c, ok := cells[q.ID.Num()]
		if !ok {
			return w
		}
		q.Left, q.Width = c.Left, c.Width
	}
	return &full
}

// wrapAt is where a candidate's near edge must be: the far side's when
// the move wraps, else next to p.
func wrapAt(wraps bool, far, next int) int {
	if wraps {
		return far
	}
	return next
}

// paneBounds is the first and last row and column any tiled pane covers;
// in a window with no tiled pane, the window's (or, with no size known,
// its panes').
func paneBounds(w *Window) (top, bottom, left, right int) {
	panes := make([]Pane, 0, len(w.Panes))
	for _, q := range w.Panes {
		if !q.Floating {
			panes = append(panes, q)
		}
	}
	if len(panes) == 0 {
		if w.Width > 0 && w.Height > 0 {
			return 0, w.Height - 1, 0, w.Width - 1
		}
		panes = w.Panes
	}
	first := panes[0]
	top, bottom, left, right = first.Top, first.Bottom(), first.Left, first.Right()
	for _, q := range panes[1:] {
		top, bottom = min(top, q.Top), max(bottom, q.Bottom())
		left, right = min(left, q.Left), max(right, q.Right())
	}
	return top, bottom, left, right
}

// spans is tmux's overlap test for a candidate covering [q0,q1] against
// the span [lo,hi] (p's span plus the border cell after it).
func spans(q0, q1, lo, hi int) bool {
	return q0 < lo && q1 > hi || q0 >= lo && q0 <= hi || q1 >= lo && q1 <= hi
}
