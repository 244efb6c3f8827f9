package tmux

import (
	"errors"
	"fmt"
	"maps"
	"slices"
)

// FloatingLayout is what a layout string with a "<…>" section (tmux 3.7+,
// a window with floating panes) describes, checked by
// CheckFloatingLayout.
type FloatingLayout struct {
	// LayoutShape is the window's size and how many panes it has, tiled
	// and floating.
	LayoutShape
	// Floating is each floating pane's id and box, topmost first: the
	// "<…>" section, which layout_dump writes in stacking order.
	Floating []FloatingCell
}

// FloatingCell is a floating pane of a layout string: its pane id (from
// the digits the string gives) and its box.
type FloatingCell struct {
	ID PaneID
	Rect
}

// CheckFloatingLayout accepts s, a layout string with a "<…>" section as
// tmux 3.7 and later print it for a window with floating panes, only if
// its checksum matches (layout_dump sums the "<…>" section too), its
// tree without the floating panes' cells passes CheckLayout, and its
// "<…>" section is a list of pane cells (no containers), each naming a
// pane of the tree once. tmux lists every floating pane twice: in the
// tree, where its cell takes no room, and in "<…>"; the tree's copy may
// lie outside the window, as the pane may. select-layout refuses the
// string (layout_parse stops at the tree); a caller applies the tiled
// part and places the floating panes itself (see
// tmuxctl/restoring.Refloat).
func CheckFloatingLayout(s string) (FloatingLayout, error) {
	r := &layoutReader{s: s, cells: map[int]Rect{}}
	if err := r.checksum(); err != nil {
		return FloatingLayout{}, err
	}
	root, err := r.cell(0)
	if err != nil {
		return FloatingLayout{}, err
	}
	if r.i >= len(s) || s[r.i] != '<' {
		return FloatingLayout{}, r.fail("has no floating-pane section (\"<…>\" after the tree)")
	}
	var fl FloatingLayout
	tree := maps.Clone(r.cells)
	floating := map[int]bool{}
	for r.i < len(s) && s[r.i] != '>' {
		r.i++ // '<' or ','
		at := r.i
		c, err := r.cell(1)
		if err != nil {
			return FloatingLayout{}, err
		}
		switch _, inTree := tree[c.id]; {
		case c.kind != 0:
			return FloatingLayout{}, r.fail("has container %s in its floating-pane section at byte %d; floating panes are single cells", c.head, at)
		case floating[c.id]:
			return FloatingLayout{}, r.fail("names floating pane %d twice (again at byte %d)", c.id, at)
		case !inTree:
			return FloatingLayout{}, r.fail("names floating pane %d at byte %d, which its tree does not have", c.id, at)
		case c.Width < 1 || c.Height < 1 || c.Width > maxLayoutSize || c.Height > maxLayoutSize:
			return FloatingLayout{}, r.fail("has floating pane %d of size %dx%d; want 1 to %d each way", c.id, c.Width, c.Height, maxLayoutSize)
		case max(c.Left, -c.Left, c.Top, -c.Top) > maxLayoutSize:
			return FloatingLayout{}, r.fail("has floating pane %d at %d,%d, over the limit of %d", c.id, c.Left, c.Top, maxLayoutSize)
		}
		floating[c.id] = true
		fl.Floating = append(fl.Floating, FloatingCell{ID: PaneID(fmt.Sprintf("%%%d", c.id)), Rect: c.Rect})
		if r.i < len(s) && s[r.i] != ',' && s[r.i] != '>' {
			return FloatingLayout{}, r.fail("expects ',' or '>' at byte %d, found %s", r.i, r.found())
		}
	}
	if err := r.expect('>'); err != nil {
		return FloatingLayout{}, err
	}
	if r.i < len(s) {
		return FloatingLayout{}, r.fail("has trailing text at byte %d", r.i)
	}
	ids := slices.Sorted(slices.Values(leafIDs(root, nil))) // r.cells keeps one of each
	for i := 1; i < len(ids); i++ {
		if ids[i] == ids[i-1] {
			return FloatingLayout{}, r.fail("names pane %d twice in its tree", ids[i])
		}
	}
	tiled := withoutPanes(root, func(id int) bool { return floating[id] })
	if tiled == nil {
		return FloatingLayout{}, r.fail("has no tiled pane")
	}
	// The tiled part alone must be a layout tmux could have written.
	shape, err := CheckLayout(dumpLayout(tiled))
	if err != nil {
		why := err.Error()
		if e := (*Error)(nil); errors.As(err, &e) {
			why = e.Message
		}
		return FloatingLayout{}, r.fail("has a tiled part that is not a whole layout: %s", why)
	}
	if shape.Width != root.Width || shape.Height != root.Height {
		return FloatingLayout{}, r.fail("has a tiled part of %dx%d in a %dx%d window", shape.Width, shape.Height, root.Width, root.Height)
	}
	fl.LayoutShape = LayoutShape{Width: root.Width, Height: root.Height, Panes: len(ids)}
	return fl, nil
}
