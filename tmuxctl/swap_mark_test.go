package tmuxctl_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// secondWindow adds a window of two panes to session main: its active
// pane, then the other.
func secondWindow(srv *tmuxtest.Server) (active, other string) {
	active = srv.Must("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id}")
	return active, srv.Must("split-window", "-d", "-t", active, "-P", "-F", "#{pane_id}")
}

// markedPane is the marked pane of session main, or "".
func markedPane(srv *tmuxtest.Server) string {
	return srv.Must("list-panes", "-s", "-t", "main:", "-f", "#{pane_marked}", "-F", "#{pane_id}")
}

// tmux keeps the mark as session, window and pane together
// (server.c, server_check_marked), so a swap that moves the marked pane
// into another window would leave no pane marked. The swap keeps it on
// the pane, whichever side it is on.
func TestSwapAcrossWindowsKeepsMark(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	w1, w1b := secondWindow(srv)
	marked := func() string { return markedPane(srv) }
	for _, tc := range []struct{ name, mark, a, b string }{
		{"marked is source", g[1], g[1], w1b},
		{"marked is target", g[2], w1, g[2]},
		{"marked active is source", g[1], g[1], w1}, // g[1] is in window 1 now
		{"marked elsewhere", g[3], g[0], w1b},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv.Must("select-pane", "-M")
			srv.Must("select-pane", "-m", "-t", tc.mark)
			win := srv.Display(tc.mark, "#{window_id}")
			if _, err := c.SwapPane(ctx(t), tmux.PaneID(tc.a), tmux.PaneID(tc.b)); err != nil {
				t.Fatal(err)
			}
			if (tc.mark == tc.a || tc.mark == tc.b) && srv.Display(tc.mark, "#{window_id}") == win {
				t.Fatalf("%s did not change windows", tc.mark)
			}
			if m := marked(); m != tc.mark {
				t.Errorf("marked pane after the swap: %q, want %s", m, tc.mark)
			}
		})
	}
}

// Within one window tmux keeps the mark by itself; the swap must not
// toggle it off.
func TestSwapSameWindowKeepsMark(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	srv.Must("select-pane", "-m", "-t", g[1])
	if _, err := c.SwapPane(ctx(t), tmux.PaneID(g[1]), tmux.PaneID(g[2])); err != nil {
		t.Fatal(err)
	}
	if m := markedPane(srv); m != g[1] {
		t.Errorf("marked pane after the swap: %q, want %s", m, g[1])
	}
}

// aSide is which side of a swap the pane a test follows is on, and
// whether the other pane's window is linked into a second session too (a
// script that looks at every session's windows sees it twice then).
type aSide struct{ source, linked bool }

// eachSide runs f for each aSide, on a server of its own.
func eachSide(t *testing.T, f func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client, s aSide)) {
	t.Parallel()
	for _, s := range []aSide{{true, false}, {false, false}, {true, true}, {false, true}} {
		t.Run(fmt.Sprintf("source=%v,linked=%v", s.source, s.linked), func(t *testing.T) {
			t.Parallel()
			srv, c := newClient(t, tmux.Env{})
			f(t, srv, c, s)
		})
	}
}

// swap links window win into a second session when s.linked, then swaps
// pane p with pane q, p as the source when s.source.
func (s aSide) swap(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client, win, p, q string) {
	t.Helper()
	if s.linked {
		srv.Must("new-session", "-d", "-s", "two")
		srv.Must("link-window", "-s", win, "-t", "two:")
	}
	if !s.source {
		p, q = q, p
	}
	if _, err := c.SwapPane(ctx(t), tmux.PaneID(p), tmux.PaneID(q)); err != nil {
		t.Fatal(err)
	}
}

// tmux refuses to mark a pane hidden by a zoom (cmd-select-pane.c): a
// marked pane that lands hidden in a zoomed window stays marked, and the
// window stays zoomed on its active pane, whichever side of the swap the
// marked pane is on, also when the zoomed window is linked into a second
// session (the script names it once).
func TestSwapIntoZoomedWindowKeepsMark(t *testing.T) {
	eachSide(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client, s aSide) {
		g := srv.Grid()
		w1, w1b := secondWindow(srv)
		srv.Must("resize-pane", "-Z", "-t", w1)
		srv.Must("select-pane", "-m", "-t", g[1])
		s.swap(t, srv, c, srv.Display(w1, "#{window_id}"), g[1], w1b)
		if m := markedPane(srv); m != g[1] {
			t.Errorf("marked pane after the swap: %q, want %s", m, g[1])
		}
		if z, a := srv.Display(w1, "#{window_zoomed_flag}"), srv.Active(w1); z != "1" || a != w1 {
			t.Errorf("window of %s: zoomed %s, active %s; want zoomed on %s", w1, z, a, w1)
		}
	})
}

// A swap that keeps a mark, with a pane that does not exist, fails
// naming that pane and changes nothing.
func TestSwapMarkedWithGonePane(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	srv.Must("select-pane", "-m", "-t", g[1])
	before := srv.Must("list-panes", "-a", "-F", "#{pane_id} #{window_id} #{pane_active} #{pane_marked}")
	for _, pair := range [][2]string{{g[1], "%999"}, {"%999", g[1]}} {
		_, err := c.SwapPane(ctx(t), tmux.PaneID(pair[0]), tmux.PaneID(pair[1]))
		var e *tmux.Error
		if !errors.As(err, &e) || e.Kind != tmux.KindGone || e.Value != "%999" {
			t.Errorf("swap %v: got %v, want gone naming %%999", pair, err)
		}
	}
	if after := srv.Must("list-panes", "-a", "-F", "#{pane_id} #{window_id} #{pane_active} #{pane_marked}"); after != before {
		t.Errorf("the failed swaps changed the panes:\n%s\n%s", before, after)
	}
}
