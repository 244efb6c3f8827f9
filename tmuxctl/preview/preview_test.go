package preview_test

import (
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/preview"
)

// TestPreviews: the navigator's source captures, and with a watch arms
// what it captures and reports it when it prints.
func TestPreviews(t *testing.T) {
	srv, c := clienttest.New(t, tmux.Env{})
	panes := catPanes(t, srv)
	p := preview.New(c)
	defer p.Close()
	if p.Changes() != nil {
		t.Fatal("changes before Watch")
	}
	if got := p.Watch(t.Context(), tmux.SessionID(srv.Display("main:", "#{session_id}"))); got != srv.AtLeast(3, 7) {
		t.Fatalf("tmux %s: Watch %v", srv.Version(), got)
	}
	got, err := p.Capture(t.Context(), panes)
	if err != nil || len(got) != 2 {
		t.Fatalf("%v, %v", got, err)
	}
	ch := p.Changes()
	if ch == nil {
		return
	}
	srv.Must("send-keys", "-t", string(panes[1]), "x")
	if got, _ := clienttest.Next(t, ch); got != panes[1] {
		t.Errorf("reported %s, want %s", got, panes[1])
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if _, ok := <-ch; ok {
		t.Error("Changes open after Close")
	}
}

// TestPreviewsWatchSoon: started in the background, the watch leaves
// Changes a channel at once; Capture waits for the watch, so output
// after a capture is reported (tmux 3.7+); where tmux gets no watch the
// channel closes and the navigator polls.
func TestPreviewsWatchSoon(t *testing.T) {
	srv, c := clienttest.New(t, tmux.Env{})
	panes := catPanes(t, srv)
	p := preview.New(c)
	defer p.Close()
	p.WatchSoon(t.Context(), tmux.SessionID(srv.Display("main:", "#{session_id}")))
	ch := p.Changes()
	if ch == nil {
		t.Fatal("Changes is nil while the watch starts")
	}
	got, err := p.Capture(t.Context(), panes)
	if err != nil || len(got) != 2 {
		t.Fatalf("%v, %v", got, err)
	}
	srv.Must("send-keys", "-t", string(panes[1]), "x")
	if !srv.AtLeast(3, 7) {
		select {
		case p, ok := <-ch:
			if ok {
				t.Fatalf("tmux %s: reported %s without a watch", srv.Version(), p)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("tmux %s: Changes did not close", srv.Version())
		}
		return
	}
	if got, _ := clienttest.Next(t, ch); got != panes[1] {
		t.Errorf("reported %s, want %s", got, panes[1])
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	for range ch {
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
