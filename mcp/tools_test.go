package mcp_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

func TestSelectPaneDirections(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	g := f.srv.Grid()
	tl, tr, bl, br := g[0], g[1], g[2], g[3]
	// Pane index order after Grid's splits: tl bl tr br.
	cases := []struct {
		from, dir, want string
	}{
		{tl, "right", tr},
		{tl, "down", bl},
		{br, "up", tr},
		{br, "left", bl},
		{tl, "next", bl},
		{tl, "previous", br}, // wraps
		{br, "next", tl},     // wraps
		{tr, "previous", bl},
	}
	for _, c := range cases {
		var v view
		f.ok(t, "select_pane", obj("pane", c.from, "direction", c.dir), &v)
		if v.ID != c.want || !v.Active {
			t.Errorf("select_pane %s %s = %s (active %v), want %s active", c.from, c.dir, v.ID, v.Active, c.want)
		}
		if got := f.srv.Active(tl); got != c.want {
			t.Errorf("select_pane %s %s: tmux's active pane is %s, want %s", c.from, c.dir, got, c.want)
		}
	}

	// last goes back to the pane that was active before.
	f.srv.Must("select-pane", "-t", tr)
	f.srv.Must("select-pane", "-t", bl)
	var v view
	f.ok(t, "select_pane", obj("pane", bl, "direction", "last"), &v)
	if v.ID != tr || f.srv.Active(tl) != tr {
		t.Errorf("select_pane last from %s = %s, tmux active %s; want %s", bl, v.ID, f.srv.Active(tl), tr)
	}

	// No direction, or an explicit null, selects the pane itself.
	for _, args := range []map[string]any{obj("pane", br), obj("pane", tl, "direction", nil)} {
		var v view
		text := f.ok(t, "select_pane", args, &v)
		if v.ID != args["pane"] || f.srv.Active(tl) != args["pane"] {
			t.Errorf("select_pane %v = %s, tmux active %s", args, v.ID, f.srv.Active(tl))
		}
		if !strings.Contains(text, v.ID) {
			t.Errorf("text %q does not name %s", text, v.ID)
		}
		if v.WindowID != f.srv.Display(tl, "#{window_id}") || v.Command == nil || *v.Command != "sh" || v.Path == nil || v.Caller != "unknown" {
			t.Errorf("select_pane %v: view %+v", args, v)
		}
	}
}

func TestSwapPaneInOneWindow(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	g := f.srv.Grid()
	tl, br := g[0], g[3]
	f.srv.Must("select-pane", "-t", tl)
	brIndex := f.srv.Display(br, "#{pane_index}")
	var v view
	text := f.ok(t, "swap_pane", obj("source_pane", tl, "target_pane", br), &v)
	// The result describes the source where the target was; focus stays
	// with the content that had it.
	if v.ID != tl || v.WindowID != f.srv.Display(tl, "#{window_id}") || !v.Active {
		t.Errorf("swap_pane result %+v: want %s, active", v, tl)
	}
	if !strings.Contains(text, "index "+brIndex) {
		t.Errorf("text %q does not say %s is now at index %s", text, tl, brIndex)
	}
	if got := f.srv.Display(tl, "#{pane_index}"); got != brIndex {
		t.Errorf("tmux puts %s at index %s, want %s", tl, got, brIndex)
	}
	if got := f.srv.Active(tl); got != tl {
		t.Errorf("active pane after swap = %s, want %s", got, tl)
	}
	if !strings.Contains(text, tl) || !strings.Contains(text, br) {
		t.Errorf("text %q should name both panes", text)
	}
}

func TestSwapPaneAcrossWindows(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	g := f.srv.Grid()
	tl, br := g[0], g[3]
	w0 := f.srv.Display(tl, "#{window_id}")
	other := f.srv.Must("new-window", "-t", "main", "-P", "-F", "#{pane_id}")
	w1 := f.srv.Display(other, "#{window_id}")
	f.srv.Must("select-pane", "-t", tl)

	// br (not active in its window) trades places with other (active in
	// its one-pane window): tl keeps window 0's focus, and br, arriving in
	// place of window 1's active pane, becomes active there.
	var v view
	f.ok(t, "swap_pane", obj("source_pane", br, "target_pane", other), &v)
	if v.ID != br || v.WindowID != w1 || !v.Active {
		t.Errorf("swap_pane result %+v: want %s in %s, active", v, br, w1)
	}
	if got := f.srv.Display(other, "#{window_id}"); got != w0 {
		t.Errorf("%s is in %s, want %s", other, got, w0)
	}
	if got := f.srv.Active(tl); got != tl {
		t.Errorf("window %s active = %s, want %s (focus stays with content)", w0, got, tl)
	}
	if got := f.srv.Active(br); got != br {
		t.Errorf("window %s active = %s, want %s", w1, got, br)
	}
}

func TestSwapPaneWithItself(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	g := f.srv.Grid()
	f.srv.Must("select-pane", "-t", g[1])
	layout := func() string {
		return f.srv.Must("list-panes", "-t", g[0], "-F", "#{pane_id} #{pane_index} #{pane_active} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}")
	}
	before := layout()
	var v view
	text := f.ok(t, "swap_pane", obj("source_pane", g[2], "target_pane", g[2]), &v)
	if v.ID != g[2] || v.Active {
		t.Errorf("self-swap result %+v: want %s, not active", v, g[2])
	}
	if after := layout(); after != before {
		t.Errorf("self-swap changed the window:\n%s\nto\n%s", before, after)
	}
	if !strings.Contains(text, "nothing changed") {
		t.Errorf("self-swap text %q", text)
	}
}

