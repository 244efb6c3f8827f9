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
// read like the others.
func ParseLayout(s string) (map[int]Rect, error) {
	p, _, err := parseLayoutTree(s)
	if err != nil {
		return nil, err
	}
	return p.out, nil
}

// parseLayoutTree reads s as ParseLayout does, and returns its tree too.
func parseLayoutTree(s string) (*layoutParser, *layoutCell, error) {
	p := &layoutParser{s: s, out: map[int]Rect{}}
	// Checksum: four hex digits and a comma.
	if len(s) < 5 || s[4] != ',' {
		return nil, nil, fmt.Errorf("layout %s: no checksum", Quote(s))
	}
	p.i = 5
	root, err := p.cell(0)
	if err != nil {
		return nil, nil, err
	}
	if p.i < len(s) && s[p.i] != '<' {
		return nil, nil, fmt.Errorf("layout %s: trailing text at %d", Quote(s), p.i)
	}
	return p, root, nil
}

// layoutCell is a cell of a layout tree: a pane (kind 0, with its id)
// or a container of kids, kind '{' (left to right) or '[' (top to
// bottom).
type layoutCell struct {
	Rect
	kind byte
	id   int
	kids []*layoutCell
}

type layoutParser struct {
	s   string
	i   int
	out map[int]Rect
}

const maxLayoutDepth = 64

func (p *layoutParser) num() (int, error) {
	start := p.i
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	if start == p.i || p.i-start > 9 {
		return 0, fmt.Errorf("layout %s: number expected at %d", Quote(p.s), start)
	}
	return strconv.Atoi(p.s[start:p.i])
}

// offset is a number that may be negative: a floating pane's cell may
// start outside the window.
func (p *layoutParser) offset() (int, error) {
	if p.i < len(p.s) && p.s[p.i] == '-' {
		p.i++
		n, err := p.num()
		return -n, err
	}
	return p.num()
}

func (p *layoutParser) expect(c byte) error {
	if p.i >= len(p.s) || p.s[p.i] != c {
		return fmt.Errorf("layout %s: %q expected at %d", Quote(p.s), c, p.i)
	}
	p.i++
	return nil
}

func (p *layoutParser) cell(depth int) (*layoutCell, error) {
	if depth > maxLayoutDepth {
		return nil, fmt.Errorf("layout %s: nested too deep", Quote(p.s))
	}
	n := &layoutCell{}
	r := &n.Rect
	var err error
	if r.Width, err = p.num(); err != nil {
		return nil, err
	}
	if err = p.expect('x'); err != nil {
		return nil, err
	}
	if r.Height, err = p.num(); err != nil {
		return nil, err
	}
	if err = p.expect(','); err != nil {
		return nil, err
	}
	if r.Left, err = p.offset(); err != nil {
		return nil, err
	}
	if err = p.expect(','); err != nil {
		return nil, err
	}
	if r.Top, err = p.offset(); err != nil {
		return nil, err
	}
	if p.i >= len(p.s) {
		return nil, fmt.Errorf("layout %s: truncated", Quote(p.s))
	}
	switch p.s[p.i] {
	case ',':
		p.i++
		if n.id, err = p.num(); err != nil {
			return nil, err
		}
		p.out[n.id] = n.Rect
		return n, nil
	case '{', '[':
		n.kind = p.s[p.i]
		closer := byte('}')
		if n.kind == '[' {
			closer = ']'
		}
		p.i++
		for {
			kid, err := p.cell(depth + 1)
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, kid)
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			return n, p.expect(closer)
		}
	}
	return nil, fmt.Errorf("layout %s: unexpected %q at %d", Quote(p.s), p.s[p.i], p.i)
}
