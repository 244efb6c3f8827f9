package ui

import (
	"strings"
	"testing"
)

// TestWarmDrawsAMap: the throwaway frame is a map of the four panes (so
// that warming runs the code the first frame runs), and drawing it needs
// no tmux.
func TestWarmDrawsAMap(t *testing.T) {
	env := []string{"TERM=xterm-256color"}
	view := warmModel(100, 30, env).View().Content
	for _, id := range []string{"%0", "%1", "%2", "%3"} {
		if !strings.Contains(view, id) {
			t.Errorf("the warm-up map lacks pane %s:\n%s", id, view)
		}
	}
	Warm(100, 30, env)
}
