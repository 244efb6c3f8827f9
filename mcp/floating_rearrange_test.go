package mcp_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// floatingWindow is a window of two tiled panes, a, b, and a floating
// pane f made last (on top), with a active and b its last pane: the swap
// script's focus steps run before its swap-pane there.
func floatingWindow(t *testing.T, srv *tmuxtest.Server) (win, a, b, f string) {
	t.Helper()
	win = srv.Display("main:0", "#{window_id}")
	a = srv.Display(win, "#{pane_id}")
	b = srv.Must("split-window", "-h", "-t", win, "-P", "-F", "#{pane_id}", "exec sh")
	f = srv.Must("new-pane", "-d", "-t", win, "-X", "10", "-Y", "5", "-x", "30", "-y", "8", "-P", "-F", "#{pane_id}", "exec sh")
	srv.Must("select-pane", "-t", b)
	srv.Must("select-pane", "-t", a)
	return win, a, b, f
}

// windowState is everything a refused change must leave as it was: the
// layout, which pane is active, and each pane's place in the stack.
func windowState(srv *tmuxtest.Server, win string) string {
	return srv.Display(win, "#{window_layout} #{P:#{pane_id}:#{pane_active}#{pane_last}#{pane_floating_flag}z#{pane_z} }")
}

// TestSwapPaneFloating: on tmux 3.7 swap_pane refuses a floating pane,
// naming the version, and changes nothing (tmux would refuse after the
// script had moved the focus); on 3.8 it swaps a tiled and a floating
// pane and two floating panes as tmux does (places swap, the floating
// place staying floating), the focus staying with the content, and
// refuses a modal pane.
func TestSwapPaneFloating(t *testing.T) {
	t.Parallel()
	srv := tmuxtestStart(t)
	if !srv.AtLeast(3, 7) {
		t.Skipf("tmux %s has no floating panes", srv.Version())
	}
	win, a, _, f := floatingWindow(t, srv)
	c := startOn(t, srv, tmux.Env{}, mcp.Options{})
	before := windowState(srv, win)
	if !srv.AtLeast(3, 8) {
		text, m := c.fail(t, "swap_pane", obj("source_pane", a, "target_pane", f))
		if m.Kind != tmux.KindUnsupported || !strings.Contains(text, srv.Version()) || !strings.Contains(text, "floating") {
			t.Errorf("swap of tiled %s and floating %s on tmux %s: %+v %s", a, f, srv.Version(), m, text)
		}
		if after := windowState(srv, win); after != before {
			t.Errorf("the refused swap changed the window:\n%s\nwas\n%s", after, before)
		}
		return
	}

	fgeo := srv.Display(f, "#{pane_left},#{pane_top} #{pane_width}x#{pane_height}")
	ageo := srv.Display(a, "#{pane_left},#{pane_top} #{pane_width}x#{pane_height}")
	text := c.ok(t, "swap_pane", obj("source_pane", a, "target_pane", f), new(map[string]any))
	if got := srv.Display(a, "#{pane_floating_flag} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}"); got != "1 "+fgeo {
		t.Errorf("after the swap %s is %s, want floating at %s", a, got, fgeo)
	}
	if got := srv.Display(f, "#{pane_floating_flag} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}"); got != "0 "+ageo {
		t.Errorf("after the swap %s is %s, want tiled at %s", f, got, ageo)
	}
	if got := srv.Active(win); got != a {
		t.Errorf("the focus went to %s, want %s (it stays with the content)", got, a)
	}
	if !strings.Contains(text, "floats there") {
		t.Errorf("the answer does not say %s floats now:\n%s", a, text)
	}

	// Two floating panes: a (floating now) and a new one, g.
	g := srv.Must("new-pane", "-d", "-t", win, "-X", "60", "-Y", "20", "-x", "20", "-y", "6", "-P", "-F", "#{pane_id}", "exec sh")
	ggeo := srv.Display(g, "#{pane_left},#{pane_top} #{pane_width}x#{pane_height}")
	c.ok(t, "swap_pane", obj("source_pane", g, "target_pane", a), new(map[string]any))
	if got := srv.Display(a, "#{pane_floating_flag} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}"); got != "1 "+ggeo {
		t.Errorf("after the floating swap %s is %s, want floating at %s", a, got, ggeo)
	}
	if got := srv.Display(g, "#{pane_floating_flag} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}"); got != "1 "+fgeo {
		t.Errorf("after the floating swap %s is %s, want floating at %s", g, got, fgeo)
	}

	// A modal pane (active, blocking the others) is refused, and nothing
	// moves.
	o := srv.Must("new-pane", "-O", "-d", "-t", win, "-P", "-F", "#{pane_id}", "exec sh")
	before = windowState(srv, win)
	text, m := c.fail(t, "swap_pane", obj("source_pane", f, "target_pane", o))
	if m.Kind != tmux.KindRefused || !strings.Contains(text, "modal") {
		t.Errorf("swap with modal %s: %+v %s", o, m, text)
	}
	if after := windowState(srv, win); after != before {
		t.Errorf("the refused swap changed the window:\n%s\nwas\n%s", after, before)
	}
}

