package tmux

import (
	"fmt"
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

const (
	// maxLayoutSize caps sizes and offsets: WINDOW_MAXIMUM in tmux.h.
	maxLayoutSize = 10000
	// maxLayoutID caps pane ids (the digits of %id), which grow for the
	// life of a server and so may pass maxLayoutSize; 9 digits fit tmux's
	// u_int.
	maxLayoutID = 999999999
)

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

// layoutNode is one parsed cell. kind is 0 for a pane, '{' for a
// left-right container, '[' for a top-bottom one.
type layoutNode struct {
	w, h, x, y int
	kind       byte
	id         int    // a pane's number (the digits of its %id)
	head       string // "WxH,X,Y" as written, to name the cell in messages
	kids       []*layoutNode
}

// CheckLayout accepts s only if tmux's layout grammar parses it, its
// checksum matches, and its geometry is possible: the tree is what
// layout_dump would write for some window of the returned shape, without
// floating panes. Errors are KindInvalidInput and say what is wrong.
func CheckLayout(s string) (LayoutShape, error) {
	c := &layoutChecker{s: s, ids: map[int]bool{}}
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
	if root.x != 0 || root.y != 0 {
		return LayoutShape{}, c.fail("has its outer cell %s at %d,%d, not at 0,0", root.head, root.x, root.y)
	}
	if err := c.checkCell(root); err != nil {
		return LayoutShape{}, err
	}
	return LayoutShape{Width: root.w, Height: root.h, Panes: len(c.ids)}, nil
}

// checksum checks the "xxxx," that starts c.s against the text after
// it, as layout_parse does, and leaves c.i after the comma.
func (c *layoutChecker) checksum() error {
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

type layoutChecker struct {
	s   string
	i   int
	ids map[int]bool // pane ids seen: one per leaf
}

func (c *layoutChecker) fail(format string, args ...any) error {
	return &Error{Kind: KindInvalidInput, Value: c.s, Message: fmt.Sprintf("layout %s ", Quote(c.s)) + fmt.Sprintf(format, args...)}
}

// found names what is at byte i, for "expected X at byte i, found Y".
func (c *layoutChecker) found() string {
	if c.i >= len(c.s) {
		return "the end"
	}
	if b := c.s[c.i]; b >= 0x80 {
		return fmt.Sprintf("byte 0x%02x", b)
	}
	return strconv.QuoteRune(rune(c.s[c.i]))
}

// num reads a decimal number no larger than max. tmux reads numbers with
// sscanf but steps over them with isdigit, so only plain digits count.
func (c *layoutChecker) num(max int) (int, error) {
	start := c.i
	for c.i < len(c.s) && c.s[c.i] >= '0' && c.s[c.i] <= '9' {
		c.i++
	}
	if start == c.i {
		return 0, c.fail("expects a number at byte %d, found %s", start, c.found())
	}
	digits := c.s[start:c.i]
	n, err := strconv.Atoi(digits)
	if err != nil || n > max {
		if len(digits) > 12 {
			digits = digits[:12] + "…"
		}
		return 0, c.fail("has %s at byte %d, over the limit of %d", digits, start, max)
	}
	return n, nil
}

func (c *layoutChecker) expect(b byte) error {
	if c.i >= len(c.s) || c.s[c.i] != b {
		return c.fail("expects %q at byte %d, found %s", b, c.i, c.found())
	}
	c.i++
	return nil
}

// cell parses WxH,X,Y followed by ,ID (a pane) or by {cells} or [cells]
// (layout_construct). tmux also takes a pane without an id, and ignores
// the ids it reads (layout_assign hands out the cells in pane-list
// order), but it never writes a missing or repeated id, and ParseLayout's
// map would lose a pane to either, so both are refused here.
func (c *layoutChecker) cell(depth int) (*layoutNode, error) {
	if depth > maxLayoutDepth {
		return nil, c.fail("nests cells more than %d deep", maxLayoutDepth)
	}
	n := &layoutNode{}
	start := c.i
	for _, f := range []struct {
		v   *int
		sep byte
	}{{&n.w, 'x'}, {&n.h, ','}, {&n.x, ','}, {&n.y, 0}} {
		v, err := c.num(maxLayoutSize)
		if err != nil {
			return nil, err
		}
		*f.v = v
		if f.sep != 0 {
			if err := c.expect(f.sep); err != nil {
				return nil, err
			}
		}
	}
	n.head = c.s[start:c.i]
	if c.i < len(c.s) && (c.s[c.i] == '{' || c.s[c.i] == '[') {
		return n, c.children(n, depth)
	}
	if c.i >= len(c.s) || c.s[c.i] != ',' {
		return nil, c.fail("expects a pane id, '{' or '[' after cell %s at byte %d, found %s", n.head, c.i, c.found())
	}
	c.i++
	at := c.i
	id, err := c.num(maxLayoutID)
	if err != nil {
		return nil, err
	}
	if c.i < len(c.s) && c.s[c.i] == 'x' {
		return nil, c.fail("has no pane id for cell %s at byte %d", n.head, start)
	}
	if c.ids[id] {
		return nil, c.fail("names pane %d twice (again at byte %d)", id, at)
	}
	c.ids[id] = true
	n.id = id
	return n, nil
}

// children parses the bracketed list of a container at c.i.
func (c *layoutChecker) children(n *layoutNode, depth int) error {
	n.kind = c.s[c.i]
	closer := byte('}')
	if n.kind == '[' {
		closer = ']'
	}
	for {
		c.i++ // the opening bracket or a comma
		kid, err := c.cell(depth + 1)
		if err != nil {
			return err
		}
		n.kids = append(n.kids, kid)
		if c.i >= len(c.s) || c.s[c.i] != ',' {
			return c.expect(closer)
		}
	}
}

// checkCell checks n's geometry as layout_check does, and more: sizes of
// at least 1, offsets as layout_fix_offsets would set them (tmux ignores
// the offsets it reads and recomputes them), the outer cell's size
// matching its children (layout_parse quietly resizes a wrong one), and
// at least two children per container. tmux parses a container of one,
// but layout_destroy_cell (layout.c) cannot close its last pane: killing
// that pane crashes the 3.2a to 3.6b servers, and 3.7c and master then
// print a layout with unbalanced brackets.
func (c *layoutChecker) checkCell(n *layoutNode) error {
	if n.w < 1 || n.h < 1 {
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
	along := func(k *layoutNode) (size, off, crossSize, crossOff int) {
		if lr {
			return k.w, k.x, k.h, k.y
		}
		return k.h, k.y, k.w, k.x
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
