package tmuxctl_test

import (
	"testing"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// A swap with Follow (the navigator's x) takes the focus along to the
// pane's new window: that window becomes the session's current window
// and the pane its active pane, a zoom kept; in the pane's own window,
// or into another session, nothing but the swap changes.
func TestSwapFollowTakesTheFocusAlong(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	w1, w1b := secondWindow(srv)
	other := srv.Must("new-session", "-d", "-s", "other", "-P", "-F", "#{pane_id}")
	swap := func(a, b string) {
		t.Helper()
		if _, err := c.Act(ctx(t), sid, tmuxctl.Op{Kind: tmuxctl.OpSwap, Pane: tmux.PaneID(a), With: tmux.PaneID(b), Follow: true}); err != nil {
			t.Fatal(err)
		}
	}
	current := func() string { return srv.Display("main:", "#{window_index}") }

	// In one window: the focus stays, the window too.
	swap(g[0], g[1])
	if cur, a := current(), srv.Active(g[0]); cur != "0" || a != g[0] {
		t.Errorf("a swap in one window left window %s current, %s active; want 0 and %s", cur, a, g[0])
	}

	// Into another window, where the pane lands beside that window's
	// active pane: the window becomes current, the pane active there.
	swap(g[0], w1b)
	if w := srv.Display(g[0], "#{window_index}"); w != "1" {
		t.Fatalf("%s is in window %s after the swap, want 1", g[0], w)
	}
	if cur, a := current(), srv.Active(g[0]); cur != "1" || a != g[0] {
		t.Errorf("after the swap window %s is current and %s active in window 1; want 1 and %s", cur, a, g[0])
	}
	if a := srv.Active(w1b); a != w1b {
		t.Errorf("window 0's active pane is %s, want %s, which arrived in the focused pane's place", a, w1b)
	}

	// Into a zoomed window, where the pane lands hidden: the zoom stays,
	// now on the pane.
	srv.Must("select-window", "-t", "main:0")
	srv.Must("resize-pane", "-Z", "-t", w1)
	swap(w1b, g[0])
	if cur, a, z := current(), srv.Active(w1b), srv.Display(w1b, "#{window_zoomed_flag}"); cur != "1" || a != w1b || z != "1" {
		t.Errorf("after a swap into zoomed window 1: window %s current, %s active, zoomed %s; want 1, %s, 1", cur, a, z, w1b)
	}

	// Into another session: main's current window stays, and so does
	// other's.
	swap(w1b, other)
	if s := srv.Display(w1b, "#{session_name}"); s != "other" {
		t.Fatalf("%s is in session %s after the swap, want other", w1b, s)
	}
	if cur := current(); cur != "1" {
		t.Errorf("a swap into another session made window %s of main current, want 1 as before", cur)
	}
}
