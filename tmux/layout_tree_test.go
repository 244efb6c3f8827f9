package tmux_test

import (
	"slices"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// TestLayoutTreeRoundTrip: a layout tmux printed comes back byte for
// byte through ParseLayoutTree and String; one with floating panes comes
// back as its tiled part, which select-layout takes (CheckLayout) and
// which has every tiled pane of the window.
func TestLayoutTreeRoundTrip(t *testing.T) {
	t.Parallel()
	for _, s := range tmuxLayouts {
		n, err := tmux.ParseLayoutTree(s)
		if err != nil {
			t.Fatalf("ParseLayoutTree(%q): %v", s, err)
		}
		if got := n.String(); got != s {
			t.Errorf("ParseLayoutTree(%q).String() = %q", s, got)
		}
	}
	for _, s := range floatingLayouts {
		fl, err := tmux.CheckFloatingLayout(s)
		n, perr := tmux.ParseLayoutTree(s)
		if err != nil {
			if perr == nil {
				t.Errorf("ParseLayoutTree(%q) = %q, of a layout CheckFloatingLayout refuses (%v)", s, n, err)
			}
			continue
		}
		if perr != nil {
			t.Fatalf("ParseLayoutTree(%q): %v", s, perr)
		}
		shape, err := tmux.CheckLayout(n.String())
		if err != nil || shape.Width != fl.Width || shape.Height != fl.Height || shape.Panes != fl.Panes-len(fl.Floating) {
			t.Errorf("ParseLayoutTree(%q) = %q: %+v, %v; want the %dx%d window's %d tiled panes", s, n, shape, err, fl.Width, fl.Height, fl.Panes-len(fl.Floating))
		}
	}
}

// TestLayoutTreeSetsOffsets: String lays the cells out from 0,0 as tmux
// does, whatever offsets the tree has, so a tree built from sizes alone
// is a layout tmux takes; Leaves are its panes depth first.
func TestLayoutTreeSetsOffsets(t *testing.T) {
	t.Parallel()
	n := &tmux.LayoutNode{Rect: tmux.Rect{Width: 80, Height: 24}, Split: '{', Children: []*tmux.LayoutNode{
		{Rect: tmux.Rect{Width: 40, Height: 24}, Pane: 3},
		{Rect: tmux.Rect{Width: 39, Height: 24}, Split: '[', Children: []*tmux.LayoutNode{
			{Rect: tmux.Rect{Width: 39, Height: 12}, Pane: 1},
			{Rect: tmux.Rect{Width: 39, Height: 11}, Pane: 2},
		}},
	}}
	want := "80x24,0,0{40x24,0,0,3,39x24,41,0[39x12,41,0,1,39x11,41,13,2]}"
	if got := n.String(); got != withSum(want) {
		t.Errorf("String() = %q, want %q", got, withSum(want))
	}
	if _, err := tmux.CheckLayout(n.String()); err != nil {
		t.Error(err)
	}
	var order []int
	for _, l := range n.Leaves() {
		order = append(order, l.Pane)
	}
	if !slices.Equal(order, []int{3, 1, 2}) {
		t.Errorf("Leaves() are panes %v, want 3, 1, 2", order)
	}
}
