package tmuxctl_test

import (
	"testing"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestSwapTowardBesideScrollbars: with pane scrollbars on (tmux 3.6+),
// which put a scrollbar's width more between panes than the geometry
// panemap reads shows, the swap arrow's op still swaps the pane with
// the one tmux's select-pane picks that way: tmux picks it.
func TestSwapTowardBesideScrollbars(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	if !srv.AtLeast(3, 6) {
		t.Skipf("tmux %s has no pane scrollbars", srv.Version())
	}
	srv.Must("set", "-g", "pane-scrollbars", "on")
	left := srv.Display("main:0", "#{pane_id}")
	right := srv.Must("split-window", "-h", "-d", "-t", left, "-P", "-F", "#{pane_id}", "exec sh")
	if gap := srv.Display(right, "#{pane_left}"); gap == srv.Display(left, "#{e|+:#{pane_width},1}") {
		t.Fatalf("no scrollbar between the panes: %s starts at %s", right, gap)
	}
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	if _, err := c.Act(ctx(t), sid, tmuxctl.Op{Kind: tmuxctl.OpSwap, Pane: tmux.PaneID(left), Dir: tmux.DirRight}); err != nil {
		t.Fatal(err)
	}
	if got := srv.Display(left, "#{pane_index}"); got != "1" {
		t.Errorf("%s is pane %s after s then →, want 1 (swapped with %s)", left, got, right)
	}
	if got := srv.Active("main:0"); got != left {
		t.Errorf("%s is active after the swap, want %s (the focus stays with the pane)", got, left)
	}
}
