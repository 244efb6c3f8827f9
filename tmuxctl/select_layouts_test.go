package tmuxctl_test

import (
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
)

// mainVertical makes a main-vertical window of five panes (one main pane
// on the left, four stacked on the right) and returns them in index order.
func mainVertical(t *testing.T, srv *tmuxtest.Server) []string {
	t.Helper()
	first := srv.Active("main:0")
	for i := 0; i < 4; i++ {
		srv.Must("split-window", "-t", first)
	}
	srv.Must("select-layout", "-t", first, "main-vertical")
	var ids []string
	for i := 0; i < 5; i++ {
		ids = append(ids, srv.Display("main:0."+string(rune('0'+i)), "#{pane_id}"))
	}
	return ids
}

// TestSelectMainVerticalMatchesTmux replays the same walk on panemap and
// on a twin server driven by tmux alone: every step must land on the pane
// at the same index, including tmux's most-recently-used tie-break when
// the main pane has four neighbours to its right.
func TestSelectMainVerticalMatchesTmux(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	twin := tmuxtest.Start(t, 0, 0)
	ids := mainVertical(t, srv)
	tids := mainVertical(t, twin)
	flags := map[tmux.Direction]string{tmux.DirUp: "-U", tmux.DirDown: "-D", tmux.DirLeft: "-L", tmux.DirRight: "-R", tmux.DirLast: "-l"}
	walk := []tmux.Direction{
		tmux.DirRight, tmux.DirDown, tmux.DirDown, tmux.DirLeft, tmux.DirRight,
		tmux.DirUp, tmux.DirUp, tmux.DirUp, tmux.DirLeft, tmux.DirLeft, tmux.DirRight,
		tmux.DirLast, tmux.DirLast, tmux.DirDown, tmux.DirRight,
	}
	srv.Must("select-pane", "-t", ids[0])
	twin.Must("select-pane", "-t", tids[0])
	for step, d := range walk {
		from := srv.Active(ids[0])
		got, err := c.SelectPane(ctx(t), tmux.PaneID(from), d)
		if err != nil {
			t.Fatalf("step %d %s from %s: %v", step, d, from, err)
		}
		twin.Must("select-pane", "-t", twin.Active(tids[0]), flags[d])
		want := indexOf(tids, twin.Active(tids[0]))
		if idx := indexOf(ids, string(got.ID)); idx != want {
			t.Fatalf("step %d %s: panemap landed on index %d, tmux on %d", step, d, idx, want)
		}
		if srv.Active(ids[0]) != string(got.ID) {
			t.Fatalf("step %d: answer %s is not tmux's active pane %s", step, got.ID, srv.Active(ids[0]))
		}
	}
}
