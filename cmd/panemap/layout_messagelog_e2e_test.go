package main

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// applyLogBudget is the most entries panemap layout apply may add to
// tmux's message log (see messagelog_e2e_test.go for how they are
// counted) for a window whose panes need swaps swaps, focus saying
// whether a select-pane follows them: the read of the window, then one
// command list: the if-shell that holds while the window is as read, the
// swaps, select-layout, select-pane (or resize-pane -Z for a zoomed
// layout) when no swap moved the pane to focus (a swap that does
// focuses it), and the two window options. That is 6 for one swap that
// moves the active pane, or for sizes alone and a new focus.
func applyLogBudget(swaps int, focus bool) int {
	n := 5 + swaps
	if focus {
		n++
	}
	return n
}

// TestE2EMessageLogLayoutApply: an apply adds at most applyLogBudget's
// entries to tmux's message log: 6 for one swap that moves the active
// pane back, 6 for sizes alone and another focus, and one more for each
// further swap.
func TestE2EMessageLogLayoutApply(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 160, 48)
	bigMessageLog(n.Inner)
	e := newLayoutEnv(t, n.Inner)
	w, p := e.fourPanes()
	saved := e.panes(w)
	e.must("layout", "save", "dev", "-t", w)
	for _, c := range []struct {
		name     string
		scramble []string
		swaps    int
		focus    bool
	}{
		// The saved active pane, p[2], swapped away: the swap back
		// focuses it.
		{"one swap", []string{"select-layout", "-t", w, "tiled", ";", "swap-pane", "-d", "-s", p[2], "-t", p[3], ";", "resize-pane", "-t", p[1], "-R", "3"}, 1, false},
		{"sizes and focus", []string{"select-layout", "-t", w, "even-vertical", ";", "select-pane", "-t", p[0]}, 0, true},
		{"two swaps, another pane focused", []string{"select-layout", "-t", w, "tiled", ";", "swap-pane", "-d", "-s", p[0], "-t", p[3], ";",
			"swap-pane", "-d", "-s", p[1], "-t", p[2], ";", "select-pane", "-t", p[3]}, 2, false},
	} {
		e.srv.Must(c.scramble...)
		before := len(messageLog(t, n))
		e.must("layout", "apply", "dev", "-t", w)
		added := messageLog(t, n)[before:]
		if got := e.panes(w); got != saved {
			t.Fatalf("%s: the apply left\n%s\nwant\n%s", c.name, got, saved)
		}
		if budget := applyLogBudget(c.swaps, c.focus); len(added) > budget {
			t.Errorf("tmux %s: %s: panemap layout apply added %d entries to the message log, want at most %d:\n%s",
				n.Inner.Version(), c.name, len(added), budget, strings.Join(added, "\n"))
			continue
		}
		t.Logf("tmux %s: %s: %d entries:\n%s", n.Inner.Version(), c.name, len(added), strings.Join(added, "\n"))
	}
}
