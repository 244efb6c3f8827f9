package main

// End-to-end tests of floating panes (tmux 3.7+) on the navigator's map:
// a window of two tiled panes and one floating pane made with new-pane.

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// floatingPane makes a floating pane in main:0 over its two tiled panes,
// active or not, and records its id in *id.
func floatingPane(t *testing.T, active bool, id *string) func(inner *tmuxtest.Server) {
	return func(inner *tmuxtest.Server) {
		if !inner.AtLeast(3, 7) {
			t.Skipf("tmux %s has no floating panes", inner.Version())
		}
		args := []string{"new-pane", "-t", "main:0", "-X", "10", "-Y", "4", "-x", "40", "-y", "10", "-P", "-F", "#{pane_id}"}
		if !active {
			args = append(args, "-d")
		}
		*id = inner.Must(append(args, "exec sh")...)
	}
}

// TestE2EFloatingPaneOnTheMap: the floating pane is drawn, dashed and
// marked floating, and focused when it is active; Tab and its number
// reach it as they reach the tiled panes.
func TestE2EFloatingPaneOnTheMap(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	for _, active := range []bool{true, false} {
		name := "inactive"
		if active {
			name = "active"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var fl string
			s := openNavigatorSized(t, 120, 40, twoPanes(t, false, false), floatingPane(t, active, &fl))
			tiled := []string{s.g[0], s.g[1]}
			all := append([]string{fl}, tiled...)
			shows := func(scr string) bool {
				for _, p := range all {
					if !strings.Contains(scr, p) {
						return false
					}
				}
				return strings.Contains(scr, "floating")
			}
			focusedFloat := func(scr string) bool { return strings.Contains(scr, "┏╍") }
			scr := s.WaitScreen(wait, "the map with the tiled and the floating pane", shows)
			if focusedFloat(scr) != active {
				t.Errorf("floating pane active=%v, but the map draws it focused=%v:\n%s", active, !active, scr)
			}
			if !strings.Contains(scr, "┌╌") && !strings.Contains(scr, "┏╍") {
				t.Errorf("no dashed floating border:\n%s", scr)
			}
			// Tab walks every pane, the floating one included, and the map
			// follows: the floating box is focused exactly when it is.
			for range all {
				before := s.Inner.Active(fl)
				s.Keys("Tab")
				tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Active(fl) != before },
					"Tab did not move the focus from %s", before)
				onFloat := s.Inner.Active(fl) == fl
				s.WaitScreen(wait, "the map following Tab", func(scr string) bool { return shows(scr) && focusedFloat(scr) == onFloat })
			}
			// Its number (tmux's pane index) focuses it.
			s.Keys("Tab")
			tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Active(fl) != fl }, "Tab stayed on %s", fl)
			s.Keys(s.Inner.Display(fl, "#{pane_index}"))
			s.active(t, fl, "its number")
			s.WaitScreen(wait, "the floating pane focused", focusedFloat)
			s.quit(t)
		})
	}
}
