package layouts

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// withSum prefixes a layout body with its checksum, as tmux prints it.
func withSum(body string) string {
	return fmt.Sprintf("%04x,%s", tmux.LayoutChecksum(body), body)
}

// windowOf is window @1 as tmuxctl would read it with layout s: a pane
// for each of the tree's cells in its order (pane index order), each with
// a title, command and directory of its own (title T<n>, command c<n>,
// directory /d<n> for pane %n), the first active.
func windowOf(t testing.TB, s string) *tmux.Window {
	t.Helper()
	root, err := tmux.ParseLayoutTree(s)
	if err != nil {
		t.Fatalf("ParseLayoutTree(%q): %v", s, err)
	}
	w := &tmux.Window{ID: "@1", Width: root.Width, Height: root.Height, Layout: s}
	for i, n := range root.Leaves() {
		w.Panes = append(w.Panes, tmux.Pane{ID: tmux.PaneID(fmt.Sprintf("%%%d", n.Pane)), Index: i, WindowID: w.ID,
			Left: n.Left, Top: n.Top, Width: n.Width, Height: n.Height, Active: i == 0, DeadStatus: -1,
			Title: fmt.Sprintf("T%d", n.Pane), Command: fmt.Sprintf("c%d", n.Pane), Path: fmt.Sprintf("/d%d", n.Pane)})
	}
	return w
}

// layoutOf saves w as layout "test".
func layoutOf(t testing.TB, w *tmux.Window) *Layout {
	t.Helper()
	l, err := FromWindow("test", w, tmux.Version{Raw: "3.3a", Major: 3, Minor: 3}, testTime)
	if err != nil {
		t.Fatalf("FromWindow(%q): %v", w.Layout, err)
	}
	return l
}

// randomTree is a random layout tree of about panes panes filling a
// width×height window, as tmux would print it: each split runs the other
// way from its parent's, and every cell is at least 1x1. Panes are
// numbered from first, in cell order.
func randomTree(r *rand.Rand, width, height, panes, first int) *tmux.LayoutNode {
	next := first
	var grow func(w, h, panes int, split byte) *tmux.LayoutNode
	grow = func(w, h, panes int, split byte) *tmux.LayoutNode {
		n := &tmux.LayoutNode{Rect: tmux.Rect{Width: w, Height: h}}
		size := w
		if split == '[' {
			size = h
		}
		k := min(panes, 2+r.IntN(3), (size+1)/2)
		if panes < 2 || k < 2 {
			n.Pane = next
			next++
			return n
		}
		n.Split = split
		other := byte('[')
		if split == '[' {
			other = '{'
		}
		// k sizes of at least 1 adding up to size less the borders.
		room := size - (k - 1)
		cuts := []int{0, room}
		for len(cuts) < k+1 {
			c := 1 + r.IntN(room-1)
			dup := false
			for _, x := range cuts {
				dup = dup || x == c
			}
			if !dup {
				cuts = append(cuts, c)
			}
		}
		sortInts(cuts)
		left := panes
		for i := range k {
			share := left / (k - i)
			if i == k-1 {
				share = left
			}
			left -= share
			s := cuts[i+1] - cuts[i]
			if split == '{' {
				n.Children = append(n.Children, grow(s, h, share, other))
			} else {
				n.Children = append(n.Children, grow(w, s, share, other))
			}
		}
		return n
	}
	split := byte('{')
	if r.IntN(2) == 0 {
		split = '['
	}
	return grow(width, height, panes, split)
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// checkPlanLayout checks that p's layout is one tmux takes for w's size
// with a cell for each of p.Order.
func checkPlanLayout(t testing.TB, p *Plan, w *tmux.Window) {
	t.Helper()
	shape, err := tmux.CheckLayout(p.Layout)
	if err != nil {
		t.Fatalf("plan's layout %q: %v", p.Layout, err)
	}
	if shape.Width != w.Width || shape.Height != w.Height || shape.Panes != len(p.Order) {
		t.Fatalf("plan's layout %q is %+v; want %dx%d with %d panes (%v)", p.Layout, shape, w.Width, w.Height, len(p.Order), p.Order)
	}
}