// TestSelectLayoutFloating: on tmux 3.7 a named layout, next, previous
// and spread on a window with floating panes are refused, naming the
// version (3.7 tiles the floating panes, or its spread breaks the
// tiling), and change nothing; on 3.8 they apply to the tiled panes, the
// floating ones staying where they were, and the answer says so.
func TestSelectLayoutFloating(t *testing.T) {
	t.Parallel()
	srv := tmuxtestStart(t)
	if !srv.AtLeast(3, 7) {
		t.Skipf("tmux %s has no floating panes", srv.Version())
	}
	win, _, _, f := floatingWindow(t, srv)
	c := startOn(t, srv, tmux.Env{}, mcp.Options{})
	fgeo := srv.Display(f, "#{pane_floating_flag} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}")
	for _, layout := range []string{"even-vertical", "next", "previous", "spread", "tiled"} {
		before := windowState(srv, win)
		if !srv.AtLeast(3, 8) {
			text, m := c.fail(t, "select_layout", obj("window", win, "layout", layout))
			if m.Kind != tmux.KindUnsupported || !strings.Contains(text, srv.Version()) || !strings.Contains(text, "tile") {
				t.Errorf("select_layout %s on tmux %s: %+v %s", layout, srv.Version(), m, text)
			}
			if after := windowState(srv, win); after != before {
				t.Errorf("the refused layout %s changed the window:\n%s\nwas\n%s", layout, after, before)
			}
			continue
		}
		text := c.ok(t, "select_layout", obj("window", win, "layout", layout), new(map[string]any))
		if got := srv.Display(f, "#{pane_floating_flag} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}"); got != fgeo {
			t.Errorf("layout %s: floating %s is %s, was %s", layout, f, got, fgeo)
		}
		if !strings.Contains(text, "floating panes ("+f+") float on") {
			t.Errorf("layout %s: the answer does not say %s floats on:\n%s", layout, f, text)
		}
	}
}