func TestGonePane(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	g := f.srv.Grid()
	f.srv.Must("kill-pane", "-t", g[3])
	cases := []struct {
		tool string
		args map[string]any
		name string // the pane the message must name
	}{
		{"select_pane", obj("pane", "%999"), "%999"},
		{"select_pane", obj("pane", g[3]), g[3]},
		{"select_pane", obj("pane", g[3], "direction", "next"), g[3]},
		{"swap_pane", obj("source_pane", g[0], "target_pane", g[3]), g[3]},
		{"swap_pane", obj("source_pane", g[3], "target_pane", g[0]), g[3]},
		{"list_panes", obj("window", "@999"), "@999"},
	}
	for _, c := range cases {
		text, meta := f.fail(t, c.tool, c.args)
		if meta != (mcp.ErrorMeta{Kind: tmux.KindGone, Retryable: false, Stale: true}) {
			t.Errorf("%s %v: meta %+v, want gone/stale", c.tool, c.args, meta)
		}
		if !strings.Contains(text, c.name) {
			t.Errorf("%s %v: message %q does not name %s", c.tool, c.args, text, c.name)
		}
	}
}

func TestCaller(t *testing.T) {
	t.Parallel()
	srv := tmuxtestStart(t)
	g := srv.Grid()
	self := tmux.Env{TMUX: srv.SocketPath() + ",12345,0", TMUXPane: g[1]}
	cases := []struct {
		name string
		env  tmux.Env
		pane string
		want string
	}{
		{"self", self, g[1], "self"},
		{"other pane", self, g[2], "other"},
		{"other server", tmux.Env{TMUX: "/nonexistent/socket,1,0", TMUXPane: g[1]}, g[1], "other"},
		{"outside tmux", tmux.Env{}, g[1], "unknown"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := startOn(t, srv, c.env, mcp.Options{})
			var v view
			text := f.ok(t, "select_pane", obj("pane", c.pane), &v)
			if v.Caller != c.want {
				t.Errorf("select_pane %s with %+v: caller %q, want %q", c.pane, c.env, v.Caller, c.want)
			}
			if c.want == "self" && !strings.Contains(text, "own pane") {
				t.Errorf("text %q does not say it is the server's own pane", text)
			}
			var w window
			f.ok(t, "list_panes", obj("window", v.WindowID), &w)
			for _, p := range w.Panes {
				want := "other"
				switch {
				case c.env.TMUX == "":
					want = "unknown"
				case c.env == self && p.ID == self.TMUXPane:
					want = "self"
				}
				if p.Caller != want {
					t.Errorf("list_panes: %s caller %q, want %q", p.ID, p.Caller, want)
				}
			}
		})
	}
}

func TestListPanes(t *testing.T) {
	t.Parallel()
	srv := tmuxtestStart(t)
	g := srv.Grid()
	w0 := srv.Display(g[0], "#{window_id}")
	srv.Must("select-pane", "-t", g[3], "-T", "café ☕") // UTF-8 survives a C locale
	srv.Must("resize-pane", "-Z", "-t", g[2])
	p1 := srv.Must("new-window", "-t", "main", "-P", "-F", "#{pane_id}") // now the current window
	w1 := srv.Display(p1, "#{window_id}")

	check := func(t *testing.T, f *fixture, args map[string]any, want string) window {
		t.Helper()
		var w window
		text := f.ok(t, "list_panes", args, &w)
		if w.WindowID != want {
			t.Fatalf("list_panes %v listed %s, want %s", args, w.WindowID, want)
		}
		if !strings.Contains(text, want) {
			t.Errorf("text %q does not name %s", text, want)
		}
		return w
	}

	t.Run("explicit window", func(t *testing.T) {
		f := startOn(t, srv, tmux.Env{}, mcp.Options{})
		w := check(t, f, obj("window", w0), w0)
		if !w.Zoomed || w.Width != 200 || w.Height != 50 || len(w.Panes) != 4 {
			t.Fatalf("window %+v: want zoomed 200x50 with 4 panes", w)
		}
		for i, p := range w.Panes {
			if p.Index != i || p.WindowID != w0 || p.Width == 0 || p.Height == 0 || p.Width == 200 {
				t.Errorf("pane %d: %+v (geometry should be the unzoomed layout's)", i, p)
			}
			if p.Active != (p.ID == g[2]) {
				t.Errorf("pane %s active=%v; %s is the zoomed, active pane", p.ID, p.Active, g[2])
			}
			if p.ID == g[3] && p.Title != "café ☕" {
				t.Errorf("title %q, want %q", p.Title, "café ☕")
			}
			if p.ID == g[1] && (p.Left == 0 || p.Top != 0) {
				t.Errorf("top-right pane at %d,%d", p.Left, p.Top)
			}
		}
	})
	t.Run("default is the current window outside tmux", func(t *testing.T) {
		f := startOn(t, srv, tmux.Env{}, mcp.Options{})
		w := check(t, f, obj(), w1)
		if len(w.Panes) != 1 || w.Panes[0].ID != p1 || w.Zoomed {
			t.Errorf("window %+v", w)
		}
		check(t, f, obj("window", nil), w1)
	})
	t.Run("default is the caller's window inside tmux", func(t *testing.T) {
		f := startOn(t, srv, tmux.Env{TMUX: srv.SocketPath() + ",1,0", TMUXPane: g[1]}, mcp.Options{})
		w := check(t, f, nil, w0)
		for _, p := range w.Panes {
			if (p.Caller == "self") != (p.ID == g[1]) {
				t.Errorf("pane %s caller %s", p.ID, p.Caller)
			}
		}
	})
	t.Run("default window option", func(t *testing.T) {
		f := startOn(t, srv, tmux.Env{}, mcp.Options{DefaultWindow: "main:0"})
		check(t, f, obj(), w0)
	})
}
