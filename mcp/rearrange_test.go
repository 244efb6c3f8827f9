package mcp_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// resized, arranged and moved mirror the output schemas of resize_pane,
// select_layout and move_pane.
type resized struct {
	view
	Layout string `json:"layout"`
}

type arranged struct {
	WindowID string `json:"window_id"`
	Layout   string `json:"layout"`
	Width    int    `json:"width"`
	Height   int    `json:"height"`
	Zoomed   bool   `json:"zoomed"`
	Panes    []struct {
		ID     string `json:"id"`
		Index  int    `json:"index"`
		Left   int    `json:"left"`
		Top    int    `json:"top"`
		Width  int    `json:"width"`
		Height int    `json:"height"`
		Active bool   `json:"active"`
	} `json:"panes"`
}

type moved struct {
	view
	Moved             bool   `json:"moved"`
	FromWindowID      string `json:"from_window_id"`
	FromWindowClosed  bool   `json:"from_window_closed"`
	FromSessionClosed bool   `json:"from_session_closed"`
}

// fingerprint is everything the rearranging tools can change on the
// server, as tmux reports it: sessions, windows, layouts, zoom, focus,
// the mark and every pane's place.
func fingerprint(srv *tmuxtest.Server) string {
	// One tmux client reads all three (one line each per session,
	// window and pane, in that order): the same text as three reads.
	return srv.Must("list-sessions", "-F", "#{session_id} #{session_windows}",
		";", "list-windows", "-a", "-F", "#{session_id} #{window_id} #{window_index} #{window_width}x#{window_height} #{window_layout} zoom=#{window_zoomed_flag} current=#{window_active}",
		";", "list-panes", "-a", "-F", "#{pane_id} in #{window_id}.#{pane_index} #{pane_left},#{pane_top} #{pane_width}x#{pane_height} active=#{pane_active} marked=#{pane_marked}")
}

// geometry is a pane's place as tmux reports it: width, height, left, top.
func geometryOf(t *testing.T, srv *tmuxtest.Server, p string) [4]int {
	t.Helper()
	var g [4]int
	for i, s := range strings.Fields(srv.Display(p, "#{pane_width} #{pane_height} #{pane_left} #{pane_top}")) {
		g[i], _ = strconv.Atoi(s)
	}
	return g
}

func TestResizePane(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	g := f.srv.Grid()
	tl, br := g[0], g[3]
	w0 := f.srv.Display(tl, "#{window_id}")

	cases := []struct {
		pane, dir string
		cells     int
		want      func(before [4]int) [4]int // width, height, left, top
	}{
		{tl, "right", 5, func(b [4]int) [4]int { return [4]int{b[0] + 5, b[1], b[2], b[3]} }},
		{tl, "down", 3, func(b [4]int) [4]int { return [4]int{b[0], b[1] + 3, b[2], b[3]} }},
		// br is the bottom pane of its column: its top border moves up.
		{br, "up", 2, func(b [4]int) [4]int { return [4]int{b[0], b[1] + 2, b[2], b[3] - 2} }},
		{br, "left", 4, func(b [4]int) [4]int { return [4]int{b[0] + 4, b[1], b[2] - 4, b[3]} }},
	}
	for _, c := range cases {
		before := geometryOf(t, f.srv, c.pane)
		var r resized
		text := f.ok(t, "resize_pane", obj("pane", c.pane, "direction", c.dir, "cells", c.cells), &r)
		got := geometryOf(t, f.srv, c.pane)
		if want := c.want(before); got != want {
			t.Errorf("resize %s %s %d: tmux has %v, want %v (was %v)", c.pane, c.dir, c.cells, got, want, before)
		}
		if answered := [4]int{r.Width, r.Height, r.Left, r.Top}; answered != got {
			t.Errorf("resize %s %s %d answered %v, tmux has %v", c.pane, c.dir, c.cells, answered, got)
		}
		if r.ID != c.pane || r.WindowID != w0 || r.Caller != "unknown" || r.Command == nil || *r.Command != "sh" || r.Path == nil {
			t.Errorf("resize %s: pane view %+v", c.pane, r.view)
		}
		if layout := f.srv.Display(w0, "#{window_layout}"); r.Layout != layout {
			t.Errorf("resize %s: layout %q, tmux has %q", c.pane, r.Layout, layout)
		}
		if !strings.Contains(text, fmt.Sprintf("was %dx%d", before[0], before[1])) || !strings.Contains(text, fmt.Sprintf("now %dx%d", got[0], got[1])) || !strings.Contains(text, "+---") {
			t.Errorf("resize %s text %q: want the size before and after, and a map", c.pane, text)
		}
	}

	// tmux clamps: the border stops at the neighbour's smallest size.
	var r resized
	f.ok(t, "resize_pane", obj("pane", tl, "direction", "left", "cells", 1000), &r)
	if got := geometryOf(t, f.srv, tl); r.Width != got[0] || r.Width < 1 || r.Width > 2 {
		t.Errorf("resize left by 1000: answered width %d, tmux %d; want the smallest", r.Width, got[0])
	}

	// A pane alone in its window has no border to move: nothing changes,
	// and the text says so.
	alone := f.srv.Must("new-window", "-d", "-t", "main", "-P", "-F", "#{pane_id}")
	before := fingerprint(f.srv)
	text := f.ok(t, "resize_pane", obj("pane", alone, "direction", "up", "cells", 5), &r)
	if after := fingerprint(f.srv); after != before {
		t.Errorf("resizing a lone pane changed tmux:\n%s\nwas:\n%s", after, before)
	}
	if !strings.Contains(text, "could not move") {
		t.Errorf("lone pane resize text %q", text)
	}

	// A zoomed window stays zoomed, and answers its unzoomed geometry.
	f.srv.Must("resize-pane", "-Z", "-t", tl)
	f.ok(t, "resize_pane", obj("pane", br, "direction", "up", "cells", 1), &r)
	if f.srv.Display(w0, "#{window_zoomed_flag}") != "1" || f.srv.Active(w0) != tl {
		t.Errorf("resize in a zoomed window: zoom %s on %s", f.srv.Display(w0, "#{window_zoomed_flag}"), f.srv.Active(w0))
	}
	if r.Width == 200 || r.Layout != f.srv.Display(w0, "#{window_layout}") {
		t.Errorf("resize in a zoomed window answered %dx%d, layout %q", r.Width, r.Height, r.Layout)
	}
}

