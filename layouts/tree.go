package layouts

import (
	"math"
	"sort"

	"github.com/panemap/panemap/tmux"
)

// cell is a cell of the tree a plan fits to a window: a slot's, an extra
// pane's (slot -1), or a split of cells.
type cell struct {
	split string
	share float64 // of the room its parent's children share
	cells int     // its size along the parent's split when saved, 0 when not known
	slot  int
	pane  tmux.PaneID // the pane that goes there, "" for one Create makes
	kids  []*cell
	box   tmux.Rect // where it lands, set by fit
}

// cellsOf is a copy of n's tree, each slot's pane given by paneOf.
func cellsOf(n *Node, paneOf func(slot int) tmux.PaneID) *cell {
	c := &cell{split: n.Split, share: n.Share, cells: n.Cells, slot: n.Slot}
	if n.Split == "" {
		c.pane = paneOf(n.Slot)
		return c
	}
	for _, k := range n.Children {
		c.kids = append(c.kids, cellsOf(k, paneOf))
	}
	return c
}

// leaves are the slots' cells under c in reading order (tmux's cell
// order, depth first).
func (c *cell) leaves(out []*cell) []*cell {
	if c.split == "" {
		return append(out, c)
	}
	for _, k := range c.kids {
		out = k.leaves(out)
	}
	return out
}

// parentOf is the split that holds c under root, and c's place in it.
func (c *cell) parentOf(root *cell) (*cell, int) {
	for i, k := range root.kids {
		if k == c {
			return root, i
		}
		if p, j := c.parentOf(k); p != nil {
			return p, j
		}
	}
	return nil, 0
}

// drop takes leaf c out of the tree under root and gives its room to a
// neighbour, as tmux does when a pane closes (layout_destroy_cell): the
// cell before it, else the one after, or from tmux 3.8 (afterFirst) the
// cell after it, else the one before (layout_cell_get_neighbour), gets
// its size and the border between them; a split left with one cell is
// that cell. It returns the root, which changes when the root's split
// goes.
func drop(root, c *cell, afterFirst bool) *cell {
	p, i := c.parentOf(root)
	n := i - 1
	if afterFirst && i+1 < len(p.kids) || i == 0 {
		n = i + 1
	}
	to := p.kids[n]
	to.share += c.share
	if to.cells > 0 && c.cells > 0 {
		to.cells += c.cells + 1
	} else {
		to.cells = 0
	}
	p.kids = append(p.kids[:i:i], p.kids[i+1:]...)
	if len(p.kids) > 1 {
		return root
	}
	only := p.kids[0]
	only.share, only.cells = p.share, p.cells
	if p == root {
		only.share, only.cells = 1, 0
		return only
	}
	gp, j := p.parentOf(root)
	gp.kids[j] = only
	return root
}

// splitFor makes room for extra panes in leaf c (laid out at c.box):
// c and one cell for each, side by side when c is wide (a cell is about
// twice as high as wide) and fits them, else stacked, with equal shares.
// Where c's split runs the same way they join it, as a split-window
// beside c would. It returns the root.
func splitFor(root, c *cell, extra []tmux.PaneID) *cell {
	n := len(extra) + 1
	split := SplitV
	if c.box.Width >= 2*c.box.Height && c.box.Width >= 2*n-1 || c.box.Height < 2*n-1 {
		split = SplitH
	}
	kids := []*cell{{slot: c.slot, pane: c.pane, share: 1 / float64(n)}}
	for _, id := range extra {
		kids = append(kids, &cell{slot: -1, pane: id, share: 1 / float64(n)})
	}
	p, i := c.parentOf(root)
	switch {
	case p != nil && p.split == split:
		for _, k := range kids {
			k.share *= c.share
		}
		for _, k := range p.kids {
			k.cells = 0 // the saved sizes no longer add up
		}
		p.kids = append(p.kids[:i:i], append(kids, p.kids[i+1:]...)...)
	default:
		*c = cell{split: split, share: c.share, cells: c.cells, kids: kids}
	}
	return root
}

// minSize is the fewest cells c needs along split "h" (columns) or "v"
// (rows): a pane one cell, cells side by side their sum and the borders
// between them.
func (c *cell) minSize(split string) int {
	if c.split == "" {
		return 1
	}
	sum, most := len(c.kids)-1, 0
	for _, k := range c.kids {
		m := k.minSize(split)
		sum += m
		most = max(most, m)
	}
	if c.split == split {
		return sum
	}
	return most
}

// fit lays the tree under c out in box: each split's room (its size less
// one border between each two cells) shared out by the shares with the
// largest remainder method, each cell getting at least the cells it
// needs. Where the saved sizes fill the room exactly (the window is the
// size it was saved at) they are used as they are, so the layout comes
// back cell for cell. The caller has checked that box is at least
// minSize each way.
func (c *cell) fit(box tmux.Rect) {
	c.box = box
	if c.split == "" {
		return
	}
	total := along(c.split, box)
	sizes := divide(c.kids, total-len(c.kids)+1, c.split)
	at := box
	for i, k := range c.kids {
		kb := at
		if c.split == SplitH {
			kb.Width = sizes[i]
			at.Left += sizes[i] + 1
		} else {
			kb.Height = sizes[i]
			at.Top += sizes[i] + 1
		}
		k.fit(kb)
	}
}

// divide divides room among kids along split by their shares.
func divide(kids []*cell, room int, split string) []int {
	mins := make([]int, len(kids))
	saved, exact := 0, true
	for i, k := range kids {
		mins[i] = k.minSize(split)
		saved += k.cells
		exact = exact && k.cells >= mins[i]
	}
	sizes := make([]int, len(kids))
	if exact && saved == room {
		for i, k := range kids {
			sizes[i] = k.cells
		}
		return sizes
	}
	// A cell whose share would give it less than it needs gets what it
	// needs, and the others share the rest, until every share suffices.
	fixed := make([]bool, len(kids))
	var ideal []float64
	for again := true; again; {
		again = false
		avail, sum := float64(room), 0.0
		for i, k := range kids {
			if fixed[i] {
				avail -= float64(mins[i])
			} else {
				sum += k.share
			}
		}
		ideal = make([]float64, len(kids))
		for i, k := range kids {
			if fixed[i] {
				continue
			}
			if ideal[i] = k.share * avail / sum; ideal[i] < float64(mins[i]) {
				fixed[i], again = true, true
			}
		}
	}
	left := room
	var order []int
	for i := range kids {
		if fixed[i] {
			sizes[i] = mins[i]
		} else {
			sizes[i] = int(math.Floor(ideal[i]))
			order = append(order, i)
		}
		left -= sizes[i]
	}
	// The cells left over go to the largest remainders, the first cell
	// first among equals.
	sort.SliceStable(order, func(a, b int) bool {
		return ideal[order[a]]-math.Floor(ideal[order[a]]) > ideal[order[b]]-math.Floor(ideal[order[b]])
	})
	for _, i := range order[:left] {
		sizes[i]++
	}
	return sizes
}

// node is the tree under c as a layout string's tree, each pane numbered
// by num.
func (c *cell) node(num func(*cell) int) *tmux.LayoutNode {
	n := &tmux.LayoutNode{Rect: c.box}
	if c.split == "" {
		n.Pane = num(c)
		return n
	}
	n.Split = '{'
	if c.split == SplitV {
		n.Split = '['
	}
	for _, k := range c.kids {
		n.Children = append(n.Children, k.node(num))
	}
	return n
}
