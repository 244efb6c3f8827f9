package tmux_test

import (
	"slices"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// TestAdjacentCountsScrollbars: Adjacent reads a pane's columns as
// tmux's select-pane does, its scrollbar included (3.6+): from the
// window's layout cells, here as tmux 3.7c printed them with
// pane-scrollbars on, on the right and on the left of the panes, where
// #{pane_left} and #{pane_width} leave the scrollbar out.
func TestAdjacentCountsScrollbars(t *testing.T) {
	t.Parallel()
	const layout = "6b8b,100x30,0,0{50x30,0,0,0,49x30,51,0,1}"
	for _, c := range []struct {
		name         string
		left, right  tmux.Pane
		wrapsAtRight bool
	}{
		{"scrollbars on the right", tmux.Pane{ID: "%0", Left: 0, Width: 49, Height: 30}, tmux.Pane{ID: "%1", Index: 1, Left: 51, Width: 48, Height: 30}, true},
		{"scrollbars on the left", tmux.Pane{ID: "%0", Left: 1, Width: 49, Height: 30}, tmux.Pane{ID: "%1", Index: 1, Left: 52, Width: 48, Height: 30}, true},
	} {
		w := &tmux.Window{ID: "@1", Width: 100, Height: 30, Layout: layout, Panes: []tmux.Pane{c.left, c.right}}
		if panes, wraps := tmux.Adjacent(w, "%0", tmux.DirRight); !slices.Equal(panes, []tmux.PaneID{"%1"}) || wraps {
			t.Errorf("%s: right of %%0: %v, wraps %v; want [%%1], no wrap", c.name, panes, wraps)
		}
		if panes, wraps := tmux.Adjacent(w, "%1", tmux.DirLeft); !slices.Equal(panes, []tmux.PaneID{"%0"}) || wraps {
			t.Errorf("%s: left of %%1: %v, wraps %v; want [%%0], no wrap", c.name, panes, wraps)
		}
		if panes, wraps := tmux.Adjacent(w, "%1", tmux.DirRight); !slices.Equal(panes, []tmux.PaneID{"%0"}) || wraps != c.wrapsAtRight {
			t.Errorf("%s: right of %%1: %v, wraps %v; want [%%0] by wrapping", c.name, panes, wraps)
		}
		// Without the layout, only the panes' own columns: no pane next
		// to %0 (the case the swap arrow leaves to tmux).
		w.Layout = ""
		if panes, _ := tmux.Adjacent(w, "%0", tmux.DirRight); len(panes) != 0 {
			t.Errorf("%s, no layout: right of %%0: %v, want none", c.name, panes)
		}
	}
}
