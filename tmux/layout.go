package tmux

import (
	"fmt"
	"strconv"
)

// Rect is a box in cells: its top-left cell and its size. It is a layout
// cell in a window, or a pane's box on the navigator's map (see
// geometry.Scale).
type Rect struct{ Left, Top, Width, Height int }

// ParseLayout reads a tmux layout string ("b25e,80x24,0,0{40x24,0,0,1,...}")
// and returns the geometry of each pane by its number (the digits of its
// %id). tmux 3.7+ may append a floating-pane section starting with '<';
// it is accepted and ignored, and the floating panes' cells in the tree,
// which may start left of or above the window (negative Left or Top), are
// read like the others. It checks the grammar only: CheckLayout is the
// check for a layout to apply.
func ParseLayout(s string) (map[int]Rect, error) {
	cells, _, err := parseLayoutTree(s)
	return cells, err
}

// parseLayoutTree reads s as ParseLayout does, and returns its tree too.
func parseLayoutTree(s string) (map[int]Rect, *layoutCell, error) {
	r := &layoutReader{s: s, cells: map[int]Rect{}}
	if len(s) < 5 || s[4] != ',' {
		return nil, nil, r.fail(`does not start with a checksum: four hex digits and a comma, as in "b25e,80x24,0,0,1"`)
	}
	r.i = 5
	root, err := r.cell(0)
	if err != nil {
		return nil, nil, err
	}
	if r.i < len(s) && s[r.i] != '<' {
		return nil, nil, r.fail("has trailing text at byte %d", r.i)
	}
	return r.cells, root, nil
}

// layoutCell is a cell of a layout tree: a pane (kind 0, with its id)
// or a container of kids, kind '{' (left to right) or '[' (top to
// bottom).
type layoutCell struct {
	Rect
	kind byte
	id   int    // a pane's number (the digits of its %id)
	head string // "WxH,X,Y" as written, to name the cell in messages
	kids []*layoutCell
}

// layoutReader reads tmux's layout grammar (layout_construct in
// layout-custom.c). strict is CheckLayout's reading, of a string to
// apply: sizes and offsets within tmux's limits and every pane id once.
// Otherwise it reads what tmux prints, floating panes' cells at negative
// offsets included.
type layoutReader struct {
	s      string
	i      int
	strict bool
	cells  map[int]Rect // each pane's cell, by id
}

const (
	maxLayoutDepth = 64
	// maxLayoutSize caps sizes and offsets: WINDOW_MAXIMUM in tmux.h.
	maxLayoutSize = 10000
	// maxLayoutID caps pane ids (the digits of %id), which grow for the
	// life of a server and so may pass maxLayoutSize; 9 digits fit tmux's
	// u_int.
	maxLayoutID = 999999999
)

func (r *layoutReader) fail(format string, args ...any) error {
	return &Error{Kind: KindInvalidInput, Value: r.s, Message: fmt.Sprintf("layout %s ", Quote(r.s)) + fmt.Sprintf(format, args...)}
}

// found names what is at byte i, for "expected X at byte i, found Y".
func (r *layoutReader) found() string {
	if r.i >= len(r.s) {
		return "the end"
	}
	if b := r.s[r.i]; b >= 0x80 {
		return fmt.Sprintf("byte 0x%02x", b)
	}
	return strconv.QuoteRune(rune(r.s[r.i]))
}

// num reads a decimal number no larger than max. tmux reads numbers with
// sscanf but steps over them with isdigit, so only plain digits count.
func (r *layoutReader) num(max int) (int, error) {
	start := r.i
	for r.i < len(r.s) && r.s[r.i] >= '0' && r.s[r.i] <= '9' {
		r.i++
	}
	if start == r.i {
		return 0, r.fail("expects a number at byte %d, found %s", start, r.found())
	}
	digits := r.s[start:r.i]
	n, err := strconv.Atoi(digits)
	// What tmux prints has no leading zeros: 9 digits fit any number.
	if err != nil || n > max || !r.strict && len(digits) > 9 {
		if len(digits) > 12 {
			digits = digits[:12] + "…"
		}
		return 0, r.fail("has %s at byte %d, over the limit of %d", digits, start, max)
	}
	return n, nil
}

// offset is a cell's X or Y: a number, which a floating pane's cell, as
// tmux prints it, may have negative.
func (r *layoutReader) offset() (int, error) {
	if r.strict {
		return r.num(maxLayoutSize)
	}
	if r.i < len(r.s) && r.s[r.i] == '-' {
		r.i++
		n, err := r.num(maxLayoutID)
		return -n, err
	}
	return r.num(maxLayoutID)
}

func (r *layoutReader) expect(b byte) error {
	if r.i >= len(r.s) || r.s[r.i] != b {
		return r.fail("expects %q at byte %d, found %s", b, r.i, r.found())
	}
	r.i++
	return nil
}

// cell reads WxH,X,Y followed by ,ID (a pane) or by {cells} or [cells]
// (layout_construct). tmux also takes a pane without an id, and ignores
// the ids it reads (layout_assign hands out the cells in pane-list
// order), but it never writes a missing or repeated id, and ParseLayout's
// map would lose a pane to either, so a missing one is refused, and in a
// strict reading a repeated one too.
func (r *layoutReader) cell(depth int) (*layoutCell, error) {
	if depth > maxLayoutDepth {
		return nil, r.fail("nests cells more than %d deep", maxLayoutDepth)
	}
	size := maxLayoutSize
	if !r.strict {
		size = maxLayoutID
	}
	dim := func() (int, error) { return r.num(size) }
	n := &layoutCell{}
	start := r.i
	for _, f := range []struct {
		v    *int
		read func() (int, error)
		sep  byte
	}{{&n.Width, dim, 'x'}, {&n.Height, dim, ','}, {&n.Left, r.offset, ','}, {&n.Top, r.offset, 0}} {
		v, err := f.read()
		if err != nil {
			return nil, err
		}
		*f.v = v
		if f.sep != 0 {
			if err := r.expect(f.sep); err != nil {
				return nil, err
			}
		}
	}
	n.head = r.s[start:r.i]
	if r.i < len(r.s) && (r.s[r.i] == '{' || r.s[r.i] == '[') {
		return n, r.children(n, depth)
	}
	if r.i >= len(r.s) || r.s[r.i] != ',' {
		return nil, r.fail("expects a pane id, '{' or '[' after cell %s at byte %d, found %s", n.head, r.i, r.found())
	}
	r.i++
	at := r.i
	var err error
	if n.id, err = r.num(maxLayoutID); err != nil {
		return nil, err
	}
	if r.i < len(r.s) && r.s[r.i] == 'x' {
		return nil, r.fail("has no pane id for cell %s at byte %d", n.head, start)
	}
	if _, seen := r.cells[n.id]; seen && r.strict {
		return nil, r.fail("names pane %d twice (again at byte %d)", n.id, at)
	}
	r.cells[n.id] = n.Rect
	return n, nil
}

// children reads the bracketed list of a container at r.i.
func (r *layoutReader) children(n *layoutCell, depth int) error {
	n.kind = r.s[r.i]
	closer := byte('}')
	if n.kind == '[' {
		closer = ']'
	}
	for {
		r.i++ // the opening bracket or a comma
		kid, err := r.cell(depth + 1)
		if err != nil {
			return err
		}
		n.kids = append(n.kids, kid)
		if r.i >= len(r.s) || r.s[r.i] != ',' {
			return r.expect(closer)
		}
	}
}
