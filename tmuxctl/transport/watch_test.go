package transport_test

import (
	"context"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmuxctl"
)

// printer prints a numbered line every 10 ms, for ever.
const printer = "i=0; while :; do i=$((i+1)); echo tick$i; sleep 0.01; done"

// startWatch opens a watch on the session "main", or reports that this
// tmux gets none (and checks that that is right for its version).
func startWatch(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) *transport.OutputWatch {
	t.Helper()
	w, err := c.WatchOutput(t.Context(), tmux.SessionID(srv.Display("main:", "#{session_id}")))
	if err != nil {
		t.Fatal(err)
	}
	if (w != nil) != srv.AtLeast(3, 7) {
		t.Fatalf("tmux %s: watch %v", srv.Version(), w)
	}
	if w != nil {
		t.Cleanup(func() { _ = w.Close() })
	}
	return w
}

// quiet checks that nothing is waiting on ch.
func quiet(t *testing.T, w *transport.OutputWatch, what string) {
	t.Helper()
	if p := w.Take(); len(p) > 0 {
		t.Errorf("%s: %v reported", what, p)
	}
}

// one waits for the watch to report exactly one pane, and returns it.
func one(t *testing.T, w *transport.OutputWatch) tmux.PaneID {
	t.Helper()
	panes, _ := clienttest.Printed(t, w.Wait)
	if len(panes) != 1 {
		t.Fatalf("reported %v, want one pane", panes)
	}
	return panes[0]
}

// ticks is the last tick number pane p shows.
func ticks(srv *tmuxtest.Server, p string) int {
	return tmuxtest.LastTick(srv.Must("capture-pane", "-p", "-t", p))
}

// TestWatchOutput: window 0 (current) has a pane that prints for ever, an
// idle one and one that echoes what is typed; window 1 has another that
// prints for ever. Only window 0 is armed at first; each pane is reported
// once per arming.
func TestWatchOutput(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	loud := srv.Display("main:0.0", "#{pane_id}")
	srv.Must("respawn-pane", "-k", "-t", loud, printer)
	idle := srv.Must("split-window", "-d", "-t", loud, "-P", "-F", "#{pane_id}", "exec cat")
	typed := srv.Must("split-window", "-d", "-t", loud, "-P", "-F", "#{pane_id}", "exec cat")
	other := srv.Must("new-window", "-d", "-t", "main:1", "-P", "-F", "#{pane_id}", printer)
	tmuxtest.Eventually(t, 20*time.Second, func() bool { return ticks(srv, other) > 0 && ticks(srv, loud) > 0 }, "the printers")

	before := runtime.NumGoroutine()
	w := startWatch(t, srv, c)
	if w == nil {
		return
	}
	if p, d := clienttest.Printed(t, w.Wait); !slices.Equal(p, []tmux.PaneID{tmux.PaneID(loud)}) {
		t.Fatalf("reported %v first, want %s", p, loud)
	} else {
		t.Logf("tmux %s: the printing pane reported %v after the watch started", srv.Version(), d)
	}
	// Both printers go on: nothing more is reported.
	from, fromLoud := ticks(srv, other), ticks(srv, loud)
	tmuxtest.Eventually(t, 10*time.Second, func() bool { return ticks(srv, other) > from+30 && ticks(srv, loud) > fromLoud+30 }, "30 more lines")
	quiet(t, w, "printing on without being armed")

	// Re-armed, the printer is reported again, once.
	if err := w.Arm(t.Context(), []tmux.PaneID{tmux.PaneID(loud)}); err != nil {
		t.Fatal(err)
	}
	if p := one(t, w); p != tmux.PaneID(loud) {
		t.Fatalf("reported %s after arming %s", p, loud)
	}

	// A pane that prints once is reported once, promptly.
	sent := time.Now()
	srv.Must("send-keys", "-t", typed, "x")
	if p := one(t, w); p != tmux.PaneID(typed) {
		t.Fatalf("reported %s, want %s", p, typed)
	}
	t.Logf("tmux %s: a keystroke's echo reported %v after send-keys started", srv.Version(), time.Since(sent))

	// The other window's pane is reported only once armed.
	quiet(t, w, "another window, not armed")
	if err := w.Arm(t.Context(), []tmux.PaneID{tmux.PaneID(other)}); err != nil {
		t.Fatal(err)
	}
	if p := one(t, w); p != tmux.PaneID(other) {
		t.Fatalf("reported %s after arming %s", p, other)
	}
	from = ticks(srv, other)
	tmuxtest.Eventually(t, 10*time.Second, func() bool { return ticks(srv, other) > from+30 }, "30 more lines")
	quiet(t, w, "the idle pane "+idle+" and every pane reported")

	// The watch is a control client that resizes nothing and has output.
	clients := srv.Must("list-clients", "-F", "#{client_control_mode} #{client_flags}")
	watchers := 0
	for _, l := range strings.Split(clients, "\n") {
		if strings.HasPrefix(l, "1 ") && strings.Contains(l, "ignore-size") && !strings.Contains(l, "no-output") {
			watchers++
		}
	}
	if watchers != 1 {
		t.Errorf("clients:\n%s\nwant one control client with ignore-size and output", clients)
	}

	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if p, ok := w.Wait(t.Context()); ok {
		t.Errorf("Wait after Close: %v", p)
	}
	if clients := srv.Must("list-clients", "-F", "#{client_flags}"); strings.Contains(clients, "ignore-size") && !strings.Contains(clients, "no-output") {
		t.Errorf("clients after Close: %q", clients)
	}
	tmuxtest.Eventually(t, 20*time.Second, func() bool { return runtime.NumGoroutine() <= before }, "goroutines: %d before, %d after Close", before, runtime.NumGoroutine())
	if err := w.Arm(t.Context(), []tmux.PaneID{tmux.PaneID(loud)}); tmux.KindOf(err) != tmux.KindServerGone {
		t.Errorf("Arm after Close: %v", err)
	}
}

