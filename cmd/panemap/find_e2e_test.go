package main

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestE2EFind: in a real popup, / finds a pane of another session by a
// line that scrolled into its history; q is part of the query; Enter
// switches the client to that pane and closes; Esc in find only goes
// back to the map.
func TestE2EFind(t *testing.T) {
	t.Parallel()
	var target string
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("new-session", "-d", "-s", "logs", "-n", "tail", "exec cat")
		target = inner.Must("display-message", "-p", "-t", "logs:tail", "#{pane_id}")
		var text strings.Builder
		text.WriteString("needle-Quartz 42\n")
		for i := range 120 {
			text.WriteString("filler line " + strings.Repeat("x", i%30) + "\n")
		}
		inner.Must("send-keys", "-t", target, "-l", text.String())
		// A second pane with the needle, in another window of main: the
		// first match listed (main comes before logs).
		inner.Must("new-window", "-d", "-t", "main:", "-n", "near", "printf 'needle-Quartz 7\\n'; exec cat")
		tmuxtest.Eventually(t, wait, func() bool {
			return strings.Contains(inner.Must("capture-pane", "-p", "-t", target), "filler line "+strings.Repeat("x", 29))
		}, "the filler to scroll the needle into history")
	})
	typed := func(text string) { s.Outer.Must("send-keys", "-t", s.OuterPane, "-l", text) }

	s.Keys("/")
	s.WaitScreen(wait, "find over the server's panes", func(scr string) bool { return strings.Contains(scr, "panes: type to find") })
	typed("needle-q")
	// No capital: any case matches.
	s.WaitScreen(wait, "the needle, by a query in lower case", func(scr string) bool {
		return strings.Contains(scr, "needle-Quartz 42") && strings.Contains(scr, target)
	})
	s.Keys("Escape")
	s.WaitScreen(wait, "the map again", func(scr string) bool { return strings.Contains(scr, "NAV") && !strings.Contains(scr, "find:") })

	s.Keys("/")
	s.WaitScreen(wait, "find again", func(scr string) bool { return strings.Contains(scr, "panes: type to find") })
	typed("NEEDLE")
	s.WaitScreen(wait, "no match: a capital makes case count", func(scr string) bool { return strings.Contains(scr, "0 matches in 0 panes") })
	s.Keys("C-u")
	typed("needle-Qu")
	// main's pane first, then the logs pane's line twice (the terminal's
	// echo and cat's copy); Down, Tab and Up choose the second match.
	s.WaitScreen(wait, "the matches", func(scr string) bool { return strings.Contains(scr, "3 matches in 2 panes") })
	s.Keys("Down", "Tab", "Up", "Enter")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after a jump", code)
	}
	want := s.Inner.Display(target, "#{session_id} #{window_id} #{pane_id}")
	clientAt := func() string { return s.Inner.Must("list-clients", "-F", "#{session_id} #{window_id} #{pane_id}") }
	tmuxtest.Eventually(t, wait, func() bool { return clientAt() == want },
		"the client to show %s (it shows %s)", want, clientAt())
}

// openWithFar opens the navigator on a server with another session,
// far, of one pane running cat, and returns that pane.
func openWithFar(t *testing.T) (*navSession, string) {
	var far string
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("new-session", "-d", "-s", "far", "exec cat")
		far = inner.Must("display-message", "-p", "-t", "far:", "#{pane_id}")
	})
	return s, far
}

// TestE2EFindStaysFresh: what a pane of another session prints while
// find is open is found.
func TestE2EFindStaysFresh(t *testing.T) {
	t.Parallel()
	s, far := openWithFar(t)
	s.Keys("/")
	s.WaitScreen(wait, "find", func(scr string) bool { return strings.Contains(scr, "panes: type to find") })
	s.Outer.Must("send-keys", "-t", s.OuterPane, "-l", "late-arrival")
	s.WaitScreen(wait, "no match yet", func(scr string) bool { return strings.Contains(scr, "0 matches in 0 panes") })
	s.Inner.Must("send-keys", "-t", far, "-l", "a late-arrival line\n")
	s.WaitScreen(wait, "the line printed meanwhile", func(scr string) bool {
		return strings.Contains(scr, "a late-arrival line") && strings.Contains(scr, far)
	})
	s.Keys("Escape")
	s.WaitScreen(wait, "the map again", func(scr string) bool { return strings.Contains(scr, "NAV") })
	s.quit(t)
}
