package tmuxctl_test

import (
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestPreviews: the navigator's source captures, and with a watch arms
// what it captures and reports it when it prints.
func TestPreviews(t *testing.T) {
	srv, c := newClient(t, tmux.Env{})
	panes := printingPanes(t, srv, "main:0.0", 2)
	p := tmuxctl.NewPreviews(c)
	defer p.Close()
	if p.Changes() != nil {
		t.Fatal("changes before Watch")
	}
	if got := p.Watch(ctx(t), tmux.SessionID(srv.Display("main:", "#{session_id}"))); got != srv.AtLeast(3, 7) {
		t.Fatalf("tmux %s: Watch %v", srv.Version(), got)
	}
	got, err := p.Capture(ctx(t), panes)
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
	srv, c := newClient(t, tmux.Env{})
	panes := printingPanes(t, srv, "main:0.0", 2)
	p := tmuxctl.NewPreviews(c)
	defer p.Close()
	p.WatchSoon(ctx(t), tmux.SessionID(srv.Display("main:", "#{session_id}")))
	ch := p.Changes()
	if ch == nil {
		t.Fatal("Changes is nil while the watch starts")
	}
	got, err := p.Capture(ctx(t), panes)
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
