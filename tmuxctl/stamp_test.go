package tmuxctl_test

import (
	"slices"
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
		stamp := stamper(t, c, sid)
		start := tmuxtest.NextSecond(t) // past the second everything above started in
		a := stamp()
		if b := stamp(); b.Text != a.Text || b.Activity != a.Activity {
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
			// The new pane's prompt is drawn before the next step: it
			// would move that pane's cursor later, a change of its own.
			{"a split", func() {
				srv.WaitPrompt(5*time.Second, srv.Must("split-window", "-d", "-t", g[0], "-P", "-F", "#{pane_id}", "exec sh"))
			}},
			{"a mark in another session", func() { srv.Must("select-pane", "-m", "-t", "other:") }},
			{"a pane's output", func() { srv.Must("send-keys", "-t", g[1], "-l", "echo hi\n") }},
		}
		var before, after tmuxctl.Stamp
		for _, s := range steps {
			before = stamp()
			s.do()
			tmuxtest.Eventually(t, 5*time.Second, func() bool { after = stamp(); return after.Text != before.Text }, "the stamp to change after %s", s.what)
		}
		// The output moved its pane's cursor: that pane, and no other,
		// certainly changed.
		if got := after.Changed(before); !slices.Equal(got, []tmux.PaneID{tmux.PaneID(g[1])}) {
			t.Errorf("after output in %s, changed panes %v", g[1], got)
		}
		if got := stamp(); got.Activity <= start {
			t.Errorf("after output, activity %d, want later than %d", got.Activity, start)
		}
	})
}

// TestStampPanes: each pane's own part is read from a stamp whatever the
// names, titles and paths after it hold, and Changed gives the panes
// whose part moved, not those new or gone.
func TestStampPanes(t *testing.T) {
	t.Parallel()
	old := tmuxctl.ParseStamp("100 90 |%1 0 5 1 0   12 80 24;%2 3 4 1 0   0 80 24;%3 0 0 1 0   0 80 24;|@1\ta|b;c\t%9 1 1;|}")
	if len(old.Panes) != 3 || old.Activity != 100 || old.Panes["%2"] != "3 4 1 0   0 80 24" {
		t.Fatalf("parsed %+v", old)
	}
	now := tmuxctl.ParseStamp("100 90 |%1 0 5 1 0   12 80 24;%2 4 4 1 0   0 80 24;%4 0 0 1 0   0 80 24;|@1\tx|y;%2 9;\t|}")
	if got := now.Changed(old); !slices.Equal(got, []tmux.PaneID{"%2"}) {
		t.Errorf("changed %v, want [%%2]", got)
	}
	if got := now.Changed(tmuxctl.Stamp{}); got != nil {
		t.Errorf("changed since no stamp: %v, want none", got)
	}
}

// TestStampAgents: a coding agent's hook setting its pane's state (or
// workmux setting its own option) changes the stamp's Agents, and only
// that part's change says so: a focus move leaves it; names holding '|'
// are told apart, and leave the panes' parts readable.
func TestStampAgents(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		g := srv.Grid()
		sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
		stamp := stamper(t, c, sid)
		before := stamp()
		for _, set := range [][]string{
			{"@panemap-agent-state", "waiting"},
			{"@panemap-agent-name", "a|b"},
			{"@panemap-agent-name", "a|c"},
			{"@workmux_pane_status", "done"},
		} {
			srv.Must("set", "-p", "-t", g[2], set[0], set[1])
			after := stamp()
			if after.Agents == before.Agents || after.Text == before.Text {
				t.Errorf("setting %s left the stamp's agents %q", set[0], after.Agents)
			}
			if len(after.Panes) != 4 {
				t.Errorf("after setting %s to %q, %d panes' parts read: %v", set[0], set[1], len(after.Panes), after.Panes)
			}
			before = after
		}
		srv.Must("select-pane", "-t", g[3])
		if after := stamp(); after.Agents != before.Agents || after.Text == before.Text {
			t.Errorf("a focus move: agents %q -> %q, text changed %t", before.Agents, after.Agents, after.Text != before.Text)
		}
	})
}

// stamper reads session sid's stamp, failing t on an error.
func stamper(t *testing.T, c *tmuxctl.Client, sid tmux.SessionID) func() tmuxctl.Stamp {
	return func() tmuxctl.Stamp {
		t.Helper()
		st, err := c.Stamp(t.Context(), sid)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
}
