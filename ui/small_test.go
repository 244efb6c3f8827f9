package ui

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// TestSmallScreenDrawsNoBrokenBoxes: in a 60x16 popup (58x14 inside),
// every state of the navigator (the map, help over it, swap mode, the
// server view, a prompt) draws whole boxes or says the map does not fit
// and what it needs: never boxes that lose their right borders or run
// into each other.
func TestSmallScreenDrawsNoBrokenBoxes(t *testing.T) {
	t.Parallel()
	for name, st := range map[string]func() *tmux.State{"grid": gridState, "six": func() *tmux.State { return rowState(6) }} {
		for _, keys := range [][]string{{}, {"?"}, {"s"}, {"s", "?"}, {"w"}, {"w", "?"}, {","}} {
			h := newHarness(t, st(), testOptions(), 58, 14)
			h.keys(keys...)
			scr := h.screen()
			if bad := brokenBox(scr); bad != "" {
				t.Errorf("%s after %q: %s:\n%s", name, keys, bad, scr)
			}
			if strings.Contains(scr, "too small") && !strings.Contains(strings.Join(strings.Fields(scr), " "), "needs ") {
				t.Errorf("%s after %q: too small, but not what it needs:\n%s", name, keys, scr)
			}
		}
	}
	h := newHarness(t, gridState(), testOptions(), 58, 14)
	h.keys("?")
	if got := strings.Join(strings.Fields(h.screen()), " "); !strings.Contains(got, "58x14 is too small for this window's 4 panes: needs 58x16 (? hides the help)") {
		t.Errorf("help over the map: no message naming the size needed:\n%s", h.screen())
	}
}

// brokenBox says which row of screen has a box corner without its
// partner (a box that lost its right border, or ran into another), or "".
func brokenBox(screen string) string {
	for _, row := range strings.Split(screen, "\n") {
		if strings.Count(row, "┏")+strings.Count(row, "╭")+strings.Count(row, "┌")+strings.Count(row, "╔") !=
			strings.Count(row, "┓")+strings.Count(row, "╮")+strings.Count(row, "┐")+strings.Count(row, "╗") ||
			strings.Count(row, "┗")+strings.Count(row, "╰")+strings.Count(row, "└")+strings.Count(row, "╚") !=
				strings.Count(row, "┛")+strings.Count(row, "╯")+strings.Count(row, "┘")+strings.Count(row, "╝") {
			return "row " + strings.TrimSpace(row)
		}
	}
	return ""
}
