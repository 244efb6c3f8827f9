package main

import (
	"strings"
	"testing"
)

// TestE2EHelpScrollsInASmallPopup: in a real 40x12 popup, ? shows the
// keys, and PgDn scrolls through all of them: the first and the last are
// read whole, each on one line; ? closes the help again.
func TestE2EHelpScrollsInASmallPopup(t *testing.T) {
	t.Parallel()
	s := openNavigatorSized(t, 42, 14)
	s.waitMap(t)
	s.Keys("?")
	scr := s.WaitScreen(wait, "the full help", func(scr string) bool { return strings.Contains(scr, "pgup/pgdn scroll") })
	seen := scr
	want := []string{"↑/k focus up", "shift+tab previous pane", "x swap with marked", "u undo", "esc/ctrl+c revert", "? less"}
	all := func() bool {
		for _, w := range want {
			if !strings.Contains(seen, w) {
				return false
			}
		}
		return true
	}
	for range 12 {
		if all() {
			break
		}
		before := scr
		s.Keys("PageDown")
		scr = s.WaitScreen(wait, "the help scrolled", func(scr string) bool { return scr != before })
		seen += scr
	}
	for _, w := range want {
		if !strings.Contains(seen, w) {
			t.Errorf("%q never showed while scrolling the help:\n%s", w, seen)
		}
	}
	s.Keys("?")
	s.WaitScreen(wait, "the short help again", func(scr string) bool {
		return strings.Contains(scr, "focus • s swap") && !strings.Contains(scr, "pgup/pgdn scroll")
	})
	s.quit(t)
}
