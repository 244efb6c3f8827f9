package panetext_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/panetext"
)

// TestPreviews: the navigator's source captures, and with a watch arms
// what it captures and reports it when it prints.
func TestPreviews(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	panes := catPanes(t, srv)
	p := panetext.NewPreviews(c)
	defer p.Close()
	if p.Notices() {
		t.Fatal("notices before Watch")
	}
	if got := p.Watch(t.Context(), tmux.SessionID(srv.Display("main:", "#{session_id}"))); got != srv.AtLeast(3, 7) {
		t.Fatalf("tmux %s: Watch %v", srv.Version(), got)
	}
	got, err := p.Capture(t.Context(), panes)
	if err != nil || len(got) != 2 {
		t.Fatalf("%v, %v", got, err)
	}
	if !p.Notices() {
		return
	}
	srv.Must("send-keys", "-t", string(panes[1]), "x")
	if got, _ := clienttest.Printed(t, p.WaitPrinted); !slices.Equal(got, panes[1:]) {
		t.Errorf("reported %v, want %s", got, panes[1])
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if got, ok := p.WaitPrinted(t.Context()); ok {
		t.Errorf("WaitPrinted after Close: %v", got)
	}
}

// TestPreviewsWatchSoon: started in the background, the watch makes
// Notices true at once; Capture waits for the watch, so output after a
// capture is reported (tmux 3.7+); where tmux gets no watch WaitPrinted
// answers false and the navigator polls.
func TestPreviewsWatchSoon(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	panes := catPanes(t, srv)
	p := panetext.NewPreviews(c)
	defer p.Close()
	p.WatchSoon(t.Context(), tmux.SessionID(srv.Display("main:", "#{session_id}")))
	if !p.Notices() {
		t.Fatal("no notices while the watch starts")
	}
	got, err := p.Capture(t.Context(), panes)
	if err != nil || len(got) != 2 {
		t.Fatalf("%v, %v", got, err)
	}
	srv.Must("send-keys", "-t", string(panes[1]), "x")
	if !srv.AtLeast(3, 7) {
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		defer cancel()
		if got, ok := p.WaitPrinted(ctx); ok || ctx.Err() != nil {
			t.Fatalf("tmux %s: WaitPrinted without a watch: %v %v (%v)", srv.Version(), got, ok, ctx.Err())
		}
		return
	}
	if got, _ := clienttest.Printed(t, p.WaitPrinted); !slices.Equal(got, panes[1:]) {
		t.Errorf("reported %v, want %s", got, panes[1])
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
}

// catPanes gives the session's first window two panes running cat, which
// prints what is typed into it and nothing else.
func catPanes(t *testing.T, srv *tmuxtest.Server) []tmux.PaneID {
	t.Helper()
	srv.Must("respawn-pane", "-k", "-t", "main:0.0", "exec cat")
	first := tmux.PaneID(srv.Display("main:0.0", "#{pane_id}"))
	second := tmux.PaneID(srv.Must("split-window", "-d", "-t", "main:0.0", "-P", "-F", "#{pane_id}", "exec cat"))
	return []tmux.PaneID{first, second}
}
