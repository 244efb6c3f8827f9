package tmuxctl_test

import (
	"errors"
	"strconv"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// cellOf is the "left,top" of a pane.
func cellOf(srv *tmuxtest.Server, p string) string {
	return srv.Display(p, "#{pane_left},#{pane_top}")
}

func TestSwapSameWindowKeepsFocusAndHistory(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	// History: last = g[3], active = g[0].
	srv.Must("select-pane", "-t", g[3])
	srv.Must("select-pane", "-t", g[0])
	for _, tc := range []struct{ name, a, b string }{
		{"active is source", g[0], g[1]},
		{"active is target", g[2], g[0]},
		{"neither active", g[1], g[2]},
		{"last pane involved", g[3], g[1]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ca, cb := cellOf(srv, tc.a), cellOf(srv, tc.b)
			activeBefore := srv.Active(g[0])
			lastBefore := srv.Must("list-panes", "-t", g[0], "-f", "#{pane_last}", "-F", "#{pane_id}")
			got, err := c.SwapPane(ctx(t), tmux.PaneID(tc.a), tmux.PaneID(tc.b))
			if err != nil {
				t.Fatal(err)
			}
			if cellOf(srv, tc.a) != cb || cellOf(srv, tc.b) != ca {
				t.Fatalf("positions not exchanged: %s at %s, %s at %s", tc.a, cellOf(srv, tc.a), tc.b, cellOf(srv, tc.b))
			}
			if a := srv.Active(g[0]); a != activeBefore {
				t.Errorf("active pane changed from %s to %s", activeBefore, a)
			}
			if l := srv.Must("list-panes", "-t", g[0], "-f", "#{pane_last}", "-F", "#{pane_id}"); l != lastBefore {
				t.Errorf("last pane changed from %s to %s", lastBefore, l)
			}
			if string(got.ID) != tc.a || got.Active != (tc.a == activeBefore) {
				t.Errorf("answer %+v does not describe source %s", got, tc.a)
			}
		})
	}
}

func TestSwapAcrossWindows(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	w1 := srv.Must("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id}")
	w1b := srv.Must("split-window", "-d", "-t", w1, "-P", "-F", "#{pane_id}")
	win0 := srv.Display(g[0], "#{window_id}")
	win1 := srv.Display(w1, "#{window_id}")

	// g[0] is active in window 0; w1 is active in window 1. Swapping a
	// non-active pane keeps both windows' focus.
	if _, err := c.SwapPane(ctx(t), tmux.PaneID(g[1]), tmux.PaneID(w1b)); err != nil {
		t.Fatal(err)
	}
	if srv.Display(g[1], "#{window_id}") != win1 || srv.Display(w1b, "#{window_id}") != win0 {
		t.Fatal("panes did not change windows")
	}
	if srv.Active(win0) != g[0] || srv.Active(win1) != w1 {
		t.Fatalf("focus moved: window 0 active %s (want %s), window 1 active %s (want %s)", srv.Active(win0), g[0], srv.Active(win1), w1)
	}
	// Swapping the active panes of both: each window gets the arrival.
	got, err := c.SwapPane(ctx(t), tmux.PaneID(g[0]), tmux.PaneID(w1))
	if err != nil {
		t.Fatal(err)
	}
	if srv.Active(win0) != w1 || srv.Active(win1) != g[0] {
		t.Fatalf("after swapping actives: window 0 active %s (want %s), window 1 active %s (want %s)", srv.Active(win0), w1, srv.Active(win1), g[0])
	}
	if string(got.WindowID) != win1 || !got.Active {
		t.Errorf("answer %+v: want source in %s, active", got, win1)
	}
	// The current window of the session did not change.
	if cur := srv.Display("main:", "#{window_id}"); cur != win0 {
		t.Errorf("current window changed to %s", cur)
	}
}

func TestSwapKeepsZoom(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	srv.Must("resize-pane", "-Z", "-t", g[0])
	if _, err := c.SwapPane(ctx(t), tmux.PaneID(g[0]), tmux.PaneID(g[3])); err != nil {
		t.Fatal(err)
	}
	if srv.Display(g[0], "#{window_zoomed_flag}") != "1" {
		t.Fatal("window unzoomed by swap")
	}
	if srv.Active(g[0]) != g[0] {
		t.Fatalf("active moved to %s", srv.Active(g[0]))
	}
}

