package ui

import (
	"testing"
)

// TestEveryKeyOneTmuxCall: each key that changes tmux makes exactly one
// call of Core.Act (one tmux command list, one tmux process without
// control mode, which reads the session before and after the change
// itself) and no separate read; a key that only nudges asks tmux nothing.
func TestEveryKeyOneTmuxCall(t *testing.T) {
	for _, tc := range []struct {
		keys  []string
		calls int
	}{
		{[]string{"right"}, 1},
		{[]string{"l"}, 1},
		{[]string{"tab"}, 1},
		{[]string{"shift+tab"}, 1},
		{[]string{"z"}, 1},
		{[]string{"m"}, 1},
		{[]string{"s", "right"}, 1}, // s only changes mode
		{[]string{"right", "u"}, 2},
		{[]string{"1"}, 1},
		{[]string{"x"}, 0}, // no marked pane: a nudge
		{[]string{"]"}, 1},
	} {
		h := newHarness(t, gridState(), testOptions(), 80, 24)
		reads := h.core.reads
		h.keys(tc.keys...)
		if h.core.acts != tc.calls || h.core.reads != reads {
			t.Errorf("keys %v: %d Act calls and %d extra reads, want %d and 0 (calls %v)", tc.keys, h.core.acts, h.core.reads-reads, tc.calls, h.core.Calls())
		}
	}
}
