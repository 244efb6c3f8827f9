package tmuxctl_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
)

// mainVertical makes a main-vertical window of five panes (one main pane
// on the left, four stacked on the right) and returns them in index order.
func mainVertical(t *testing.T, srv *tmuxtest.Server) []string {
	t.Helper()
	first := srv.Active("main:0")
	// The splits, the layout and the reads of the panes by index, in
	// order, as one tmux client.
	var cmds []string
	for i := 0; i < 4; i++ {
		cmds = append(cmds, "split-window", "-t", first, ";")
	}
	cmds = append(cmds, "select-layout", "-t", first, "main-vertical")
	for i := 0; i < 5; i++ {
		cmds = append(cmds, ";", "display-message", "-p", "-t", "main:0."+string(rune('0'+i)), "#{pane_id}")
	}
	ids := strings.Split(srv.Must(cmds...), "\n")
	if len(ids) != 5 {
		t.Fatalf("tmux answered %q for the five panes", ids)
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
	from := srv.Active(ids[0], "select-pane", "-t", ids[0], ";")
	twin.Must("select-pane", "-t", tids[0])
	for step, d := range walk {
		got, err := c.SelectPane(ctx(t), tmux.PaneID(from), d)
		if err != nil {
			t.Fatalf("step %d %s from %s: %v", step, d, from, err)
		}
		// The twin's move from its active pane (main:0 names the active
		// pane of the window all five are in) and the read of where it
		// landed, in one tmux client.
		want := indexOf(tids, twin.Active(tids[0], "select-pane", "-t", "main:0", flags[d], ";"))
		if idx := indexOf(ids, string(got.ID)); idx != want {
			t.Fatalf("step %d %s: panemap landed on index %d, tmux on %d", step, d, idx, want)
		}
		// Read once: the check here, and where the next step starts.
		if from = srv.Active(ids[0]); from != string(got.ID) {
			t.Fatalf("step %d: answer %s is not tmux's active pane %s", step, got.ID, from)
		}
	}
}
