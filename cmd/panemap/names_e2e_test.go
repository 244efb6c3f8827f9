package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestE2ENames: , renames the window and t titles the focused pane, in
// the real popup, storing hostile text as typed (nothing expanded or
// run); u undoes the title and Esc puts the name and automatic-rename
// back, inherited as before.
func TestE2ENames(t *testing.T) {
	t.Parallel()
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.FixWindowNames("main:0")
	})
	active := s.Inner.Active(s.g[0])
	title := s.Inner.Display(active, "#{pane_title}")
	pwned := filepath.Join(t.TempDir(), "pwned")
	typed := func(text string) { s.Outer.Must("send-keys", "-t", s.OuterPane, "-l", text) }

	s.Keys(",")
	s.WaitScreen(wait, "the rename prompt", func(scr string) bool { return strings.Contains(scr, "rename window @") })
	s.Keys("C-u")
	name := "#(touch " + pwned + ") #{session_name} q'\"x ✓"
	typed(name)
	s.Keys("Enter")
	tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Display("main:0", "#{window_name}") == name },
		"the window to be named %q (it is %q)", name, s.Inner.Display("main:0", "#{window_name}"))
	if got := s.Inner.Display("main:0", "#{automatic-rename}"); got != "0" {
		t.Errorf("automatic-rename %s after renaming, want 0", got)
	}

	s.Keys("t")
	s.WaitScreen(wait, "the title prompt", func(scr string) bool { return strings.Contains(scr, "title of "+active) })
	s.Keys("C-u")
	typed("build #{pane_id}")
	s.Keys("Enter")
	s.Inner.WaitDisplay(wait, active, "#{pane_title}", "build #{pane_id}")

	s.Keys("u")
	tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Display(active, "#{pane_title}") == title },
		"undo to give the title %q back (it is %q)", title, s.Inner.Display(active, "#{pane_title}"))
	if got := s.Inner.Display("main:0", "#{window_name}"); got != name {
		t.Errorf("undoing the title renamed the window: %q", got)
	}

	s.Keys("Escape")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after Esc", code)
	}
	if got := s.Inner.Display("main:0", "#{window_name}|#{automatic-rename}"); got != "fixed-name|1" {
		t.Errorf("after Esc the window is %q, want fixed-name|1", got)
	}
	if local := s.Inner.Must("show-options", "-w", "-t", "main:0", "automatic-rename"); local != "" {
		t.Errorf("after Esc automatic-rename is set on the window (%q), want it inherited", local)
	}
	if _, err := os.Stat(pwned); err == nil {
		t.Error("#(…) in a typed name ran a shell command")
	}
}

// TestE2ENamesRefused: at 80x24, a name tmux would not store as typed
// (#[ is a style to it) is refused with the whole reason on screen,
// wrapped, and the text as typed (one backslash, not Go's two); the
// prompt stays open with the text, and Esc then closes only the prompt.
// An emptied name is refused too, and changes nothing.
func TestE2ENamesRefused(t *testing.T) {
	t.Parallel()
	s := openNavigatorSized(t, 80, 24)
	s.waitMap(t)
	before := s.Inner.Display("main:0", "#{window_name}")
	s.Keys(",")
	s.WaitScreen(wait, "the rename prompt", func(scr string) bool { return strings.Contains(scr, "rename window @") })
	s.Keys("C-u")
	const text = `dir\sub #[x]`
	s.Outer.Must("send-keys", "-t", s.OuterPane, "-l", text)
	s.Keys("Enter")
	// On screen inside the popup's border, with its lines joined.
	flat := func(scr string) string { return strings.Join(strings.Fields(strings.ReplaceAll(scr, "│", " ")), " ") }
	want := `invalid window name "dir\sub #[x]": it holds #[, which tmux keeps as a style (format.c keeps a run of '#' before '[' as it is)`
	scr := s.WaitScreen(wait, "the whole reason", func(scr string) bool { return strings.Contains(flat(scr), want) })
	if strings.Contains(scr, `\\`) {
		t.Errorf("Go quoting on screen:\n%s", scr)
	}
	if !strings.Contains(scr, ": "+text) {
		t.Errorf("the prompt does not hold the text as typed:\n%s", scr)
	}
	if got := s.Inner.Display("main:0", "#{window_name}"); got != before {
		t.Errorf("the window was renamed to %q", got)
	}
	s.Keys("Escape")
	s.WaitScreen(wait, "the map without the prompt", func(scr string) bool {
		return strings.Contains(scr, "NAV") && !strings.Contains(scr, "rename window @")
	})

	// An emptied name is refused the same way: tmux would take it, and
	// its status line would show the window by its number alone.
	s.Keys(",")
	s.WaitScreen(wait, "the rename prompt", func(scr string) bool { return strings.Contains(scr, "rename window @") })
	s.Keys("C-u")
	s.Keys("Enter")
	want = `invalid window name "": it is empty; tmux's status line would show the window by its number alone`
	s.WaitScreen(wait, "the reason for the empty name", func(scr string) bool { return strings.Contains(flat(scr), want) })
	if got := s.Inner.Display("main:0", "#{window_name}"); got != before {
		t.Errorf("the window was renamed to %q", got)
	}
	s.Keys("Escape")
	s.WaitScreen(wait, "the map without the prompt", func(scr string) bool {
		return strings.Contains(scr, "NAV") && !strings.Contains(scr, "rename window @")
	})
	s.quit(t)
}
