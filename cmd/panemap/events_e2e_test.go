package main

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestE2EMapFollowsEvents: with the navigator open in a real popup, panes
// split and killed from outside appear and vanish on the map through
// tmux's notifications. The safety-net poll runs every 2 s while events
// flow, so a map that follows well within that is following events. The
// time from the tmux command to the screen showing it (including the
// outer tmux's redraw and this test's 10 ms screen polling) is logged,
// not asserted: machines here are noisy.
func TestE2EMapFollowsEvents(t *testing.T) {
	t.Parallel()
	// tmux 3.3a is older than tmuxctl.SafeControlVersion: ask for control
	// mode (and so for events) explicitly.
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("set-environment", "-g", "PANEMAP_CONTROL", "always")
	})
	var took []time.Duration
	for range 5 {
		start := time.Now()
		p := s.Inner.Must("split-window", "-d", "-t", s.g[3], "-P", "-F", "#{pane_id}")
		s.WaitScreen(wait, "the new pane "+p+" on the map", func(scr string) bool { return strings.Contains(scr, p) })
		took = append(took, time.Since(start))
		start = time.Now()
		s.Inner.Must("kill-pane", "-t", p)
		s.WaitScreen(wait, "the killed pane gone from the map", func(scr string) bool { return !strings.Contains(scr, p) })
		took = append(took, time.Since(start))
	}
	sorted := slices.Clone(took)
	slices.Sort(sorted)
	t.Logf("outside change to the map on screen: median %v, max %v (all: %v)", sorted[len(sorted)/2], sorted[len(sorted)-1], took)
	s.Keys("q")
	s.closed(t)
}
