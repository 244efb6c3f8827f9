package mcp_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// TestSelectLayoutFloatingBack: on tmux 3.8 (master) an agent that ran
// select_layout tiled in a window with floating panes gets every pane
// back its place, size, floating flag and stacking place by giving
// select_layout the layout list_panes reported; a layout string with a
// bad checksum is refused as invalid input naming the layout, and
// nothing changes.
func TestSelectLayoutFloatingBack(t *testing.T) {
	t.Parallel()
	srv := tmuxtestStart(t)
	if !srv.AtLeast(3, 8) {
		t.Skipf("tmux %s cannot float panes", srv.Version())
	}
	win, a, _, _ := floatingWindow(t, srv)
	srv.Must("new-pane", "-d", "-t", a, "-X", "40", "-Y", "2", "-x", "20", "-y", "6", "exec sh")
	places := func() string {
		return srv.Must("list-panes", "-t", win, "-F",
			"#{pane_id} #{pane_index} #{pane_floating_flag} #{?pane_floating_flag,#{pane_z},-} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}")
	}
	c := startOn(t, srv, tmux.Env{}, mcp.Options{})
	var l struct {
		Windows []struct {
			WindowID string `json:"window_id"`
			Layout   string `json:"layout"`
		} `json:"windows"`
	}
	c.ok(t, "list_panes", obj("window", win), &l)
	if len(l.Windows) != 1 || !strings.Contains(l.Windows[0].Layout, "<") {
		t.Fatalf("list_panes answered %+v, want window %s with a floating section", l.Windows, win)
	}
	layout, start := l.Windows[0].Layout, places()
	c.ok(t, "select_layout", obj("window", win, "layout", "tiled"), new(map[string]any))
	if places() == start {
		t.Fatal("tiled changed nothing")
	}
	var back struct {
		Layout string `json:"layout"`
	}
	c.ok(t, "select_layout", obj("window", win, "layout", layout), &back)
	if got := places(); got != start {
		t.Errorf("select_layout %s after tiled:\n got %s\nwant %s", layout, got, start)
	}
	if now := srv.Display(win, "#{window_layout}"); back.Layout != now {
		t.Errorf("select_layout answered layout %s; the window's is %s", back.Layout, now)
	}

	broken := "0000" + layout[4:]
	before := places()
	if text, m := c.fail(t, "select_layout", obj("window", win, "layout", broken)); m.Kind != tmux.KindInvalidInput || !strings.Contains(text, broken[:20]) || !strings.Contains(text, "checksum 0000") {
		t.Errorf("select_layout %s: %+v %s", broken, m, text)
	}
	if places() != before {
		t.Errorf("the refused layout %s changed the window", broken)
	}
}
