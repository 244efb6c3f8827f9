package tmuxctl_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// floatingPlaces is every pane of window w: its index, floating flag,
// stacking place, place and size.
func floatingPlaces(srv *tmuxtest.Server, w string) string {
	return srv.Must("list-panes", "-t", w, "-F",
		"#{pane_id} #{pane_index} #{pane_floating_flag} #{?pane_floating_flag,#{pane_z},-} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}")
}

// TestFloatingLayoutString: on tmux 3.8 (master) the layout string tmux
// printed for a window with floating panes, given back after tiled (the
// MCP tools' way, with no session) or after even-vertical (the
// navigator's, with one), gives every pane back its place, size,
// floating flag and stacking place, in a zoomed window too, which stays
// zoomed. A string that does not fit the
// window any more, or one with a bad checksum, changes nothing and says
// why naming it.
func TestFloatingLayoutString(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 120, 40)
	if !srv.AtLeast(3, 8) {
		t.Skipf("tmux %s cannot float panes", srv.Version())
	}
	tl := srv.Display("main:0", "#{pane_id}")
	tr := srv.Must("split-window", "-h", "-d", "-t", tl, "-P", "-F", "#{pane_id}", "exec sh")
	srv.Must("split-window", "-v", "-d", "-l", "15", "-t", tr, "exec sh")
	srv.Must("new-pane", "-d", "-t", tl, "-X", "10", "-Y", "5", "-x", "40", "-y", "10", "exec sh")
	srv.Must("new-pane", "-d", "-t", tr, "-X", "-6", "-Y", "20", "-x", "30", "-y", "12", "exec sh")
	win := srv.Display(tl, "#{window_id}")
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(), Control: tmux.ControlNever})
	t.Cleanup(func() { _ = c.Close() })
	s := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	layout, start := srv.Display(win, "#{window_layout}"), floatingPlaces(srv, win)
	if !strings.Contains(layout, "<") {
		t.Fatalf("no floating section in %s", layout)
	}
	// s "" is an agent's call (panemap mcp), else the navigator's.
	act := func(s tmux.SessionID, choice string) (tmuxctl.Result, error) {
		op := tmuxctl.Op{Kind: tmuxctl.OpLayout, Window: tmux.WindowID(win), Layout: choice}
		if s == "" {
			return c.ActForAgent(t.Context(), op)
		}
		return c.Act(t.Context(), s, op)
	}
	for _, c := range []struct {
		session tmux.SessionID
		preset  string
	}{{"", "tiled"}, {s, "even-vertical"}} {
		if _, err := act(c.session, c.preset); err != nil {
			t.Fatalf("%s: %v", c.preset, err)
		}
		if floatingPlaces(srv, win) == start {
			t.Fatalf("%s changed nothing", c.preset)
		}
		r, err := act(c.session, layout)
		if err != nil {
			t.Fatalf("%s, then the layout string %s: %v", c.preset, layout, err)
		}
		if got := floatingPlaces(srv, win); got != start {
			t.Errorf("%s, then the layout string:\n got %s\nwant %s", c.preset, got, start)
		}
		if c.session == "" && (r.Window == nil || r.Window.Layout != srv.Display(win, "#{window_layout}")) {
			t.Errorf("answered with window %+v", r.Window)
		}
		if c.session != "" && (r.Before == nil || r.After == nil) {
			t.Errorf("answered with states before %v and after %v", r.Before, r.After)
		}
	}

	// A zoomed window stays zoomed, its panes back in their places.
	if _, err := act(s, "main-vertical"); err != nil {
		t.Fatal(err)
	}
	srv.Must("resize-pane", "-Z", "-t", tl)
	if _, err := act(s, layout); err != nil {
		t.Fatalf("main-vertical, zoom, then the layout string: %v", err)
	}
	if z := srv.Display(win, "#{window_zoomed_flag}"); z != "1" {
		t.Errorf("the zoomed window was left unzoomed")
	}
	srv.Must("resize-pane", "-Z", "-t", tl)
	if got := floatingPlaces(srv, win); got != start {
		t.Errorf("main-vertical, zoom, then the layout string:\n got %s\nwant %s", got, start)
	}

	// Bad input changes nothing and says why, naming the value.
	broken := "0000" + layout[4:]
	srv.Must("new-pane", "-d", "-t", tl, "-x", "20", "-y", "5", "exec sh")
	now, nowLayout := floatingPlaces(srv, win), srv.Display(win, "#{window_layout}")
	for _, bad := range []struct{ layout, says string }{
		{broken, "has checksum 0000"},
		{layout, "names panes"}, // the window has one more pane now
	} {
		_, err := act("", bad.layout)
		if err == nil || tmux.KindOf(err) != tmux.KindInvalidInput || !strings.Contains(err.Error(), bad.says) || !strings.Contains(err.Error(), tmux.Quote(bad.layout)) {
			t.Errorf("layout %s: %v, want invalid input naming it that says %q", bad.layout, err, bad.says)
		}
		if floatingPlaces(srv, win) != now || srv.Display(win, "#{window_layout}") != nowLayout {
			t.Errorf("the refused layout %s changed the window", bad.layout)
		}
	}
}

// TestFloatingLayoutStringUnsupported: before tmux 3.8 a layout string
// with floating panes is refused, naming the version, and nothing
// changes (it cannot float panes back to their places).
func TestFloatingLayoutStringUnsupported(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 80, 24)
	if srv.AtLeast(3, 8) {
		t.Skipf("tmux %s takes it", srv.Version())
	}
	tl := srv.Display("main:0", "#{pane_id}")
	tr := srv.Must("split-window", "-h", "-d", "-t", tl, "-P", "-F", "#{pane_id}", "exec sh")
	srv.Must("split-window", "-v", "-d", "-t", tr, "exec sh")
	win := srv.Display(tl, "#{window_id}")
	before := srv.Display(win, "#{window_layout}")
	n := func(p string) string { return strings.TrimPrefix(p, "%") }
	body := "80x24,0,0{40x24,0,0," + n(tl) + ",39x24,41,0," + n(tr) + ",9x5,2,2,9}<9x5,2,2,9>"
	layout := fmt.Sprintf("%04x,%s", tmux.LayoutChecksum(body), body)
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(), Control: tmux.ControlNever})
	t.Cleanup(func() { _ = c.Close() })
	_, err := c.ActForAgent(t.Context(), tmuxctl.Op{Kind: tmuxctl.OpLayout, Window: tmux.WindowID(win), Layout: layout})
	if tmux.KindOf(err) != tmux.KindUnsupported || !strings.Contains(err.Error(), "tmux "+srv.Display(win, "#{version}")) {
		t.Errorf("layout %s on tmux %s: %v, want unsupported naming the version", layout, srv.Version(), err)
	}
	if after := srv.Display(win, "#{window_layout}"); after != before {
		t.Errorf("the refused layout changed the window: %s, was %s", after, before)
	}
}
