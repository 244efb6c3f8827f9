package main

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestE2EFindHistoryOpensCopyMode: Enter on a match in a pane's history
// jumps to the pane and opens copy mode there with the matching line at
// the top and the cursor on it; a match on the visible screen jumps and
// opens nothing.
func TestE2EFindHistoryOpensCopyMode(t *testing.T) {
	t.Parallel()
	var deep, near string
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("new-session", "-d", "-s", "logs", "-n", "tail", "printf 'needle-Opal 9\\n'; seq 1000 1150; exec cat")
		deep = inner.Must("display-message", "-p", "-t", "logs:tail", "#{pane_id}")
		inner.Must("new-window", "-d", "-t", "main:", "-n", "near", "printf 'near-Topaz 3\\n'; exec cat")
		near = inner.Must("display-message", "-p", "-t", "main:near", "#{pane_id}")
		tmuxtest.Eventually(t, wait, func() bool {
			return strings.Contains(inner.Must("capture-pane", "-p", "-t", deep), "1150") &&
				strings.Contains(inner.Must("capture-pane", "-p", "-t", near), "near-Topaz")
		}, "the panes' text")
	})
	typed := func(text string) { s.Outer.Must("send-keys", "-t", s.OuterPane, "-l", text) }
	s.Keys("/")
	s.WaitScreen(wait, "find", func(scr string) bool { return strings.Contains(scr, "panes: type to find") })
	typed("needle-Opal")
	s.WaitScreen(wait, "the match in the history", func(scr string) bool {
		return strings.Contains(scr, "needle-Opal 9") && strings.Contains(scr, deep)
	})
	s.Keys("Enter")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after a jump", code)
	}
	// 151 lines of seq and an empty line of cat below the needle: which
	// row that is depends on the pane's height, so ask tmux what the
	// cursor's line holds rather than counting.
	copyAt := func() string {
		return s.Inner.Display(deep, "#{pane_in_mode} #{pane_mode} #{copy_cursor_line}")
	}
	// The view's top row also shows copy mode's position, at its right.
	tmuxtest.Eventually(t, wait, func() bool { return strings.HasPrefix(copyAt()+" ", "1 copy-mode needle-Opal 9 ") },
		"copy mode at the needle's line (got %q)", copyAt())
	if top := s.Inner.Display(deep, "#{scroll_position} #{copy_cursor_y}"); !strings.HasSuffix(top, " 0") || strings.HasPrefix(top, "0 ") {
		t.Errorf("scroll position and cursor row %q: want the line at the top of a scrolled view", top)
	}

	// A match on the screen: a jump, no copy mode.
	s2 := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("new-window", "-d", "-t", "main:", "-n", "near", "printf 'near-Topaz 3\\n'; exec cat")
		near = inner.Must("display-message", "-p", "-t", "main:near", "#{pane_id}")
		tmuxtest.Eventually(t, wait, func() bool {
			return strings.Contains(inner.Must("capture-pane", "-p", "-t", near), "near-Topaz")
		}, "the pane's text")
	})
	s2.Keys("/")
	s2.WaitScreen(wait, "find", func(scr string) bool { return strings.Contains(scr, "panes: type to find") })
	s2.Outer.Must("send-keys", "-t", s2.OuterPane, "-l", "near-Topaz")
	s2.WaitScreen(wait, "the match on the screen", func(scr string) bool { return strings.Contains(scr, near) })
	s2.Keys("Enter")
	if code := s2.closed(t); code != 0 {
		t.Errorf("exit status %d after a jump", code)
	}
	at := func() string { return s2.Inner.Must("list-clients", "-F", "#{pane_id}") }
	tmuxtest.Eventually(t, wait, func() bool { return at() == near }, "the client to show %s (it shows %s)", near, at())
	if m := s2.Inner.Display(near, "#{pane_in_mode}"); m != "0" {
		t.Errorf("a match on the screen put the pane in a mode (%s)", m)
	}
}
