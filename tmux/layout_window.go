package tmux

import (
	"fmt"
	"strconv"
	"strings"
)

// LayoutKind says what a layout cell is: a pane or a container.
type LayoutKind byte

const (
	LayoutPane      LayoutKind = 0   // a leaf: one pane
	LayoutLeftRight LayoutKind = '{' // children side by side
	LayoutTopBottom LayoutKind = '[' // children one above another
)

// LayoutCell is one cell of a window layout. A floating pane's cell keeps
// its place in the tree (tmux 3.7+ insert it after the pane it was made
// from, layout_floating_pane in layout.c) but takes no room there: its
// Rect is where it floats, and may start left of or above the window
// (negative Left, Top) or reach past it.
type LayoutCell struct {
	Rect
	Kind     LayoutKind
	Pane     int  // a pane's number (the digits of its %id); 0 for a container
	Floating bool // a floating pane's cell
	Cells    []LayoutCell
}

// Layout is a window's layout as #{window_layout} spells it: the cell
// tree, then (3.7+) a "<…>" section that lists the floating panes' cells
// again, topmost first (layout_dump walks the window's z_index from its
// head, and screen-redraw.c draws that list from its tail, so the head
// is on top). Read one with ParseWindowLayout.
type Layout struct {
	Root     LayoutCell
	Floating []LayoutCell // the floating panes in stacking order, topmost first
}

// String is the layout as tmux prints it, checksum first.
func (l *Layout) String() string {
	var b strings.Builder
	appendCell(&b, &l.Root)
	for i := range l.Floating {
		if i == 0 {
			b.WriteByte('<')
		} else {
			b.WriteByte(',')
		}
		appendCell(&b, &l.Floating[i])
	}
	if len(l.Floating) > 0 {
		b.WriteByte('>')
	}
	body := b.String()
	return fmt.Sprintf("%04x,%s", LayoutChecksum(body), body)
}

// appendCell writes a cell as layout_append does.
func appendCell(b *strings.Builder, c *LayoutCell) {
	b.WriteString(strconv.Itoa(c.Width) + "x" + strconv.Itoa(c.Height) + "," + strconv.Itoa(c.Left) + "," + strconv.Itoa(c.Top))
	if c.Kind == LayoutPane {
		b.WriteString("," + strconv.Itoa(c.Pane))
		return
	}
	closer := byte(']')
	if c.Kind == LayoutLeftRight {
		closer = '}'
	}
	b.WriteByte(byte(c.Kind))
	for i := range c.Cells {
		if i > 0 {
			b.WriteByte(',')
		}
		appendCell(b, &c.Cells[i])
	}
	b.WriteByte(closer)
}

// Panes is every pane's cell by pane number, tiled and floating.
func (l *Layout) Panes() map[int]Rect {
	out := map[int]Rect{}
	var walk func(c *LayoutCell)
	walk = func(c *LayoutCell) {
		if c.Kind == LayoutPane {
			out[c.Pane] = c.Rect
		}
		for i := range c.Cells {
			walk(&c.Cells[i])
		}
	}
	walk(&l.Root)
	return out
}

// Stack is pane n's place in the stacking order of the floating panes, 0
// on top; false for a tiled pane or one not in the layout.
func (l *Layout) Stack(n int) (int, bool) {
	for i, c := range l.Floating {
		if c.Pane == n {
			return i, true
		}
	}
	return 0, false
}

// ParseWindowLayout reads a #{window_layout} from tmux v, floating panes
// included, and refuses (KindInvalidInput, naming the string) anything
// tmux does not write: a wrong checksum, a "<…>" section from a tmux
// older than 3.7 (which has no floating panes), an empty one, a container
// or a repeated pane in it, a floating cell that is not also in the tree
// with the same geometry, zero sizes, tiled cells that do not tile as
// CheckLayout requires, and any spelling String would not give back.
// Floating cells may overlap anything and reach past the window.
//
// Reading is not applying: every tmux refuses a layout with a "<…>"
// section in select-layout (CheckLayout says so).
func ParseWindowLayout(v Version, s string) (*Layout, error) {
	c := &layoutChecker{s: s, ids: map[int]bool{}, window: true, floating: map[int]bool{}}
	if err := c.checksum(); err != nil {
		return nil, err
	}
	root, err := c.cell(0)
	if err != nil {
		return nil, err
	}
	var section []*layoutNode
	if c.i < len(s) && s[c.i] == '<' {
		if !v.FloatingPanes() {
			return nil, c.fail("has a floating-pane section at byte %d, which tmux %s never prints: floating panes are new in 3.7", c.i, v)
		}
		if section, err = c.floatingSection(); err != nil {
			return nil, err
		}
	}
	if c.i < len(s) {
		return nil, c.fail("has trailing text at byte %d", c.i)
	}
	if err := c.matchFloating(root, section); err != nil {
		return nil, err
	}
	if c.hasTiled(root) && (root.x != 0 || root.y != 0) {
		return nil, c.fail("has its outer cell %s at %d,%d, not at 0,0", root.head, root.x, root.y)
	}
	if err := c.checkCell(root); err != nil {
		return nil, err
	}
	l := &Layout{Root: c.toCell(root)}
	for _, n := range section {
		l.Floating = append(l.Floating, c.toCell(n))
	}
	if back := l.String(); back != s {
		return nil, c.fail("is not spelled as tmux writes layouts: it means %s", Quote(back))
	}
	return l, nil
}

