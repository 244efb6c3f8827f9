package ui

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// TestTabsMarkAlerts: a window's tab carries tmux's own marks for its
// alerts (! bell, # activity, ~ silence), and an alert that comes with a
// poll redraws the header; a dead pane's box gives its exit status and a
// pane in a mode names it.
func TestTabsMarkAlerts(t *testing.T) {
	h := newHarness(t, gridState(), testOptions(), 100, 24)
	if scr := h.screen(); !strings.Contains(scr, "1:editor ") || strings.ContainsAny(strings.SplitN(scr, "\n", 2)[0], "!#~") {
		t.Fatalf("marks without alerts:\n%s", scr)
	}
	// An alert alone changes nothing else in the state: still redrawn.
	h.core.edit(func(st *tmux.State) { st.Windows[1].Bell = true })
	h.fireLast() // the poll
	if !strings.Contains(h.screen(), "1:editor!") {
		t.Fatalf("a bell alone is not shown:\n%s", h.screen())
	}
	h.core.edit(func(st *tmux.State) {
		st.Windows[1].Activity = true
		st.Windows[2].Silence = true
		st.Windows[0].Panes[3].Dead, st.Windows[0].Panes[3].DeadStatus = true, 3
		st.Windows[0].Panes[2].Mode = "copy-mode"
	})
	h.fireLast() // the poll
	scr := h.screen()
	for _, want := range []string{"1:editor!#", "2:logs~", "dead 3", "copy-mode"} {
		if !strings.Contains(scr, want) {
			t.Errorf("no %q on the screen:\n%s", want, scr)
		}
	}
}