func TestSelectLayout(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	g := f.srv.Grid()
	w0 := f.srv.Display(g[0], "#{window_id}")

	// check compares an answer with tmux's own view of the window.
	// tmux's view is read by one client: the layout, then each pane's
	// geometry (as geometryOf reads it) and whether it is active.
	check := func(t *testing.T, what string, a arranged) {
		t.Helper()
		lines := strings.Split(f.srv.Must("display-message", "-p", "-t", w0, "#{window_layout}",
			";", "list-panes", "-t", w0, "-F", "#{pane_id} #{pane_width} #{pane_height} #{pane_left} #{pane_top} #{pane_active}"), "\n")
		geometry, active := map[string][4]int{}, ""
		for _, line := range lines[1:] {
			var id string
			var g [4]int
			var on int
			if _, err := fmt.Sscan(line, &id, &g[0], &g[1], &g[2], &g[3], &on); err != nil {
				t.Fatalf("%s: tmux's pane line %q: %v", what, line, err)
			}
			geometry[id] = g
			if on == 1 {
				active = id
			}
		}
		if layout := lines[0]; a.Layout != layout {
			t.Errorf("%s: layout %q, tmux has %q", what, a.Layout, layout)
		}
		if a.WindowID != w0 || a.Width != 200 || a.Height != 50 || len(a.Panes) != 4 {
			t.Errorf("%s: window %s %dx%d with %d panes", what, a.WindowID, a.Width, a.Height, len(a.Panes))
		}
		for i, p := range a.Panes {
			got, ok := geometry[p.ID]
			if !ok {
				t.Errorf("%s: pane %s is not in window %s", what, p.ID, w0)
			}
			if a.Zoomed {
				// tmux reports the zoomed geometry; the answer is the
				// unzoomed layout's, checked through the layout string.
				got = [4]int{p.Width, p.Height, p.Left, p.Top}
			}
			if p.Index != i || [4]int{p.Width, p.Height, p.Left, p.Top} != got {
				t.Errorf("%s: pane %s index %d at %v, tmux has %v", what, p.ID, p.Index, [4]int{p.Width, p.Height, p.Left, p.Top}, got)
			}
			if p.Active != (p.ID == active) {
				t.Errorf("%s: pane %s active=%v", what, p.ID, p.Active)
			}
		}
	}
	for _, name := range tmuxctl.NamedLayouts {
		var a arranged
		text := f.ok(t, "select_layout", obj("window", w0, "layout", name), &a)
		check(t, name, a)
		if !strings.Contains(text, name) || !strings.Contains(text, a.Layout) {
			t.Errorf("%s: text %q", name, text)
		}
		for _, p := range a.Panes {
			switch {
			case name == "even-horizontal" && (p.Top != 0 || p.Height != 50),
				name == "even-vertical" && (p.Left != 0 || p.Width != 200):
				t.Errorf("%s: pane %s at %d,%d %dx%d", name, p.ID, p.Left, p.Top, p.Width, p.Height)
			}
		}
		// Selecting it again changes nothing.
		before := fingerprint(f.srv)
		f.ok(t, "select_layout", obj("window", w0, "layout", name), &a)
		if after := fingerprint(f.srv); after != before {
			t.Errorf("%s twice: changed\n%s\nwas:\n%s", name, after, before)
		}
	}
	for _, choice := range []string{tmuxctl.LayoutNext, tmuxctl.LayoutPrevious, tmuxctl.LayoutSpread} {
		f.srv.Must("resize-pane", "-t", g[1], "-L", "9") // uneven first
		var a arranged
		f.ok(t, "select_layout", obj("window", w0, "layout", choice), &a)
		check(t, choice, a)
	}

	// A layout string read back from tmux puts the arrangement back,
	// and so does one this tool answered.
	f.srv.Must("resize-pane", "-t", g[0], "-R", "17")
	f.srv.Must("resize-pane", "-t", g[3], "-U", "6")
	saved := f.srv.Display(w0, "#{window_layout}")
	var tiled, back arranged
	f.ok(t, "select_layout", obj("window", w0, "layout", "tiled"), &tiled)
	if tiled.Layout == saved {
		t.Fatalf("tiled did not change the layout %q", saved)
	}
	f.ok(t, "select_layout", obj("window", w0, "layout", saved), &back)
	if back.Layout != saved || f.srv.Display(w0, "#{window_layout}") != saved {
		t.Errorf("layout string round trip: answered %q, tmux %q, want %q", back.Layout, f.srv.Display(w0, "#{window_layout}"), saved)
	}
	check(t, "saved layout", back)
	f.ok(t, "select_layout", obj("window", w0, "layout", tiled.Layout), &back)
	if back.Layout != tiled.Layout {
		t.Errorf("answered layout string round trip: %q, want %q", back.Layout, tiled.Layout)
	}

	// A zoomed window stays zoomed on the same pane.
	f.srv.Must("resize-pane", "-Z", "-t", g[2])
	var z arranged
	f.ok(t, "select_layout", obj("window", w0, "layout", "main-vertical"), &z)
	if !z.Zoomed || f.srv.Display(w0, "#{window_zoomed_flag}") != "1" || f.srv.Active(w0) != g[2] {
		t.Errorf("layout in a zoomed window: answered zoomed=%v, tmux zoom %s on %s", z.Zoomed, f.srv.Display(w0, "#{window_zoomed_flag}"), f.srv.Active(w0))
	}
	check(t, "zoomed", z)
}

