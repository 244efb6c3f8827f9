package tmuxctl_test

import (
	"slices"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// TestFollowAgentsTells: from tmux 3.7 (control mode), after
// FollowAgents an agent's hook setting its pane's state comes as a
// subscription-changed event naming the pane; asked before there was a
// connection, and again over the connection made after the first one
// was lost.
func TestFollowAgentsTells(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	if !srv.AtLeast(3, 7) {
		t.Skip("control mode, and so events, from tmux 3.7")
	}
	at := transport.NewAuto(tmux.Socket{Name: srv.Name, Source: "-L"})
	at.Env = tmuxtest.Env()
	t.Cleanup(func() { _ = at.Close() })
	c := tmuxctl.NewClient(at, tmux.Env{})
	ctx := t.Context()
	sess := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	pane := srv.Display("main:", "#{pane_id}")
	if err := c.FollowSession(ctx, sess); err != nil {
		t.Fatal(err)
	}
	if err := c.FollowAgents(ctx); err != nil {
		t.Fatal(err)
	}
	events, ok := c.Events(ctx)
	if !ok {
		t.Fatal("no events on tmux 3.7")
	}
	// await waits for an event of kind naming pane (when pane is not "").
	await := func(kind, pane string) {
		t.Helper()
		timeout := time.After(10 * time.Second) // tmux checks subscriptions once a second
		for {
			select {
			case ev := <-events:
				if ev.Kind == kind && (pane == "" || slices.Contains(ev.Args, pane)) {
					return
				}
			case <-timeout:
				t.Fatalf("no %s event for %q", kind, pane)
			}
		}
	}
	await(tmux.EventConnected, "")
	srv.Must("set", "-p", "-t", pane, "@panemap-agent-state", "waiting")
	await(tmux.EventSubscriptionChanged, pane)

	srv.Must("detach-client", "-t", at.Control().ClientName())
	await(tmux.EventConnected, "")
	srv.Must("set", "-p", "-t", pane, "@panemap-agent-state", "done")
	await(tmux.EventSubscriptionChanged, pane)
}