// TestWatchServerDies: Wait answers false when the server goes away.
func TestWatchServerDies(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	before := runtime.NumGoroutine()
	w := startWatch(t, srv, c)
	if w == nil {
		return
	}
	pane := tmux.PaneID(srv.Display("main:", "#{pane_id}"))
	srv.Kill()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	// What the shell printed as it started, before the server died, may
	// be handed over first (seen on 3.7c); then Wait must answer false.
	for {
		p, ok := w.Wait(ctx)
		if !ok {
			break
		}
		if len(p) != 1 || p[0] != pane {
			t.Errorf("%v reported as the server died; only %s was there to print", p, pane)
		}
	}
	if ctx.Err() != nil {
		t.Fatal("Wait still waiting 10s after the server died")
	}
	_ = w.Close()
	tmuxtest.Eventually(t, 20*time.Second, func() bool { return runtime.NumGoroutine() <= before }, "goroutines: %d before, %d after Close", before, runtime.NumGoroutine())
}

// TestWatchOutputRefuses: bad ids never reach tmux; a session that is
// gone is an error.
func TestWatchOutputRefuses(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	for _, s := range []tmux.SessionID{"", "main", "$0;", "$01"} {
		if w, err := c.WatchOutput(t.Context(), s); w != nil || tmux.KindOf(err) != tmux.KindInvalidInput {
			t.Errorf("%q: %v, %v", s, w, err)
		}
	}
	w, err := c.WatchOutput(t.Context(), "$99")
	if srv.AtLeast(3, 7) && tmux.KindOf(err) != tmux.KindGone || w != nil {
		t.Errorf("tmux %s: a session that does not exist: %v, %v", srv.Version(), w, err)
	}
	if w, err := c.WatchOutput(t.Context(), tmux.SessionID(srv.Display("main:", "#{session_id}"))); err != nil {
		t.Error(err)
	} else if w != nil {
		_ = w.Close()
	}
}

// TestWatchNeverStopsPanes: where the watch is the only client, a pane it
// silenced goes on running. tmux stops reading a pane that every client
// has turned off (-A %N:off), so the watch pauses panes instead.
func TestWatchNeverStopsPanes(t *testing.T) {
	t.Parallel()
	// On tmux processes until it is told to connect (DeferDial), but
	// watching output as panemap does: the watch is the only client.
	srv := tmuxtest.Start(t, 0, 0)
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(), DeferDial: true})
	t.Cleanup(func() { _ = c.Close() })
	loud := srv.Display("main:0.0", "#{pane_id}")
	srv.Must("respawn-pane", "-k", "-t", loud, printer)
	other := srv.Must("new-window", "-d", "-t", "main:1", "-P", "-F", "#{pane_id}", printer)
	tmuxtest.Eventually(t, 20*time.Second, func() bool { return ticks(srv, other) > 0 && ticks(srv, loud) > 0 }, "the printers")
	w := startWatch(t, srv, c)
	if w == nil {
		return
	}
	if p := one(t, w); p != tmux.PaneID(loud) {
		t.Fatalf("reported %s", p)
	}
	if n := srv.Must("list-clients", "-F", "#{client_name}"); strings.Count(n, "\n") != 0 {
		t.Fatalf("want the watch as the only client: %q", n)
	}
	from, fromLoud := ticks(srv, other), ticks(srv, loud)
	tmuxtest.Eventually(t, 10*time.Second, func() bool { return ticks(srv, other) > from+30 && ticks(srv, loud) > fromLoud+30 }, "the silenced panes to print on")
}