func TestMovePane(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	g := f.srv.Grid()
	w0 := f.srv.Display(g[0], "#{window_id}")
	p1 := f.srv.Must("new-window", "-d", "-t", "main:1", "-n", "one", "-P", "-F", "#{pane_id}")
	p2 := f.srv.Must("new-window", "-d", "-t", "main:2", "-n", "two", "-P", "-F", "#{pane_id}")
	w1, w2 := f.srv.Display(p1, "#{window_id}"), f.srv.Display(p2, "#{window_id}")
	main := f.srv.Display(g[0], "#{session_id}")
	f.srv.Must("set", "-g", "automatic-rename", "off")
	windowOf := func(p string) string { return f.srv.Display(p, "#{window_id}") }

	// An inactive pane into another window: focus stays everywhere.
	var m moved
	text := f.ok(t, "move_pane", obj("pane", g[3], "to_window", w1), &m)
	if m.ID != g[3] || m.WindowID != w1 || windowOf(g[3]) != w1 || !m.Moved || m.FromWindowID != w0 || m.FromWindowClosed || m.FromSessionClosed {
		t.Errorf("move %s to %s: %+v", g[3], w1, m)
	}
	if m.SessionID != main || m.WindowIndex != 1 || m.WindowName != "one" || m.Active || m.Command == nil || *m.Command != "sh" {
		t.Errorf("move %s to %s: window %s index %d %q active %v", g[3], w1, m.SessionID, m.WindowIndex, m.WindowName, m.Active)
	}
	if f.srv.Active(w1) != p1 || f.srv.Active(w0) != g[0] || f.srv.Display("main:", "#{window_id}") != w0 {
		t.Errorf("an inactive pane's move changed the focus")
	}
	if !strings.Contains(text, "Moved pane "+g[3]) || strings.Contains(text, "closed") {
		t.Errorf("move text %q", text)
	}

	// The same call again: the pane is already there.
	before := fingerprint(f.srv)
	text = f.ok(t, "move_pane", obj("pane", g[3], "to_window", w1, "new_window", false), &m)
	if m.Moved || m.WindowID != w1 || !strings.Contains(text, "already in") {
		t.Errorf("second move: %+v %q", m, text)
	}
	if after := fingerprint(f.srv); after != before {
		t.Errorf("a move into the pane's own window changed tmux:\n%s\nwas:\n%s", after, before)
	}

	// Out into a new window, and again (already alone).
	text = f.ok(t, "move_pane", obj("pane", g[2], "new_window", true), &m)
	nw := windowOf(g[2])
	if !m.Moved || m.WindowID != nw || nw == w0 || m.FromWindowID != w0 || f.srv.Display(g[2], "#{window_panes}") != "1" {
		t.Errorf("new window: %+v (tmux: %s)", m, nw)
	}
	if idx := f.srv.Display(g[2], "#{window_index}"); strconv.Itoa(m.WindowIndex) != idx || m.SessionID != main {
		t.Errorf("new window: index %d session %s, tmux %s", m.WindowIndex, m.SessionID, idx)
	}
	if f.srv.Display("main:", "#{window_id}") != w0 || !strings.Contains(text, "new window "+nw) {
		t.Errorf("breaking an inactive pane out: current window %s, text %q", f.srv.Display("main:", "#{window_id}"), text)
	}
	before = fingerprint(f.srv)
	text = f.ok(t, "move_pane", obj("pane", g[2], "to_window", nil, "new_window", true), &m)
	if m.Moved || m.WindowID != nw || !strings.Contains(text, "already alone") {
		t.Errorf("second break: %+v %q", m, text)
	}
	if after := fingerprint(f.srv); after != before {
		t.Errorf("breaking out a lone pane changed tmux:\n%s\nwas:\n%s", after, before)
	}

	// The only pane of a window: tmux closes the window, and the answer
	// says so.
	text = f.ok(t, "move_pane", obj("pane", p2, "to_window", w0), &m)
	if !m.Moved || m.WindowID != w0 || m.FromWindowID != w2 || !m.FromWindowClosed || m.FromSessionClosed {
		t.Errorf("moving the only pane of %s: %+v", w2, m)
	}
	if strings.Contains(f.srv.Must("list-windows", "-a", "-F", "#{window_id}"), w2+"\n") || !strings.Contains(text, "Window "+w2+" had no other pane, so tmux closed it.") {
		t.Errorf("window %s should be closed and the text say so: %q", w2, text)
	}

	// The focused pane takes the focus along: its new window becomes
	// the session's current window, with it active.
	f.ok(t, "move_pane", obj("pane", g[0], "to_window", w1), &m)
	if !m.Active || m.WindowID != w1 || f.srv.Display("main:", "#{window_id}") != w1 || f.srv.Active(w1) != g[0] {
		t.Errorf("moving the focused pane: %+v; current window %s, active %s", m, f.srv.Display("main:", "#{window_id}"), f.srv.Active(w1))
	}

	// The only pane of a session's only window: the session goes too.
	f.srv.Must("new-session", "-d", "-s", "solo", "exec sh")
	solo := f.srv.Display("solo:", "#{pane_id}")
	soloSession := f.srv.Display("solo:", "#{session_id}")
	text = f.ok(t, "move_pane", obj("pane", solo, "to_window", w1), &m)
	if !m.Moved || !m.FromWindowClosed || !m.FromSessionClosed || !strings.Contains(text, "Session "+soloSession+" had no other window") {
		t.Errorf("moving a session's last pane: %+v %q", m, text)
	}
	if _, err := f.srv.Run("has-session", "-t", soloSession); err == nil {
		t.Errorf("session %s survived losing its last pane", soloSession)
	}

}

func TestRearrangeGone(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	g := f.srv.Grid()
	w0 := f.srv.Display(g[0], "#{window_id}")
	for _, c := range []struct {
		tool string
		args map[string]any
		name string
	}{
		{"resize_pane", obj("pane", "%999", "direction", "up", "cells", 1), "%999"},
		{"select_layout", obj("window", "@999", "layout", "tiled"), "@999"},
		{"select_layout", obj("window", "@999", "layout", f.srv.Display(w0, "#{window_layout}")), "@999"},
		{"move_pane", obj("pane", "%999", "new_window", true), "%999"},
		{"move_pane", obj("pane", g[1], "to_window", "@999"), "@999"},
	} {
		before := fingerprint(f.srv)
		text, meta := f.fail(t, c.tool, c.args)
		if meta != (mcp.ErrorMeta{Kind: tmux.KindGone, Stale: true}) || !strings.Contains(text, c.name) {
			t.Errorf("%s %v: %q %+v; want gone naming %s", c.tool, c.args, text, meta, c.name)
		}
		if after := fingerprint(f.srv); after != before {
			t.Errorf("%s %v changed tmux", c.tool, c.args)
		}
	}
}
