package transport_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"

	"github.com/panemap/panemap/internal/tmuxtest"
)

func newAutoLazy(t *testing.T, srv *tmuxtest.Server) *transport.Auto {
	t.Helper()
	at := transport.NewAuto(tmux.Socket{Name: srv.Name, Source: "-L"})
	at.Env = tmuxtest.Env()
	at.Policy = tmux.ControlAlways // exercise control mode even where auto would not
	t.Cleanup(func() { _ = at.Close() })
	return at
}

// eventuallyControl calls Run until the transport is back in control mode.
func eventuallyControl(t *testing.T, at *transport.Auto, what string) {
	t.Helper()
	tmuxtest.Eventually(t, 10*time.Second, func() bool {
		if _, err := at.Run(t.Context(), []string{"list-sessions"}); err != nil {
			t.Fatalf("Run while waiting for %s: %v", what, err)
		}
		return at.Control() != nil
	}, "control mode not back after %s", what)
}

func TestAutoNoSessionUsesExec(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("kill-session", "-t", "main") // exit-empty is off: the server stays
	at := newAutoLazy(t, srv)
	out, err := at.Run(t.Context(), []string{"list-sessions", "-F", "#{session_name}"})
	if err != nil || out != "" {
		t.Fatalf("Run with no session = %q, %v", out, err)
	}
	if at.Control() != nil {
		t.Fatal("control mode with no session")
	}
	if got := srv.Must("list-sessions"); got != "" {
		t.Fatalf("the transport created a session: %q", got)
	}
	srv.Must("new-session", "-d", "-s", "late")
	eventuallyControl(t, at, "a session appeared")
}

func TestAutoReconnectsToAnotherSession(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("new-session", "-d", "-s", "spare")
	at := newAutoLazy(t, srv)
	if ok, err := at.Connect(t.Context()); !ok {
		t.Fatal(err)
	}
	ch, cancel := at.Subscribe()
	defer cancel()
	waitEvent(t, ch, tmux.EventConnected, nil)
	first := at.Control().Session()
	srv.Must("kill-session", "-t", string(first))
	// Calls keep working throughout.
	for range 20 {
		if _, err := at.Run(t.Context(), []string{"list-sessions"}); err != nil {
			t.Fatalf("Run after the attached session died: %v", err)
		}
	}
	waitEvent(t, ch, tmux.EventDisconnected, nil)
	// With a subscriber, the transport reconnects in the background.
	e := waitEvent(t, ch, tmux.EventConnected, nil)
	if len(e.Args) != 1 || e.Args[0] == string(first) {
		t.Fatalf("reconnected to %q; want another session than %s", e.Args, first)
	}
	eventuallyControl(t, at, "the attached session was killed")
}

func TestAutoServerKilledAndRestarted(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	at := newAutoLazy(t, srv)
	if ok, err := at.Connect(t.Context()); !ok {
		t.Fatal(err)
	}
	srv.Must("kill-server")
	// Each call answers server_gone by itself: it does not wait for the
	// server to come back, which would end it at the context's deadline
	// instead (a bound against a hang, not a measure of time).
	for range 5 {
		ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
		_, err := at.Run(ctx, []string{"select-pane", "-t", "%0"})
		cancel()
		if tmux.KindOf(err) != tmux.KindServerGone || errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Run with the server gone: %v (kind %q); want server_gone", err, tmux.KindOf(err))
		}
	}
	srv.Must("-f", "/dev/null", "new-session", "-d", "-s", "main", "exec sh")
	srv.Must("set", "-g", "exit-empty", "off")
	eventuallyControl(t, at, "the server restarted")
}

// TestAutoInFlightCommandNotRetried: a command the connection lost after
// sending may have run, so it fails with server_gone instead of running
// again over exec; and it fails promptly.
func TestAutoInFlightCommandNotRetried(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	at := newAutoLazy(t, srv)
	if ok, err := at.Connect(t.Context()); !ok {
		t.Fatal(err)
	}
	// wait-for answers at once (tmux closes the block of a waiting
	// command before it finishes) but holds this client's later commands.
	if _, err := at.Run(t.Context(), []string{"wait-for", "never"}); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := at.Run(t.Context(), []string{"set-option", "-g", "@step", "second"})
		done <- err
	}()
	tmuxtest.Eventually(t, 20*time.Second, func() bool { return at.Control().PendingForTest() == 1 }, "command list never sent")
	srv.Must("set-option", "-g", "@step", "reset")
	defer func() { _, _ = srv.Run("wait-for", "-S", "never") }()
	srv.Must("kill-session", "-t", "main") // the server lives on (exit-empty off)
	select {
	case err := <-done:
		if tmux.KindOf(err) != tmux.KindServerGone {
			t.Fatalf("in-flight command: %v (kind %q); want server_gone", err, tmux.KindOf(err))
		}
	case <-time.After(5 * time.Second):
		t.Fatal("in-flight command hung after its connection died")
	}
	if got := srv.Must("show-options", "-gv", "@step"); got != "reset" {
		t.Fatalf("the lost command ran again: @step = %q", got)
	}
}

// TestAutoConcurrentUseAcrossReconnects hammers the transport from many
// goroutines while its session is killed: every call either succeeds or
// fails with server_gone (a command in flight), none hangs.
func TestAutoConcurrentUseAcrossReconnects(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("new-session", "-d", "-s", "spare")
	at := newAutoLazy(t, srv)
	if ok, err := at.Connect(t.Context()); !ok {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				_, err := at.Run(t.Context(), []string{"list-panes", "-a", "-F", "#{pane_id}"})
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	srv.Must("kill-session", "-t", string(at.Control().Session()))
	wg.Wait()
	close(errs)
	for err := range errs {
		// list-panes is read-only: even in flight it is retried.
		var e *tmux.Error
		if !errors.As(err, &e) || e.Kind != tmux.KindServerGone {
			t.Errorf("Run during reconnect: %v", err)
		} else {
			t.Errorf("read-only Run failed instead of being retried: %v", err)
		}
	}
}
