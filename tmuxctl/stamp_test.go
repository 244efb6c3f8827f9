package tmuxctl_test

import (
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestStamp: the session's stamp stays the same while nothing changes,
// and changes with a split elsewhere, a focus move, a pane's output (its
// activity then newer than before) and a mark in another session.
func TestStamp(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		g := srv.Grid()
		sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
		srv.Must("new-session", "-d", "-s", "other", "exec sh")
		stamp := func() tmuxctl.Stamp {
			t.Helper()
			st, err := c.Stamp(t.Context(), sid)
			if err != nil {
				t.Fatal(err)
			}
			return st
		}
		start := tmuxtest.NextSecond(t) // past the second everything above started in
		a := stamp()
		if b := stamp(); b != a {
			t.Fatalf("the stamp changed with nothing changed:\n%q\n%q", a.Text, b.Text)
		}
		if a.Activity == 0 || a.Activity > time.Now().Unix() {
			t.Errorf("activity %d, want the time of the session's last output", a.Activity)
		}
		steps := []struct {
			what string
			do   func()
		}{
			{"a focus move", func() { srv.Must("select-pane", "-t", g[3]) }},
			{"a split", func() { srv.Must("split-window", "-d", "-t", g[0], "exec sh") }},
			{"a mark in another session", func() { srv.Must("select-pane", "-m", "-t", "other:") }},
			{"a pane's output", func() { srv.Must("send-keys", "-t", g[1], "-l", "echo hi\n") }},
		}
		for _, s := range steps {
			before := stamp()
			s.do()
			tmuxtest.Eventually(t, 5*time.Second, func() bool { return stamp().Text != before.Text }, "the stamp to change after %s", s.what)
		}
		if got := stamp(); got.Activity <= start {
			t.Errorf("after output, activity %d, want later than %d", got.Activity, start)
		}
	})
}
