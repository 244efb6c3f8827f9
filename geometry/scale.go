package geometry

import (
	"sort"

	"github.com/panemap/panemap/tmux"
)

// span is one pane's extent on one axis in "edge" coordinates: a pane
// covers [start, end) where end includes the border cell after it, so
// neighbours share an edge and the window's panes tile [0, size+1).
type span struct{ start, end, min int }

// Scale maps a window's panes onto a w x h area, as boxes in cells of that
// area (Left and Top are a box's top-left cell): neighbouring boxes touch
// without overlapping, so a box's right (bottom) border is its
// neighbour's left (top) one when both are drawn with borders on their
// left and top. The tiled panes' boxes tile the area with no gaps or
// overlaps, and every box is at least minW(pane) wide and minH high. It
// reports false when the area is too small for that.
//
// Floating panes (tmux 3.7+) are placed over the tiled boxes on the same
// scale (see placeFloating), inside the area even where tmux has them
// partly outside the window: their boxes overlap the tiled ones and each
// other, and are to be drawn after them, bottom of the stack first
// ([StackOrder]).
func Scale(win *tmux.Window, w, h int, minW func(tmux.Pane) int, minH int) (map[tmux.PaneID]tmux.Rect, bool) {
	if win == nil || len(win.Panes) == 0 || w <= 0 || h <= 0 {
		return nil, false
	}
	tiled, floating := splitFloating(win.Panes)
	xs := make([]span, len(tiled))
	ys := make([]span, len(tiled))
	for i, p := range tiled {
		xs[i] = span{p.Left, p.Left + p.Width + 1, minW(p)}
		ys[i] = span{p.Top, p.Top + p.Height + 1, minH}
	}
	px, ok1 := scaleAxis(xs, extent(xs, win.Width+1), w)
	py, ok2 := scaleAxis(ys, extent(ys, win.Height+1), h)
	if !ok1 || !ok2 {
		return nil, false
	}
	out := make(map[tmux.PaneID]tmux.Rect, len(win.Panes))
	for i, p := range tiled {
		out[p.ID] = tmux.Rect{Left: px[xs[i].start], Top: py[ys[i].start], Width: px[xs[i].end] - px[xs[i].start], Height: py[ys[i].end] - py[ys[i].start]}
	}
	for _, p := range floating {
		r, ok := placeFloating(p, px, py, minW(p), minH)
		if !ok {
			return nil, false
		}
		out[p.ID] = r
	}
	return out, true
}

// scaleAxis places every edge of spans (which tile [0,total)) on [0,avail]:
// proportionally where it can, pushed apart where a span would be smaller
// than its minimum. Edges keep their order, so tiling survives.
func scaleAxis(spans []span, total, avail int) (map[int]int, bool) {
	if total <= 0 {
		return nil, false
	}
	set := map[int]bool{0: true, total: true}
	for _, s := range spans {
		set[s.start], set[s.end] = true, true
	}
	edges := make([]int, 0, len(set))
	for e := range set {
		edges = append(edges, e)
	}
	sort.Ints(edges)
	pos := make(map[int]int, len(edges))
	for i, e := range edges {
		p := (e*avail*2 + total) / (total * 2) // rounded proportion
		if i > 0 {
			p = max(p, pos[edges[i-1]])
		}
		for _, s := range spans {
			if s.end == e {
				p = max(p, pos[s.start]+s.min)
			}
		}
		pos[e] = p
	}
	pos[edges[len(edges)-1]] = avail
	for i := len(edges) - 2; i >= 0; i-- {
		e := edges[i]
		p := min(pos[e], pos[edges[i+1]])
		for _, s := range spans {
			if s.start == e {
				p = min(p, pos[s.end]-s.min)
			}
		}
		pos[e] = p
	}
	if pos[edges[0]] != 0 {
		return nil, false
	}
	for _, s := range spans {
		if s.start < 0 || s.end > total || pos[s.end]-pos[s.start] < s.min {
			return nil, false
		}
	}
	return pos, true
}

// extent is the axis size: the window's, or more if tmux reported a pane
// beyond it (stale geometry while a window resizes).
func extent(spans []span, size int) int {
	for _, s := range spans {
		size = max(size, s.end)
	}
	return size
}

// MinSize is the smallest area Scale places win's panes in, with the same
// minimums: each axis is scaled on its own, so the least width and the
// least height are found apart (the floating boxes' too).
func MinSize(win *tmux.Window, minW func(tmux.Pane) int, minH int) (w, h int) {
	const most = 1 << 12 // past any terminal
	w = sort.Search(most, func(n int) bool { _, ok := Scale(win, n, most, minW, minH); return ok })
	h = sort.Search(most, func(n int) bool { _, ok := Scale(win, most, n, minW, minH); return ok })
	return w, h
}