func TestSwapSelfAndGone(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	before := srv.Must("list-panes", "-t", g[0], "-F", "#{pane_id} #{pane_left},#{pane_top} #{pane_active}")
	got, err := c.SwapPane(ctx(t), tmux.PaneID(g[1]), tmux.PaneID(g[1]))
	if err != nil || string(got.ID) != g[1] {
		t.Fatalf("self swap: %+v, %v", got, err)
	}
	if after := srv.Must("list-panes", "-t", g[0], "-F", "#{pane_id} #{pane_left},#{pane_top} #{pane_active}"); after != before {
		t.Fatalf("self swap changed the window:\n%s\n%s", before, after)
	}
	for _, pair := range [][2]string{{g[1], "%999"}, {"%999", g[1]}} {
		_, err := c.SwapPane(ctx(t), tmux.PaneID(pair[0]), tmux.PaneID(pair[1]))
		var e *tmux.Error
		if !errors.As(err, &e) || e.Kind != tmux.KindGone || e.Value != "%999" {
			t.Errorf("swap %v: got %v, want gone naming %%999", pair, err)
		}
	}
	if _, err := c.SwapPane(ctx(t), tmux.PaneID(g[1]), "{marked}"); tmux.KindOf(err) != tmux.KindInvalidInput {
		t.Errorf("swap with {marked}: %v", err)
	}
}

func TestSwapIgnoresMarkedPane(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	srv.Must("select-pane", "-m", "-t", g[3])
	c3 := cellOf(srv, g[3])
	if _, err := c.SwapPane(ctx(t), tmux.PaneID(g[1]), tmux.PaneID(g[2])); err != nil {
		t.Fatal(err)
	}
	if cellOf(srv, g[3]) != c3 {
		t.Fatal("the marked pane moved")
	}
}

// selects counts select-pane commands run on srv from now on (tmux's
// after-select-pane hook), so a test can tell that a swap moved no focus.
func selects(t *testing.T, srv *tmuxtest.Server) func() int {
	t.Helper()
	srv.Must("set", "-g", "@selects", "0")
	srv.Must("set-hook", "-g", "after-select-pane", `set -gF @selects "#{e|+:#{@selects},1}"`)
	return func() int {
		n, err := strconv.Atoi(srv.Must("show", "-gv", "@selects"))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
}

func TestSwapMovesNoFocusItNeedNot(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	srv.Must("select-pane", "-t", g[1])
	srv.Must("select-pane", "-t", g[0]) // active g[0], last g[1]
	count := selects(t, srv)
	// Neither pane active: tmux moves no focus, and neither may panemap.
	if _, err := c.SwapPane(ctx(t), tmux.PaneID(g[2]), tmux.PaneID(g[3])); err != nil {
		t.Fatal(err)
	}
	// The active pane with its own last pane: nothing to put back either.
	if _, err := c.SwapPane(ctx(t), tmux.PaneID(g[1]), tmux.PaneID(g[0])); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 0 {
		t.Errorf("swaps that needed no focus correction selected panes %d times", n)
	}
	if srv.Active(g[0]) != g[0] {
		t.Errorf("active pane moved to %s", srv.Active(g[0]))
	}
}

// A window whose active pane leaves for another window keeps its last
// pane (tmux 3.2 and 3.3 would clear it), whichever side of the swap that
// pane is on, also when the window is linked into a second session (the
// script names its last pane once).
func TestSwapAcrossWindowsKeepsLastPane(t *testing.T) {
	eachSide(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client, s aSide) {
		g := srv.Grid()
		srv.Must("select-pane", "-t", g[3])
		srv.Must("select-pane", "-t", g[0]) // window 0: active g[0], last g[3]
		other := srv.Must("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id}")
		win0 := srv.Display(g[0], "#{window_id}")
		s.swap(t, srv, c, win0, g[0], other)
		if a := srv.Active(win0); a != other {
			t.Errorf("window 0 active %s, want the arrived %s", a, other)
		}
		if l := srv.Must("list-panes", "-t", win0, "-f", "#{pane_last}", "-F", "#{pane_id}"); l != g[3] {
			t.Errorf("window 0 last pane %q, want %s", l, g[3])
		}
	})
}
