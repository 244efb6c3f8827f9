package tmuxctl_test

import (
	"sync"
	"testing"
	"time"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestListWhileWindowsChurn lists the server while another client creates,
// splits, links and kills windows. Every listing must parse, and each
// window's panes must be exactly the panes its own layout names (window
// and panes come from one moment), with no pane ever seen under two
// windows (nothing in the churn moves panes between windows).
func TestListWhileWindowsChurn(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	srv.Must("new-session", "-d", "-s", "other")
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-done:
				return
			default:
			}
			w, err := srv.Run("new-window", "-d", "-t", "main:", "-P", "-F", "#{window_id}")
			if err != nil {
				continue
			}
			w = w[:len(w)-1]
			_, _ = srv.Run("split-window", "-d", "-t", w, ";", "split-window", "-d", "-h", "-t", w)
			if i%2 == 0 {
				_, _ = srv.Run("link-window", "-d", "-s", w, "-t", "other:")
			}
			if i%3 != 0 {
				_, _ = srv.Run("kill-window", "-t", w)
			}
		}
	})
	defer func() { close(done); wg.Wait() }()

	home := map[tmux.PaneID]tmux.WindowID{}
	deadline := time.Now().Add(3 * time.Second)
	n := 0
	defer func() { t.Logf("%d listings, %d panes seen", n, len(home)) }()
	for ; n < 60 && time.Now().Before(deadline); n++ {
		l, err := c.List(ctx(t), tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer, Limit: 100000})
		if err != nil {
			t.Fatalf("listing %d: %v", n, err)
		}
		count := 0
		for _, w := range l.Windows {
			cells, err := tmux.ParseLayout(w.Layout)
			if err != nil {
				t.Fatalf("window %s layout %q: %v", w.ID, w.Layout, err)
			}
			if len(cells) != len(w.Panes) {
				t.Fatalf("window %s of %s: layout has %d panes, listed %d", w.ID, w.SessionID, len(cells), len(w.Panes))
			}
			for _, p := range w.Panes {
				count++
				if _, ok := cells[p.ID.Num()]; !ok || p.WindowID != w.ID {
					t.Fatalf("pane %s (window %s) listed under window %s, whose layout is %s", p.ID, p.WindowID, w.ID, w.Layout)
				}
				if was, ok := home[p.ID]; ok && was != w.ID {
					t.Fatalf("pane %s listed under %s, earlier under %s", p.ID, w.ID, was)
				}
				home[p.ID] = w.ID
			}
		}
		if count != l.Panes || l.Truncated {
			t.Fatalf("listing %d: counted %d panes, Panes %d, truncated %v", n, count, l.Panes, l.Truncated)
		}
	}
}