// TestMovePaneFloating: move_pane takes a floating pane into another
// window, where tmux tiles it, and says so; a pane moved into a window
// whose active pane floats (tmux splits no floating pane) goes beside the
// window's last pane when it is tiled, and the answer names that pane.
func TestMovePaneFloating(t *testing.T) {
	t.Parallel()
	srv := tmuxtestStart(t)
	if !srv.AtLeast(3, 7) {
		t.Skipf("tmux %s has no floating panes", srv.Version())
	}
	win, a, b, f := floatingWindow(t, srv)
	other := srv.Must("new-window", "-d", "-t", "main:", "-P", "-F", "#{window_id}", "exec sh")
	c := startOn(t, srv, tmux.Env{}, mcp.Options{})

	text := c.ok(t, "move_pane", obj("pane", f, "to_window", other), new(map[string]any))
	if got := srv.Display(f, "#{window_id} #{pane_floating_flag}"); got != other+" 0" {
		t.Errorf("moved floating %s is %s, want tiled in %s", f, got, other)
	}
	if !strings.Contains(text, "tmux tiles") {
		t.Errorf("the answer does not say %s is tiled now:\n%s", f, text)
	}

	// a active with b last, then a floating g made active: b is last now.
	g := srv.Must("new-pane", "-t", win, "-P", "-F", "#{pane_id}", "exec sh")
	if srv.Active(win) != g || srv.Display(win, "#{P:#{?pane_last,#{pane_id},}}") != a {
		t.Fatalf("floating %s is not active with %s last in %s", g, a, win)
	}
	text = c.ok(t, "move_pane", obj("pane", f, "to_window", win), new(map[string]any))
	if got := srv.Display(f, "#{window_id} #{pane_floating_flag}"); got != win+" 0" {
		t.Errorf("%s moved into %s is %s", f, win, got)
	}
	if !strings.Contains(text, "beside pane "+a) {
		t.Errorf("the answer does not say %s went beside %s:\n%s", f, a, text)
	}
	if got := srv.Active(win); got != g {
		t.Errorf("the move took %s's focus to %s, want it on %s still", win, got, g)
	}
	if got := srv.Display(g, "#{pane_floating_flag}"); got != "1" {
		t.Errorf("floating %s is tiled after the move", g)
	}
	_ = b
}

// TestResizePaneFloating: in a window with a floating pane, tmux 3.7 and
// master resize a tiled pane by taking room from (or giving it to) the
// floating pane's cell beside it in the layout tree, and the tiled panes
// then reach past the window or leave a gap: resize_pane refuses, and
// changes nothing. On master a floating pane itself still resizes; 3.7
// resizes it as a tiled one, and refuses it too.
func TestResizePaneFloating(t *testing.T) {
	t.Parallel()
	srv := tmuxtestStart(t)
	if !srv.AtLeast(3, 7) {
		t.Skipf("tmux %s has no floating panes", srv.Version())
	}
	win := srv.Display("main:0", "#{window_id}")
	a := srv.Display(win, "#{pane_id}")
	b := srv.Must("split-window", "-h", "-t", win, "-P", "-F", "#{pane_id}", "exec sh")
	// Made from a: on master its cell sits right after a's in the tree.
	f := srv.Must("new-pane", "-d", "-t", a, "-X", "10", "-Y", "5", "-x", "30", "-y", "8", "-P", "-F", "#{pane_id}", "exec sh")
	c := startOn(t, srv, tmux.Env{}, mcp.Options{})
	for _, p := range []string{a, b} {
		for _, dir := range []string{"left", "right"} {
			before := windowState(srv, win)
			text, m := c.fail(t, "resize_pane", obj("pane", p, "direction", dir, "cells", 3))
			if m.Kind != tmux.KindRefused || !strings.Contains(text, "floating") || !strings.Contains(text, srv.Version()) {
				t.Errorf("resize %s %s beside floating %s: %+v %s", p, dir, f, m, text)
			}
			if after := windowState(srv, win); after != before {
				t.Errorf("the refused resize of %s changed the window:\n%s\nwas\n%s", p, after, before)
			}
		}
	}
	if !srv.AtLeast(3, 8) {
		if text, m := c.fail(t, "resize_pane", obj("pane", f, "direction", "right", "cells", 3)); m.Kind != tmux.KindRefused {
			t.Errorf("tmux %s resized floating %s: %+v %s", srv.Version(), f, m, text)
		}
		return
	}
	w := srv.Display(f, "#{pane_width}")
	c.ok(t, "resize_pane", obj("pane", f, "direction", "right", "cells", 3), new(map[string]any))
	if got := srv.Display(f, "#{pane_width}"); got == w {
		t.Errorf("floating %s stayed %s wide after a resize right by 3", f, w)
	}
}
