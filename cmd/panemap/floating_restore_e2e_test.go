package main

// End-to-end tests of Esc and u after a pane left a window that holds a
// floating pane (tmux 3.8, master): five tiled panes, one floating, and
// a second window to move into.

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// panePlaces is every pane of session main: its window, index, floating
// flag, place and size. The layout string is left out: tmux keeps
// floating panes' cells in its tree where a restore cannot always put
// them back, and nothing shows them (see tmux.StandInLayout).
func panePlaces(srv *tmuxtest.Server) string {
	return srv.Must("list-panes", "-s", "-t", "main", "-F",
		"#{pane_id} #{window_id} #{pane_index} #{pane_floating_flag} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}")
}

// fiveTiledOneFloating opens the navigator on main:0 with five tiled
// panes (the grid, its bottom-right pane split) and a floating one made
// as a user would (new-pane -d -x 40 -y 10), and a second window. It
// answers with the floating pane's id.
func fiveTiledOneFloating(t *testing.T) (*navSession, string) {
	t.Helper()
	var fl string
	s := openNavigatorSized(t, 120, 40, func(inner *tmuxtest.Server) {
		if !inner.AtLeast(3, 8) {
			t.Skipf("tmux %s cannot float panes back", inner.Version())
		}
		inner.Must("split-window", "-d", "-h", "-t", "main:0.{bottom-right}", "exec sh")
		fl = inner.Must("new-pane", "-d", "-t", "main:0", "-x", "40", "-y", "10", "-P", "-F", "#{pane_id}", "exec sh")
		inner.Must("new-window", "-d", "-t", "main:1", "exec sh")
	})
	s.WaitScreen(wait, "the map with the floating pane", func(scr string) bool {
		return strings.Contains(scr, fl) && strings.Contains(scr, s.g[0])
	})
	return s, fl
}

// TestE2EFloatingWindowRestoreAfterMove: Esc, and u, after a move out of
// a window with a floating pane (> of a tiled pane, > of the floating
// pane, b of a tiled pane) give every pane back its window, place, size
// and floating flag.
func TestE2EFloatingWindowRestoreAfterMove(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	for _, c := range []struct {
		name     string
		floating bool   // the floating pane moves, else the first tiled one
		key      string // > or b
	}{
		{"tiled to the next window", false, ">"},
		{"floating to the next window", true, ">"},
		{"tiled to a window of its own", false, "b"},
	} {
		for _, back := range []string{"Escape", "u"} {
			t.Run(c.name+" then "+back, func(t *testing.T) {
				t.Parallel()
				s, fl := fiveTiledOneFloating(t)
				p := s.g[0]
				if c.floating {
					p = fl
				}
				start := panePlaces(s.Inner)
				win := s.Inner.Display(p, "#{window_id}")
				s.Keys(s.Inner.Display(p, "#{pane_index}"))
				s.active(t, p, "its number")
				s.Keys(c.key)
				tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Display(p, "#{window_id}") != win },
					"%s left %s in window %s", c.key, p, win)
				settled(t, s)
				s.Keys(back)
				if back == "u" {
					tmuxtest.Eventually(t, wait, func() bool { return panePlaces(s.Inner) == start },
						"u did not put the panes back:\nbefore:\n%s\nafter:\n%s", start, panePlaces(s.Inner))
					settled(t, s)
					s.quit(t)
				} else if code := s.closed(t); code != 0 {
					t.Errorf("exit status %d after Esc", code)
				}
				if got := panePlaces(s.Inner); got != start {
					t.Errorf("%s %s did not put the panes back:\nbefore:\n%s\nafter:\n%s", c.key, back, start, got)
				}
			})
		}
	}
}
