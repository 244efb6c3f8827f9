package tmux

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// StandInLayout is what lets a restore on tmux 3.8 give a window whose
// panes partly float its tiled cells back exactly. select-layout refuses
// a "<…>" section; it takes a tree with a cell for every pane, floating
// ones included (layout_parse counts them), deals the cells out in the
// window's pane order (layout_assign) and tiles every pane. So the
// layout returned is want's tiled tree (layout, want's
// #{window_layout}, without its floating cells) with a stand-in cell, one
// cell across, for each pane floating in panes (want's panes), beside
// the cell of the pane before it in pane order. Each stand-in takes its
// room and a border from the sibling that break-pane -W hands them back
// to (layout_remove_tile gives them to layout_cell_get_neighbour: the
// next tiled sibling, else the previous one). Floating the returned
// panes in the reverse of their order puts each tree back as it was
// before its stand-in came, so the tiled cells end as want has them.
//
// tmux keeps a floating pane's cell in its tree, beside the pane it was
// made from; these come back beside the pane before them in pane order
// instead, since select-layout deals cells in that order. Only where a
// pane was floated the two differ, and nothing shows it: those cells
// take no room.
//
// A cell of a pane that panes does not list is left out: the layout is
// for the window without it (a pane killed first).
//
// It fails, and the caller keeps its way, when a stand-in would take
// room from a container (tmux shares it out among its cells), or from a
// pane too small to give it, or when want's tiled cells are not in its
// pane order.
func StandInLayout(layout string, panes []Pane) (string, []PaneID, error) {
	_, root, err := parseLayoutTree(layout)
	if err != nil {
		return "", nil, err
	}
	floating := map[int]bool{}
	for _, p := range panes {
		floating[p.ID.Num()] = p.Floating
	}
	// The cells of floating panes go, and of panes not listed.
	if root = withoutPanes(root, func(id int) bool { f, listed := floating[id]; return f || !listed }); root == nil {
		return "", nil, errors.New("no tiled pane to stand beside")
	}
	order := slices.SortedStableFunc(slices.Values(panes), func(a, b Pane) int { return cmp.Compare(a.Index, b.Index) })
	var tiled []int
	for _, p := range order {
		if !p.Floating {
			tiled = append(tiled, p.ID.Num())
		}
	}
	if !slices.Equal(leafIDs(root, nil), tiled) {
		return "", nil, errors.New("the tiled cells are not in pane order")
	}
	t := &standIns{root: root, donor: map[*layoutCell]*layoutCell{}}
	var prev *layoutCell // the cell of the pane before, in pane order
	var floated []PaneID
	for _, p := range order {
		if !p.Floating {
			prev = t.leaf(t.root, p.ID.Num())
			continue
		}
		if prev, err = t.add(prev, p.ID.Num()); err != nil {
			return "", nil, fmt.Errorf("pane %s: %w", p.ID, err)
		}
		floated = append(floated, p.ID)
	}
	t.root.place(0, 0)
	out := dumpLayout(t.root)
	shape, err := CheckLayout(out)
	if err != nil {
		return "", nil, fmt.Errorf("stand-in layout: %w", err)
	}
	if shape.Panes != len(panes) {
		return "", nil, fmt.Errorf("stand-in layout %s has %d cells for %d panes", Quote(out), shape.Panes, len(panes))
	}
	return out, floated, nil
}

// withoutPanes is n without the cells of the panes drop says, which are
// floating ones and take no room: a container left with one cell is
// that cell, with none is gone.
func withoutPanes(n *layoutCell, drop func(id int) bool) *layoutCell {
	if n.kind == 0 {
		if drop(n.id) {
			return nil
		}
		return n
	}
	var kids []*layoutCell
	for _, k := range n.kids {
		if k = withoutPanes(k, drop); k != nil {
			kids = append(kids, k)
		}
	}
	switch len(kids) {
	case 0:
		return nil
	case 1:
		return kids[0]
	}
	n.kids = kids
	return n
}

