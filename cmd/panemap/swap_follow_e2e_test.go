package main

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestE2ESwapMarkedFollowsThePane (issue 40): x swaps the focused pane
// with the marked pane of another window, and the focus and the map go
// with the pane, as they do after > (one rule, Op.Follow): window 0's
// top-left pane is marked, ] shows window 1, l focuses its right pane,
// x takes that pane to window 0, which becomes tmux's current window
// with the pane active, and the map shows window 0's panes. u puts the
// panes, the mark and the focus back and the map on window 1; x again,
// then Esc puts back everything as it was at open.
func TestE2ESwapMarkedFollowsThePane(t *testing.T) {
	t.Parallel()
	var left, right string // window 1's panes
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("rename-window", "-t", "main:0", "grid") // no automatic-rename
		left = inner.Must("new-window", "-d", "-t", "main:1", "-n", "pair", "-P", "-F", "#{pane_id}")
		right = inner.Must("split-window", "-d", "-h", "-t", left, "-P", "-F", "#{pane_id}")
		// A last window to put back (tmux can set one, never clear it).
		inner.Must("select-window", "-t", "main:1")
		inner.Must("select-window", "-t", "main:0")
	})
	start := rearrangeState(s.Inner)
	tl := s.g[0]
	// mapShows waits for the map to show exactly the panes of one window:
	// those of want, none of absent.
	mapShows := func(what string, want, absent []string) {
		t.Helper()
		s.WaitScreen(wait, what, func(scr string) bool {
			for _, p := range want {
				if !strings.Contains(scr, p) {
					return false
				}
			}
			for _, p := range absent {
				if strings.Contains(scr, p) {
					return false
				}
			}
			return true
		})
	}
	followed := func(after string) {
		t.Helper()
		s.Inner.WaitDisplay(wait, right, "#{window_index}", "0")
		s.Inner.WaitDisplay(wait, "main:", "#{window_index}", "0")
		if a := s.Inner.Active("main:0"); a != right {
			t.Errorf("after %s window 0's active pane is %s, want the swapped %s", after, a, right)
		}
		mapShows("the map on window 0 after "+after, []string{right, s.g[1], s.g[2], s.g[3]}, []string{left, tl})
	}

	s.Keys("m")
	s.Inner.WaitDisplay(wait, tl, "#{pane_marked}", "1")
	s.Keys("]")
	s.Inner.WaitDisplay(wait, "main:", "#{window_index}", "1")
	mapShows("the map on window 1 after ]", []string{left, right}, []string{tl})
	s.Keys("l")
	tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Active("main:1") == right },
		"l did not focus %s: %s is active", right, s.Inner.Active("main:1"))
	beforeX := rearrangeState(s.Inner)

	s.Keys("x")
	settled(t, s)
	followed("x")

	s.Keys("u")
	settled(t, s)
	if got := rearrangeState(s.Inner); got != beforeX {
		t.Errorf("u did not undo x:\nbefore x:\n%s\nafter u:\n%s", beforeX, got)
	}
	mapShows("the map on window 1 after u", []string{left, right}, []string{s.g[1]})

	s.Keys("x")
	settled(t, s)
	followed("x again")
	s.Keys("Escape")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after Esc", code)
	}
	if got := rearrangeState(s.Inner); got != start {
		t.Errorf("Esc did not restore:\nbefore:\n%s\nafter:\n%s", start, got)
	}
}

// TestE2EModalSwapMarkedFollowsThePane: in a modal pane (tmux 3.8), x
// takes the focused pane to the marked pane's window and the map goes
// with it, while tmux's current window stays the modal pane's, never
// changing (a select-window would hide the navigator); Esc puts
// everything back and closes the modal pane.
func TestE2EModalSwapMarkedFollowsThePane(t *testing.T) {
	t.Parallel()
	n, g := modalGrid(t)
	other := n.Inner.Must("new-window", "-d", "-t", "main:1", "-P", "-F", "#{pane_id}", "exec sh")
	n.Inner.Must("select-pane", "-m", "-t", other)
	loadPlugin(t, n.Inner, tmuxtest.Panemap(t))
	before := rearrangeState(n.Inner)
	m := openModal(t, n, g)
	last := n.Inner.Display("main:1", "#{window_last_flag}")
	n.Keys("x")
	n.Inner.WaitDisplay(wait, g[0], "#{window_index}", "1")
	n.WaitScreen(wait, "the map on window 1 with the swapped pane", func(scr string) bool {
		return strings.Contains(scr, g[0]) && !strings.Contains(scr, g[3]) && !strings.Contains(scr, other)
	})
	if w := n.Inner.Display("main:", "#{window_index}"); w != "0" || modalPane(n.Inner, g[1]) != m {
		t.Errorf("x changed tmux's window to %s (or closed the modal pane)", w)
	}
	// Not even for a moment: a window selected and back would be the
	// session's last window now.
	if l := n.Inner.Display("main:1", "#{window_last_flag}"); l != last {
		t.Errorf("x made window 1 tmux's last window (%s, was %s): tmux's current window changed and back", l, last)
	}
	n.Keys("Escape")
	tmuxtest.Eventually(t, wait, func() bool { return modalPane(n.Inner, g[1]) == "" }, "Esc did not close the modal pane")
	tmuxtest.Eventually(t, wait, func() bool { return rearrangeState(n.Inner) == before },
		"Esc did not put everything back:\nbefore:\n%s\nafter:\n%s", before, rearrangeState(n.Inner))

	// With the marked pane in the modal pane's own window, x keeps the
	// focus and the last pane where they were: ; then goes back to the
	// pane focused before.
	openModal(t, n, g)
	n.Keys("l", "m")
	n.WaitScreen(wait, g[1]+" focused and marked", func(scr string) bool {
		return focusedLine(scr, g[1]) && strings.Contains(scr, g[1]+" marked")
	})
	n.Keys("h")
	n.WaitScreen(wait, g[0]+" focused", func(scr string) bool { return focusedLine(scr, g[0]) && !focusedLine(scr, g[1]) })
	n.Keys("x", "\\;") // a lone ; would end send-keys's command
	n.WaitScreen(wait, "; back on "+g[1]+" after x", func(scr string) bool { return focusedLine(scr, g[1]) && !focusedLine(scr, g[0]) })
	n.Keys("Escape")
	tmuxtest.Eventually(t, wait, func() bool { return modalPane(n.Inner, g[1]) == "" }, "Esc did not close the modal pane")
}

// TestE2EServerViewZoomAndMark (issue 40): the server view (w) labels a
// zoomed window's zoomed pane "zoomed" and the marked pane "marked", as
// the map does, and titles the window with tmux's zoom mark Z, from the
// real server's listing.
func TestE2EServerViewZoomAndMark(t *testing.T) {
	t.Parallel()
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		left := inner.Must("new-window", "-d", "-t", "main:1", "-n", "pair", "-P", "-F", "#{pane_id}")
		right := inner.Must("split-window", "-d", "-h", "-t", left, "-P", "-F", "#{pane_id}")
		inner.Must("select-pane", "-m", "-t", left)
		inner.Must("resize-pane", "-Z", "-t", right)
	})
	s.Keys("w")
	s.WaitScreen(wait, "the zoomed window's zoom mark, its zoomed pane and its marked pane in the server view", func(scr string) bool {
		return strings.Contains(scr, "1:pairZ") && strings.Contains(scr, "zoomed") && strings.Contains(scr, "marked")
	})
	s.Keys("Escape")
	s.WaitScreen(wait, "the map again", func(scr string) bool { return !strings.Contains(scr, "session ·") })
	s.quit(t)
}
