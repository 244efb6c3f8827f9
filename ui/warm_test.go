package ui

import (
	"strings"
	"testing"
)

// TestWarmDrawsAMap: the throwaway frame is the map of the window given (so
// that warming runs the code the first frame runs), and drawing it needs
// no tmux.
func TestWarmDrawsAMap(t *testing.T) {
	env := []string{"TERM=xterm-256color"}
	view := warmModel(gridState(), 100, 30, env).View().Content
	for _, id := range []string{"%0", "%1", "%2", "%3"} {
		if !strings.Contains(view, id) {
			t.Errorf("the warm-up map lacks pane %s:\n%s", id, view)
		}
	}
	Warm(gridState(), 100, 30, env)
}
