package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// terminalClients is where each client that is not in control mode (the
// person's, not panemap's own connections) is: session, window and pane.
func terminalClients(srv *tmuxtest.Server) string {
	var out []string
	for _, l := range strings.Split(srv.Must("list-clients", "-F", "#{client_control_mode} #{session_id} #{window_id} #{pane_id}"), "\n") {
		if rest, ok := strings.CutPrefix(l, "0 "); ok {
			out = append(out, rest)
		}
	}
	return strings.Join(out, "\n")
}

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
	t.Parallel()
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

// TestE2EServerViewArrowsEnterAndEsc: the arrows cross from one
// session's window to the next and Enter jumps there; browsing and then
// Esc twice leaves the client and the session as they were.
func TestE2EServerViewArrowsEnterAndEsc(t *testing.T) {
	t.Parallel()
	var far string
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("new-session", "-d", "-s", "other", "-n", "far", "exec cat")
		far = inner.Must("display-message", "-p", "-t", "other:far", "#{pane_id}")
	})
	clientAt := func() string { return terminalClients(s.Inner) }
	before, fp := clientAt(), s.fingerprint()

	s.Keys("w")
	s.WaitScreen(wait, "the server view", func(scr string) bool { return strings.Contains(scr, far) })
	s.Keys("Down", "Down", "Down")
	s.Keys("Escape")
	s.WaitScreen(wait, "the map again", func(scr string) bool { return strings.Contains(scr, "NAV") && !strings.Contains(scr, "2 sessions") })
	s.Keys("Escape")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after Esc", code)
	}
	if got := clientAt(); got != before || s.fingerprint() != fp {
		t.Errorf("after browsing and Esc the client shows %s (was %s), or the session changed", got, before)
	}

	s2 := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("new-session", "-d", "-s", "other", "-n", "far", "exec cat")
		far = inner.Must("display-message", "-p", "-t", "other:far", "#{pane_id}")
	})
	s2.Keys("w")
	s2.WaitScreen(wait, "the server view", func(scr string) bool { return strings.Contains(scr, far) })
	// Down from the top left pane: its neighbour below, then, from the
	// window's bottom edge, the window below: the other session's.
	s2.Keys("Down", "Down", "Enter")
	if code := s2.closed(t); code != 0 {
		t.Errorf("exit status %d after Enter", code)
	}
	want := s2.Inner.Display(far, "#{session_id} #{window_id} #{pane_id}")
	at := func() string { return s2.Inner.Must("list-clients", "-F", "#{session_id} #{window_id} #{pane_id}") }
	tmuxtest.Eventually(t, wait, func() bool { return at() == want }, "the client to show %s (it shows %s)", want, at())
}

// TestE2EServerViewTab: Tab walks to the next pane (in the window's
// index order: below the first) and Enter makes it the active pane.
func TestE2EServerViewTab(t *testing.T) {
	t.Parallel()
	s := openNavigator(t)
	s.Keys("w")
	s.WaitScreen(wait, "the server view", func(scr string) bool { return strings.Contains(scr, "1 session") })
	s.Keys("Tab", "Tab", "BTab", "Enter")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after Enter", code)
	}
	s.active(t, s.g[2], "w, tab, tab, shift+tab, enter")
}

// TestE2EServerViewStaysFresh: what a pane of another session prints
// while the server view is open shows in its preview.
func TestE2EServerViewStaysFresh(t *testing.T) {
	t.Parallel()
	s, far := openWithFar(t)
	s.Keys("w")
	s.WaitScreen(wait, "the server view", func(scr string) bool { return strings.Contains(scr, "2 sessions") && strings.Contains(scr, far) })
	s.Inner.Must("send-keys", "-t", far, "-l", "late-arrival\n")
	s.WaitScreen(wait, "the line printed meanwhile, in far's preview", func(scr string) bool { return strings.Contains(scr, "late-arrival") })
	s.Keys("Escape")
	s.WaitScreen(wait, "the map again", func(scr string) bool { return strings.Contains(scr, "NAV") })
	s.quit(t)
}
