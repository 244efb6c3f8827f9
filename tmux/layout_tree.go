package tmux

// LayoutNode is a cell of a layout string's tree, for code outside this
// package that reads a layout's shape or builds one (the named layouts):
// a pane (Split 0, with its number) or a container of Children laid out
// along Split, '{' left to right or '[' top to bottom.
type LayoutNode struct {
	Rect
	Split    byte
	Pane     int // a pane's number (the digits of its %id)
	Children []*LayoutNode
}

// ParseLayoutTree reads s as ParseLayout does and returns its tiled tree:
// the cells of the panes its "<…>" section lists (tmux 3.7+: floating
// panes, which take no room in the tree) are left out, and a container
// left with one cell is that cell. It fails when s has no tiled pane.
func ParseLayoutTree(s string) (*LayoutNode, error) {
	_, root, err := parseLayoutTree(s)
	if err != nil {
		return nil, err
	}
	floats, err := floatingIDs(s)
	if err != nil {
		return nil, err
	}
	if root = withoutPanes(root, func(id int) bool { return floats[id] }); root == nil {
		return nil, &Error{Kind: KindInvalidInput, Value: s, Message: "layout " + Quote(s) + " has no tiled pane"}
	}
	return root.node(), nil
}

func (c *layoutCell) node() *LayoutNode {
	n := &LayoutNode{Rect: c.Rect, Split: c.kind, Pane: c.id}
	for _, k := range c.kids {
		n.Children = append(n.Children, k.node())
	}
	return n
}

func (n *LayoutNode) cell() *layoutCell {
	c := &layoutCell{Rect: n.Rect, kind: n.Split, id: n.Pane}
	for _, k := range n.Children {
		c.kids = append(c.kids, k.cell())
	}
	return c
}

// String is the tree under n as tmux prints a layout (layout_dump), led
// by its checksum, with its cells' offsets set as tmux lays them out
// from 0,0 (layout_fix_offsets) whatever n's say: only their sizes and
// the tree's shape count. CheckLayout says whether tmux can apply it.
func (n *LayoutNode) String() string {
	c := n.cell()
	c.place(0, 0)
	return dumpLayout(c)
}

// Leaves are the pane cells under n in the order select-layout deals
// them out to the window's panes (layout_assign, depth first): the
// order of their pane indexes.
func (n *LayoutNode) Leaves() []*LayoutNode {
	if n.Split == 0 {
		return []*LayoutNode{n}
	}
	var out []*LayoutNode
	for _, k := range n.Children {
		out = append(out, k.Leaves()...)
	}
	return out
}
