package geometry

import (
	"cmp"
	"slices"
	"sort"

	"github.com/panemap/panemap/tmux"
)

// floatingMark goes before a floating pane's label on a text map, and
// floatingBorder draws its box.
const (
	floatingMark   = "^"
	floatingBorder = '#'
)

// splitFloating separates a window's tiled panes from its floating ones,
// each in the order given.
func splitFloating(panes []tmux.Pane) (tiled, floating []tmux.Pane) {
	for _, p := range panes {
		if p.Floating {
			floating = append(floating, p)
		} else {
			tiled = append(tiled, p)
		}
	}
	return tiled, floating
}

// StackOrder is the order to draw a window's panes in so that each covers
// what tmux draws it over: the tiled panes in the window's order, then the
// floating ones from the bottom of the stack to the top (highest Z first).
func StackOrder(w *tmux.Window) []tmux.Pane {
	tiled, floating := splitFloating(w.Panes)
	slices.SortStableFunc(floating, func(a, b tmux.Pane) int { return cmp.Compare(b.Z, a.Z) })
	return append(tiled, floating...)
}

// placeFloating scales a floating pane's box onto the area whose tiled
// edges Scale placed at px and py: its border lines (in span's edge
// coordinates, the cells before and after the pane) go between the tiled
// edges they fall between, in proportion, so a floating pane that lines
// up with a tiled border in tmux does on the map. The box is then grown to
// minW x minH and moved inside the area; false when it cannot fit.
func placeFloating(p tmux.Pane, px, py map[int]int, minW, minH int) (tmux.Rect, bool) {
	x0, x1, okX := placeSpan(px, p.Left, p.Left+p.Width+1, minW)
	y0, y1, okY := placeSpan(py, p.Top, p.Top+p.Height+1, minH)
	return tmux.Rect{Left: x0, Top: y0, Width: x1 - x0, Height: y1 - y0}, okX && okY
}

// placeSpan places [start, end) on one axis (see placeFloating).
func placeSpan(pos map[int]int, start, end, least int) (from, to int, ok bool) {
	edges := make([]int, 0, len(pos))
	for e := range pos {
		edges = append(edges, e)
	}
	sort.Ints(edges)
	avail := pos[edges[len(edges)-1]]
	from, to = interpolate(edges, pos, start), interpolate(edges, pos, end)
	to = max(to, from+least)
	if to > avail {
		from, to = from-(to-avail), avail
	}
	return from, to, from >= 0
}

// interpolate places edge v between the placed edges around it, rounded;
// an edge outside the placed ones goes to the nearer end.
func interpolate(edges []int, pos map[int]int, v int) int {
	first, last := edges[0], edges[len(edges)-1]
	switch {
	case v <= first:
		return pos[first]
	case v >= last:
		return pos[last]
	}
	i := sort.SearchInts(edges, v)
	hi := edges[i]
	if hi == v {
		return pos[v]
	}
	lo := edges[i-1]
	return pos[lo] + ((v-lo)*(pos[hi]-pos[lo])*2+(hi-lo))/((hi-lo)*2)
}

// drawFloating draws the floating panes' boxes over a map of the tiled
// ones, bottom of the stack first: each box's inside is blanked, its
// border drawn in floatingBorder and its label put at its left on row
// at[pane], if any.
func drawFloating(lines [][]byte, w *tmux.Window, rects map[tmux.PaneID]tmux.Rect, labels map[tmux.PaneID]string, at map[tmux.PaneID]int) {
	for _, p := range StackOrder(w) {
		if !p.Floating {
			continue
		}
		r := rects[p.ID]
		for y := r.Top; y <= r.Top+r.Height; y++ {
			for x := r.Left; x <= r.Left+r.Width; x++ {
				edge := y == r.Top || y == r.Top+r.Height || x == r.Left || x == r.Left+r.Width
				lines[y][x] = ' '
				if edge {
					lines[y][x] = floatingBorder
				}
			}
		}
		if row, ok := at[p.ID]; ok {
			copy(lines[row][r.Left+1:], labels[p.ID])
		}
	}
}

// labelRows is the row each label goes on: the first row inside its
// pane's box where no floating box drawn after it (see StackOrder) covers
// the label. A pane covered so on every row has none.
func labelRows(w *tmux.Window, rects map[tmux.PaneID]tmux.Rect, labels map[tmux.PaneID]string) map[tmux.PaneID]int {
	order := StackOrder(w)
	at := make(map[tmux.PaneID]int, len(order))
	for i, p := range order {
		r := rects[p.ID]
		first, last := r.Left+1, r.Left+len(labels[p.ID])
	rows:
		for y := r.Top + 1; y < r.Top+r.Height; y++ {
			for _, f := range order[i+1:] {
				b := rects[f.ID]
				if f.Floating && y >= b.Top && y <= b.Top+b.Height && first <= b.Left+b.Width && last >= b.Left {
					continue rows
				}
			}
			at[p.ID] = y
			break
		}
	}
	return at
}
