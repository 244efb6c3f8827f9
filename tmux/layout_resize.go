package tmux

import "fmt"

// A tiled resize in a window with floating panes (tmux master,
// next-3.8). tmux keeps each floating pane's cell in the layout tree,
// after the pane it was made from, and resize-pane -L/-R/-U/-D on a
// tiled pane (layout_resize_pane and its helpers, layout.c:974-1071 in
// master) picks the cells it takes room from and gives room to among the
// siblings of the pane's cell (or of its ancestor in the container of
// the resize's direction) without looking whether they float:
// layout_resize_check counts a floating cell's size as room to give, and
// layout_resize_adjust changes a floating leaf's size as if it were
// tiled, and a container's size whatever its tiled children could take.
// So a resize that reaches such a cell shrinks or grows a floating pane
// and leaves the tiled panes short of the window or reaching past it. A
// resize that reaches only tiled cells is tiled tmux's usual resize.

// paneMinimum is tmux's PANE_MINIMUM (tmux.h), plus a cell for a pane
// border status line or a scrollbar, which this reading cannot see:
// counting less room than tmux has only makes ResizeReachesFloating
// look at more cells.
const paneMinimum = 2

// ResizeReachesFloating reports whether resize-pane moving pane's edge
// in d (up, down, left, right) by cells, in a window whose
// #{window_layout} is layout, would take room from or give room to a
// cell holding a floating pane (see above); false when the layout has
// no floating pane or the resize moves nothing. An error when layout
// cannot be read or has no cell for pane.
func ResizeReachesFloating(layout string, pane PaneID, d Direction, cells int) (bool, error) {
	_, root, err := parseLayoutTree(layout)
	if err != nil {
		return false, err
	}
	floats, err := floatingIDs(layout)
	if err != nil || len(floats) == 0 {
		return false, err
	}
	if _, err := ParsePaneID(string(pane)); err != nil {
		return false, err
	}
	path := root.pathTo(pane.Num())
	if path == nil {
		return false, &Error{Kind: KindGone, Value: string(pane), Message: fmt.Sprintf("layout %s has no cell for pane %s", Quote(layout), pane)}
	}
	kind, grow := byte('{'), d == DirRight || d == DirDown
	if d == DirUp || d == DirDown {
		kind = '['
	}
	// The pane's cell or its nearest ancestor whose parent runs in the
	// resize's direction (layout_resize_pane).
	i := len(path) - 1
	for i > 0 && path[i-1].kind != kind {
		i--
	}
	if i == 0 {
		return false, nil // no container in that direction: nothing moves
	}
	kids, at := path[i-1].kids, indexOf(path[i-1].kids, path[i])
	if at == len(kids)-1 {
		// The last cell: tmux moves back one, over floating leaves; with
		// none before, it would follow a null pointer.
		for at--; at >= 0 && kids[at].floatingLeaf(floats); at-- {
		}
		if at < 0 {
			return true, nil
		}
	}
	var gets *layoutCell
	var gives []*layoutCell // the cells room is taken from, in tmux's order
	if grow {
		gets = kids[at]
		gives = append(gives, kids[at+1:]...)
		for j := at - 1; j >= 0; j-- { // resize-pane passes opposite=1
			gives = append(gives, kids[j])
		}
	} else {
		if at+1 == len(kids) {
			return false, nil
		}
		gets = kids[at+1]
		for j := at; j >= 0; j-- {
			gives = append(gives, kids[j])
		}
	}
	// Room is taken from the first of gives that has some until it has
	// none, then from the next. A cell that spoils is refused whatever
	// room this reading gives it (it counts less than tmux does).
	if gets.spoils(kind, floats) {
		return true, nil
	}
	need := cells
	for _, c := range gives {
		if c.spoils(kind, floats) {
			return true, nil
		}
		if need -= c.room(kind); need <= 0 {
			break
		}
	}
	return false, nil
}

// floatingIDs are the pane numbers in layout's trailing <…> section.
func floatingIDs(layout string) (map[int]bool, error) {
	r := &layoutReader{s: layout, cells: map[int]Rect{}}
	r.i = 5
	if _, err := r.cell(0); err != nil {
		return nil, err
	}
	ids := map[int]bool{}
	if r.i >= len(layout) {
		return ids, nil
	}
	for r.i < len(layout) && layout[r.i] != '>' {
		r.i++ // '<' or ','
		c, err := r.cell(0)
		if err != nil {
			return nil, err
		}
		ids[c.id] = true
	}
	return ids, nil
}

// pathTo is the cells from c down to pane n's leaf, or nil.
func (c *layoutCell) pathTo(n int) []*layoutCell {
	if c.kind == 0 {
		if c.id == n {
			return []*layoutCell{c}
		}
		return nil
	}
	for _, k := range c.kids {
		if p := k.pathTo(n); p != nil {
			return append([]*layoutCell{c}, p...)
		}
	}
	return nil
}

func indexOf(kids []*layoutCell, c *layoutCell) int {
	for i, k := range kids {
		if k == c {
			return i
		}
	}
	return -1
}

func (c *layoutCell) floatingLeaf(floats map[int]bool) bool {
	return c.kind == 0 && floats[c.id]
}

// spoils reports whether tmux's resize along a container of kind, giving
// room to c or taking it from c, would change a floating pane's cell or
// count its size as room (layout_resize_adjust and layout_resize_check):
// c floats, or runs along kind and holds a floating cell, or holds a
// container that spoils. A container across kind resizes only its
// children with tiled panes, each by the whole change, so a floating
// leaf right in it is left alone.
func (c *layoutCell) spoils(kind byte, floats map[int]bool) bool {
	if c.kind == 0 {
		return floats[c.id]
	}
	for _, k := range c.kids {
		if (k.kind != 0 || c.kind == kind) && k.spoils(kind, floats) {
			return true
		}
	}
	return false
}

// room is how many cells c can give up along a container of kind
// (layout_resize_check): a leaf its size less the minimum, a container
// of that kind the sum of its children's, another the least of them.
func (c *layoutCell) room(kind byte) int {
	if c.kind == 0 {
		size := c.Width
		if kind == '[' {
			size = c.Height
		}
		return max(size-paneMinimum, 0)
	}
	sum, least := 0, -1
	for _, k := range c.kids {
		r := k.room(kind)
		sum += r
		if least < 0 || r < least {
			least = r
		}
	}
	if c.kind == kind {
		return sum
	}
	return max(least, 0)
}
