package tmuxctl_test

import (
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmuxctl"
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
	srv, c := newClient(t, tmuxctl.Env{})
	twin := tmuxtest.Start(t, 0, 0)
	ids := mainVertical(t, srv)
	tids := mainVertical(t, twin)
	flags := map[tmuxctl.Direction]string{tmuxctl.DirUp: "-U", tmuxctl.DirDown: "-D", tmuxctl.DirLeft: "-L", tmuxctl.DirRight: "-R", tmuxctl.DirLast: "-l"}
	walk := []tmuxctl.Direction{
		tmuxctl.DirRight, tmuxctl.DirDown, tmuxctl.DirDown, tmuxctl.DirLeft, tmuxctl.DirRight,
		tmuxctl.DirUp, tmuxctl.DirUp, tmuxctl.DirUp, tmuxctl.DirLeft, tmuxctl.DirLeft, tmuxctl.DirRight,
		tmuxctl.DirLast, tmuxctl.DirLast, tmuxctl.DirDown, tmuxctl.DirRight,
	}
	srv.Must("select-pane", "-t", ids[0])
	twin.Must("select-pane", "-t", tids[0])
	for step, d := range walk {
		from := srv.Active(ids[0])
		got, err := c.SelectPane(ctx(t), tmuxctl.PaneID(from), d)
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
