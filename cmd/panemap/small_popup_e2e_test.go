package main

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestE2ESmallPopupSaysWhatItNeeds: in a real 60x16 popup (what
// @panemap-width 60 and @panemap-height 16 open) over a window of six
// panes, the map, help over it, swap mode and the server view draw whole
// boxes or say that the map does not fit and the size it needs: no row
// has a box corner without its partner.
func TestE2ESmallPopupSaysWhatItNeeds(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	s := openNavigatorSized(t, 62, 18, func(inner *tmuxtest.Server) {
		for range 2 { // the 2x2 grid and two more
			inner.Must("split-window", "-h", "-d", "-t", "main:0", "exec sh")
		}
	})
	s.WaitScreen(wait, "the map", func(scr string) bool { return strings.Contains(scr, "NAV") && strings.Contains(scr, "╰") })
	check := func(state string) {
		t.Helper()
		scr := s.Screen()
		if bad := unpairedCorner(scr); bad != "" {
			t.Errorf("%s: a broken box in row %q:\n%s", state, bad, scr)
		}
	}
	check("the map")
	s.Keys("?")
	scr := s.WaitScreen(wait, "help over the map", func(scr string) bool {
		return strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(scr, "│", " ")), " "), "58x14 is too small for this window's 6 panes: needs")
	})
	if !strings.Contains(scr, "? hides the help") {
		t.Errorf("help over the map: no way out named:\n%s", scr)
	}
	check("help")
	s.Keys("?")
	s.WaitScreen(wait, "the help closed", func(scr string) bool { return !strings.Contains(scr, "too small") })
	check("the map again")
	s.Keys("s")
	s.WaitScreen(wait, "swap mode", func(scr string) bool { return strings.Contains(scr, "SWAP") })
	check("swap mode")
	s.Keys("s", "w")
	s.WaitScreen(wait, "the server view", func(scr string) bool { return strings.Contains(scr, "ALL") && strings.Contains(scr, "╮") })
	check("the server view")
	s.Keys("Escape")
	s.WaitScreen(wait, "the map", func(scr string) bool { return strings.Contains(scr, "NAV") })
	s.quit(t)
}

// unpairedCorner is the first row of screen with more top-left box
// corners than top-right ones (or bottom-left than bottom-right), or "".
func unpairedCorner(screen string) string {
	count := func(row, chars string) int {
		n := 0
		for _, c := range chars {
			n += strings.Count(row, string(c))
		}
		return n
	}
	for _, row := range strings.Split(screen, "\n") {
		if count(row, "┏╭┌╔") != count(row, "┓╮┐╗") || count(row, "┗╰└╚") != count(row, "┛╯┘╝") {
			return row
		}
	}
	return ""
}
