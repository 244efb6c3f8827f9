package tmux

import (
	"fmt"
	"strings"
)

// TiledWithout is layout s, a window's #{window_layout} with one floating
// pane (tmux 3.7+), as it is once that pane, numbered pane (the digits of
// its %id), is gone: its leaf taken out of the tree (where tmux keeps it
// beside the pane it was made from, taking no room), a container left with
// one child replaced by that child (tmux wraps a root leaf in one to make
// the floating pane), and the "<…>" section dropped, with the checksum
// made again. select-layout takes it once the pane is killed, when it
// would refuse any layout with a floating section (layout-custom.c,
// layout_parse). It fails when s holds another floating pane, or is not a
// layout CheckLayout takes without that pane.
func TiledWithout(s string, pane int) (string, error) {
	bad := func(why string) error {
		return &Error{Kind: KindInvalidInput, Value: s, Message: fmt.Sprintf("layout %s: %s", Quote(s), why)}
	}
	if len(s) < 5 || s[4] != ',' {
		return "", bad("no checksum")
	}
	tree, floating, ok := strings.Cut(s[5:], "<")
	if !ok || !strings.HasSuffix(floating, ">") {
		return "", bad("no floating pane")
	}
	if want := fmt.Sprintf(",%d>", pane); strings.Count(floating, ",") != 3 || !strings.HasSuffix(floating, want) {
		return "", bad(fmt.Sprintf("floating panes other than %%%d", pane))
	}
	c := &layoutChecker{s: tree, ids: map[int]bool{}}
	root, err := c.cell(0)
	if err != nil {
		return "", err
	}
	if c.i != len(tree) {
		return "", bad("text after the tree")
	}
	if root = withoutLeaf(root, pane); root == nil {
		return "", bad("no pane but the floating one")
	}
	body := dumpCell(root)
	out := fmt.Sprintf("%04x,%s", LayoutChecksum(body), body)
	if _, err := CheckLayout(out); err != nil {
		return "", err
	}
	return out, nil
}

// withoutLeaf is n without pane's leaf; nil when n is that leaf.
func withoutLeaf(n *layoutNode, pane int) *layoutNode {
	if n.kind == 0 {
		if n.id == pane {
			return nil
		}
		return n
	}
	var kids []*layoutNode
	for _, k := range n.kids {
		if k = withoutLeaf(k, pane); k != nil {
			kids = append(kids, k)
		}
	}
	switch len(kids) {
	case 0:
		return nil
	case 1:
		return kids[0]
	}
	c := *n
	c.kids = kids
	return &c
}

// dumpCell writes n as layout_dump does.
func dumpCell(n *layoutNode) string {
	head := fmt.Sprintf("%dx%d,%d,%d", n.w, n.h, n.x, n.y)
	if n.kind == 0 {
		return fmt.Sprintf("%s,%d", head, n.id)
	}
	kids := make([]string, len(n.kids))
	for i, k := range n.kids {
		kids[i] = dumpCell(k)
	}
	closer := "}"
	if n.kind == '[' {
		closer = "]"
	}
	return head + string(n.kind) + strings.Join(kids, ",") + closer
}
