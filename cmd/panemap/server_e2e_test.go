package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// labelOf reads the hint label drawn before pane p's id on the screen.
func labelOf(t *testing.T, scr, p string) string {
	t.Helper()
	m := regexp.MustCompile(`([a-z]{1,2})  ` + regexp.QuoteMeta(p) + `\b`).FindStringSubmatch(scr)
	if m == nil {
		t.Fatalf("no label before %s:\n%s", p, scr)
	}
	return m[1]
}

// TestE2EServerView: in a real popup, w shows every session with its
// windows and panes; Esc goes back to the map; a pane's label jumps the
// client to that pane in another session and closes the navigator.
func TestE2EServerView(t *testing.T) {
	var target string
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("new-session", "-d", "-s", "other", "-n", "far", "exec cat")
		target = inner.Must("split-window", "-d", "-t", "other:far", "-P", "-F", "#{pane_id}", "exec cat")
	})
	s.Keys("w")
	scr := s.WaitScreen(wait, "the server view", func(scr string) bool {
		return strings.Contains(scr, "2 sessions") && strings.Contains(scr, "other  $") && strings.Contains(scr, target)
	})
	for _, p := range s.g {
		if !strings.Contains(scr, p) {
			t.Errorf("pane %s of main not shown:\n%s", p, scr)
		}
	}
	s.Keys("Escape")
	s.WaitScreen(wait, "the map again", func(scr string) bool { return strings.Contains(scr, "NAV") && !strings.Contains(scr, "2 sessions") })

	s.Keys("w")
	scr = s.WaitScreen(wait, "the server view again", func(scr string) bool { return strings.Contains(scr, target) })
	label := labelOf(t, scr, target)
	s.Keys(strings.Split(label, "")...)
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after a jump", code)
	}
	want := s.Inner.Display(target, "#{session_id} #{window_id} #{pane_id}")
	clientAt := func() string {
		return s.Inner.Must("list-clients", "-F", "#{session_id} #{window_id} #{pane_id}")
	}
	tmuxtest.Eventually(t, wait, func() bool { return clientAt() == want },
		"the client to show %s (it shows %s)", want, clientAt())
}