func leafIDs(n *layoutCell, ids []int) []int {
	if n.kind == 0 {
		return append(ids, n.id)
	}
	for _, k := range n.kids {
		ids = leafIDs(k, ids)
	}
	return ids
}

// standIns is a tree being given stand-in cells; donor records the cell
// each stand-in took its room from.
type standIns struct {
	root  *layoutCell
	donor map[*layoutCell]*layoutCell
}

func (t *standIns) leaf(n *layoutCell, id int) *layoutCell {
	if n.kind == 0 {
		if n.id == id {
			return n
		}
		return nil
	}
	for _, k := range n.kids {
		if l := t.leaf(k, id); l != nil {
			return l
		}
	}
	return nil
}

// parent is n's container and n's place in it; the root has none.
func (t *standIns) parent(n *layoutCell) (*layoutCell, int) {
	var find func(c *layoutCell) (*layoutCell, int)
	find = func(c *layoutCell) (*layoutCell, int) {
		for i, k := range c.kids {
			if k == n {
				return c, i
			}
			if p, j := find(k); p != nil {
				return p, j
			}
		}
		return nil, 0
	}
	return find(t.root)
}

// add puts pane id's stand-in after cell prev, or before the first cell
// when prev is nil, and returns it.
func (t *standIns) add(prev *layoutCell, id int) (*layoutCell, error) {
	anchor, after := prev, true
	if anchor == nil {
		anchor, after = t.root, false
		for anchor.kind != 0 {
			anchor = anchor.kids[0]
		}
	}
	c, i := t.parent(anchor)
	if c == nil {
		// The root is one pane: tmux wraps it top to bottom to float
		// a pane beside it (layout_floating_pane).
		c = &layoutCell{Rect: anchor.Rect, kind: '[', kids: []*layoutCell{anchor}}
		t.root = c
	}
	at := i
	if after {
		at++
	}
	s := &layoutCell{kind: 0, id: id}
	c.kids = slices.Insert(c.kids, at, s)
	d := at - 1 // the neighbour tmux hands the room back to
	if at+1 < len(c.kids) {
		d = at + 1
	}
	donor := c.kids[d]
	t.donor[s] = donor
	for t.donor[donor] != nil { // a stand-in passes on what it was given
		donor = t.donor[donor]
	}
	if donor.kind != 0 {
		return nil, errors.New("its room would come from a container")
	}
	if c.kind == '{' {
		s.Width, s.Height = 1, c.Height
		donor.Width -= 2
		if donor.Width < 1 {
			return nil, errors.New("no pane beside it is wide enough")
		}
	} else {
		s.Width, s.Height = c.Width, 1
		donor.Height -= 2
		if donor.Height < 1 {
			return nil, errors.New("no pane beside it is high enough")
		}
	}
	return s, nil
}

// place sets n's offsets to x,y and its cells' as tmux lays them out
// (layout_fix_offsets).
func (n *layoutCell) place(x, y int) {
	n.Left, n.Top = x, y
	for _, k := range n.kids {
		k.place(x, y)
		if n.kind == '{' {
			x += k.Width + 1
		} else {
			y += k.Height + 1
		}
	}
}

// dumpLayout prints the tree under n as layout_dump does, led by its
// checksum.
func dumpLayout(n *layoutCell) string {
	var b strings.Builder
	n.write(&b)
	return fmt.Sprintf("%04x,%s", LayoutChecksum(b.String()), b.String())
}

// write prints n as layout_dump does.
func (n *layoutCell) write(b *strings.Builder) {
	fmt.Fprintf(b, "%dx%d,%d,%d", n.Width, n.Height, n.Left, n.Top)
	if n.kind == 0 {
		fmt.Fprintf(b, ",%d", n.id)
		return
	}
	b.WriteByte(n.kind)
	for i, k := range n.kids {
		if i > 0 {
			b.WriteByte(',')
		}
		k.write(b)
	}
	if n.kind == '{' {
		b.WriteByte('}')
	} else {
		b.WriteByte(']')
	}
}
