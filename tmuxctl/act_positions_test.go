package tmuxctl

import (
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/restoring"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// TestSamePositionsIgnoresLoopOrder: the guard of a scripted restore must
// hold exactly when every pane is where the state has it, whatever order
// tmux loops in. tmux 3.6 and newer loop #{P:} by pane id, older ones by
// pane index; a 2x2 grid has its ids out of index order.
func TestSamePositionsIgnoresLoopOrder(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	g := srv.Grid()
	srv.Must("new-window", "-d", "-t", "main:", "exec sh")
	sock := tmux.Socket{Name: srv.Name, Source: "-L"}
	tr := transport.NewAuto(sock)
	tr.Env, tr.Policy = tmuxtest.Env(), tmux.ControlNever
	c := NewClient(tr, tmux.Env{})
	defer c.Close()
	sid := srv.Display("main:", "#{session_id}")
	st, err := c.ReadState(t.Context(), tmux.SessionID(sid))
	if err != nil {
		t.Fatal(err)
	}
	same := func(when string, want string) {
		t.Helper()
		// As the restore script uses it: if-shell -F, which (unlike
		// display-message) does not also expand strftime's %-escapes.
		if got := srv.Must("if-shell", "-F", "-t", sid, restoring.SamePositions(st), "display-message -p 1", "display-message -p 0"); got != want {
			t.Errorf("tmux %s, %s: same positions = %q, want %q (panes in loop order: %s)", srv.Version(), when,
				got, want, srv.Display(sid, "#{W:#{P:#{pane_id}.#{pane_index} }}"))
		}
	}
	same("as read", "1")
	srv.Must("swap-pane", "-d", "-s", g[0], "-t", g[3])
	same("after a swap", "0")
	srv.Must("swap-pane", "-d", "-s", g[0], "-t", g[3])
	same("swapped back", "1")
	extra := srv.Must("split-window", "-d", "-t", g[3], "-P", "-F", "#{pane_id}", "exec sh")
	same("with a pane more", "0")
	srv.Must("kill-pane", "-t", extra)
	same("without it again", "1")
	w := srv.Must("new-window", "-d", "-t", "main:", "-P", "-F", "#{window_id}", "exec sh")
	same("with a window more", "0")
	srv.Must("kill-window", "-t", w)
	same("without it again", "1")
	srv.Must("kill-pane", "-t", g[3])
	same("with a pane less", "0")
}
