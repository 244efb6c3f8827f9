package tmuxctl_test

import (
	"testing"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestSwapAfterReadKeepsText: the state Act reads right after a swap
// has every pane's command, path and title (the map draws from it; a box
// was once seen without them for a frame after a swap in the demo).
func TestSwapAfterReadKeepsText(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	for i, p := range g {
		srv.Must("select-pane", "-t", p, "-T", "title"+string(rune('a'+i)))
	}
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	pairs := [][2]int{{0, 1}, {1, 3}, {3, 2}, {2, 0}, {0, 3}, {1, 2}}
	for round := 0; round < 5; round++ {
		for _, pr := range pairs {
			op := tmuxctl.Op{Kind: tmuxctl.OpSwap, Pane: tmux.PaneID(g[pr[0]]), With: tmux.PaneID(g[pr[1]])}
			r, err := c.Act(t.Context(), sid, op)
			after := r.After
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range after.Windows {
				for _, p := range w.Panes {
					if p.Command == "" || p.Path == "" || p.Title == "" {
						t.Fatalf("after swapping %s and %s, pane %s has command %q path %q title %q", op.Pane, op.With, p.ID, p.Command, p.Path, p.Title)
					}
				}
			}
		}
	}
}
