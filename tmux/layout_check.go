package tmux

import (
	"strconv"
	"strings"
)

// CheckLayout stands between a layout string from a person or an MCP
// agent and `select-layout`. tmux's own checks (layout_parse and friends
// in layout-custom.c) are too weak to lean on: the 3.7c server crashes on
// a malformed string with a good checksum ("80x24,0,0{,}": its
// layout_construct lacks a NULL check), and every version takes trees
// that break later (see checkCell). So the rules here are tmux's grammar
// and sizes, plus what every tree tmux itself writes satisfies.

// LayoutShape is what a valid layout string describes: the window's size
// and how many panes (leaf cells) it lays out.
type LayoutShape struct{ Width, Height, Panes int }

// LayoutChecksum is tmux's checksum of a layout body (the text after
// "xxxx,"): layout_checksum in layout-custom.c, a 16-bit rotate right and
// add per byte, printed as %04x. tmux adds each byte as a C char, which is
// signed on amd64, so bytes above 0x7f count as negative; they cannot
// appear in a valid layout, so this matters only for reporting garbage.
func LayoutChecksum(body string) uint16 {
	var c uint16
	for i := 0; i < len(body); i++ {
		c = c>>1 | c<<15
		c += uint16(int8(body[i]))
	}
	return c
}

// CheckLayout accepts s only if tmux's layout grammar parses it, its
// checksum matches, and its geometry is possible: the tree is what
// layout_dump would write for some window of the returned shape, without
// floating panes. Errors are KindInvalidInput and say what is wrong.
func CheckLayout(s string) (LayoutShape, error) {
	c := &layoutReader{s: s, strict: true, cells: map[int]Rect{}}
	if err := c.checksum(); err != nil {
		return LayoutShape{}, err
	}
	root, err := c.cell(0)
	if err != nil {
		return LayoutShape{}, err
	}
	if c.i < len(s) {
		if s[c.i] == '<' {
			// 3.7+ print floating panes as "<cell,...>" after the tree
			// (layout_dump), but layout_parse stops at the tree and
			// refuses the rest ("invalid layout"), so no string with
			// this section can be applied.
			return LayoutShape{}, c.fail("has a floating-pane section at byte %d: select-layout refuses floating panes (tmux 3.7 and later print them, but cannot apply them)", c.i)
		}
		return LayoutShape{}, c.fail("has trailing text at byte %d", c.i)
	}
	if root.Left != 0 || root.Top != 0 {
		return LayoutShape{}, c.fail("has its outer cell %s at %d,%d, not at 0,0", root.head, root.Left, root.Top)
	}
	if err := c.checkCell(root); err != nil {
		return LayoutShape{}, err
	}
	return LayoutShape{Width: root.Width, Height: root.Height, Panes: len(c.cells)}, nil
}

// checksum checks the "xxxx," that starts c.s against the text after
// it, as layout_parse does, and leaves c.i after the comma.
func (c *layoutReader) checksum() error {
	s := c.s
	if len(s) < 5 || s[4] != ',' || !isHex4(s[:4]) {
		return c.fail(`does not start with a checksum: four hex digits and a comma, as in "b25e,80x24,0,0,1"`)
	}
	want, _ := strconv.ParseUint(s[:4], 16, 16) // %hx: either case
	if got := LayoutChecksum(s[5:]); uint16(want) != got {
		return c.fail("has checksum %s but its text sums to %04x", s[:4], got)
	}
	c.i = 5
	return nil
}

func isHex4(s string) bool {
	for i := 0; i < len(s); i++ {
		if !strings.ContainsRune("0123456789abcdefABCDEF", rune(s[i])) {
			return false
		}
	}
	return true
}

// checkCell checks n's geometry as layout_check does, and more: sizes of
// at least 1, offsets as layout_fix_offsets would set them (tmux ignores
// the offsets it reads and recomputes them), the outer cell's size
// matching its children (layout_parse quietly resizes a wrong one), and
// at least two children per container. tmux parses a container of one,
// but layout_destroy_cell (layout.c) cannot close its last pane: killing
// that pane crashes the 3.2a to 3.6b servers, and 3.7c and master then
// print a layout with unbalanced brackets.
func (c *layoutReader) checkCell(n *layoutCell) error {
	if n.Width < 1 || n.Height < 1 {
		return c.fail("has cell %s with a zero size; panes are at least 1x1", n.head)
	}
	if n.kind == 0 {
		return nil
	}
	kids := n.kids
	if len(kids) < 2 {
		return c.fail("has container %s%c with one child; tmux needs two or more to close its panes safely", n.head, n.kind)
	}
	// Along is the axis the children are laid out on, across the other.
	lr := n.kind == '{'
	along := func(k *layoutCell) (size, off, crossSize, crossOff int) {
		if lr {
			return k.Width, k.Left, k.Height, k.Top
		}
		return k.Height, k.Top, k.Width, k.Left
	}
	size, off, crossSize, crossOff := along(n)
	word, cross, axis, crossAxis := "wide", "high", "x", "y"
	if !lr {
		word, cross, axis, crossAxis = "high", "wide", "y", "x"
	}
	sum, parts := len(kids)-1, make([]string, len(kids))
	for i, k := range kids {
		ks, _, kc, _ := along(k)
		if kc != crossSize {
			return c.fail("has child %s of %s %d %s, not %d like its parent", k.head, n.head, kc, cross, crossSize)
		}
		sum += ks
		parts[i] = strconv.Itoa(ks)
	}
	if sum != size {
		return c.fail("has children of %s %s %s plus %d border(s), %d in all, not %d", n.head, word, strings.Join(parts, "+"), len(kids)-1, sum, size)
	}
	next := off
	for i, k := range kids {
		ks, ko, _, kco := along(k)
		switch {
		case kco != crossOff:
			return c.fail("has child %s of %s at %s=%d, not at its parent's %s=%d", k.head, n.head, crossAxis, kco, crossAxis, crossOff)
		case ko != next && i == 0:
			return c.fail("has child %s of %s at %s=%d, not at its parent's %s=%d", k.head, n.head, axis, ko, axis, next)
		case ko < next:
			return c.fail("has overlapping cells %s and %s: the second should start at %s=%d", kids[i-1].head, k.head, axis, next)
		case ko > next:
			return c.fail("has a gap between cells %s and %s: the second should start at %s=%d", kids[i-1].head, k.head, axis, next)
		}
		next += ks + 1
		if err := c.checkCell(k); err != nil {
			return err
		}
	}
	return nil
}