// FloatingPanes reports whether tmux v has floating panes (new-pane,
// #{pane_floating_flag}, #{pane_z} and the "<…>" layout section): 3.7 and
// later, master included.
func (v Version) FloatingPanes() bool { return v.AtLeast(3, 7) }

// floatingSection parses "<cell,cell,…>" at c.i: panes only, each once.
func (c *layoutChecker) floatingSection() ([]*layoutNode, error) {
	if c.i+1 < len(c.s) && c.s[c.i+1] == '>' {
		return nil, c.fail("has an empty floating-pane section at byte %d; tmux writes none when no pane floats", c.i)
	}
	tree := c.ids
	defer func() { c.ids = tree }()
	c.ids = map[int]bool{}
	var out []*layoutNode
	for {
		c.i++ // past '<' or ','
		start := c.i
		n, err := c.cell(0)
		if err != nil {
			return nil, err
		}
		if n.kind != 0 {
			return nil, c.fail("has a container %s%c in its floating-pane section at byte %d; floating cells are panes", n.head, n.kind, start)
		}
		c.floating[n.id] = true
		out = append(out, n)
		if c.i >= len(c.s) || c.s[c.i] != ',' {
			return out, c.expect('>')
		}
	}
}

// matchFloating checks that each floating cell is also a leaf of the
// tree with the same geometry, as layout_dump writes the same cell twice.
func (c *layoutChecker) matchFloating(root *layoutNode, section []*layoutNode) error {
	leaves := map[int]*layoutNode{}
	var walk func(n *layoutNode)
	walk = func(n *layoutNode) {
		if n.kind == 0 {
			leaves[n.id] = n
		}
		for _, k := range n.kids {
			walk(k)
		}
	}
	walk(root)
	for _, f := range section {
		t, ok := leaves[f.id]
		switch {
		case !ok:
			return c.fail("lists pane %d as floating, but its tree has no such pane", f.id)
		case t.head != f.head:
			return c.fail("has floating pane %d at %s in its tree but at %s in its floating-pane section", f.id, t.head, f.head)
		}
	}
	return nil
}

// hasTiled reports whether n is or holds a tiled pane
// (layout_cell_is_tiled, layout_cell_has_tiled_child in layout.c).
func (c *layoutChecker) hasTiled(n *layoutNode) bool {
	if n.kind == 0 {
		return !c.floating[n.id]
	}
	for _, k := range n.kids {
		if c.hasTiled(k) {
			return true
		}
	}
	return false
}

// tiledKids is n's children that hold tiled panes, the ones that tile n
// (layout_fix_offsets1 skips the rest); the others are checked for size.
func (c *layoutChecker) tiledKids(n *layoutNode) ([]*layoutNode, error) {
	var tiled []*layoutNode
	for _, k := range n.kids {
		if c.hasTiled(k) {
			tiled = append(tiled, k)
		} else if err := c.checkCell(k); err != nil {
			return nil, err
		}
	}
	return tiled, nil
}

func (c *layoutChecker) toCell(n *layoutNode) LayoutCell {
	out := LayoutCell{Rect: Rect{Left: n.x, Top: n.y, Width: n.w, Height: n.h}, Kind: LayoutKind(n.kind)}
	if n.kind == 0 {
		out.Pane, out.Floating = n.id, c.floating[n.id]
	}
	for _, k := range n.kids {
		out.Cells = append(out.Cells, c.toCell(k))
	}
	return out
}

// CheckLayoutTarget refuses to give window w a layout string (a custom
// layout for select-layout, as CheckLayout checks it) while any of its
// panes floats. tmux takes such a string when its cells count the
// floating panes too (layout_parse counts window_count_panes(w, 1)), and
// then hands the cells out in pane-list order to every pane alike
// (layout_assign): the floating panes come out tiled, a modal one stays
// modal while tiled (break-pane and join-pane then refuse it as "pane is
// modal", and new-pane -O finds the window "already has a modal pane"),
// and select-layout -o cannot go back, since the layout it saved has a
// "<…>" section. On master, named layouts (tiled, even-horizontal, …)
// keep floating panes floating (layout_set_link_floating in layout-set.c);
// on 3.7c they tile them too.
func CheckLayoutTarget(w *Window) error {
	var ids []string
	for _, p := range w.FloatingPanes() {
		ids = append(ids, string(p.ID))
	}
	if len(ids) == 0 {
		return nil
	}
	return &Error{Kind: KindInvalidInput, Value: string(w.ID), Message: fmt.Sprintf("window %s has floating panes (%s): a layout string would tile them, so it takes none", w.ID, strings.Join(ids, ", "))}
}
