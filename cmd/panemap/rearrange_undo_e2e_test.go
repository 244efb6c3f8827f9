package main

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// rearrangeState is what Esc must put back, by window index: every
// window's name, layout string, zoom, active and last flags, and every
// pane's window, index, active, last and marked flags.
func rearrangeState(srv *tmuxtest.Server) string {
	return srv.Must("list-windows", "-t", "main", "-F",
		"#{window_index} #{window_name} #{window_layout} #{window_zoomed_flag} #{window_active} #{window_last_flag}") +
		"\n" + srv.Must("list-panes", "-s", "-t", "main", "-F",
		"#{pane_id} #{window_index} #{pane_index} #{pane_active} #{pane_last} #{pane_marked}")
}

// windowIDs is every window's @id by index.
func windowIDs(srv *tmuxtest.Server) map[string]string {
	ids := map[string]string{}
	for _, line := range strings.Split(srv.Must("list-windows", "-t", "main", "-F", "#{window_index} #{window_id}"), "\n") {
		i, id, _ := strings.Cut(line, " ")
		ids[i] = id
	}
	return ids
}

// soloIndex is the index of the mix's single-pane window, which a move
// closes.
const soloIndex = "2"

// openMix opens the navigator on a session of four windows, each named
// (a closed window must come back with its name): 0 "grid", the 2x2
// grid, tmux's current window, focus top-left, last pane top-right;
// 1 "pair", two panes side by side, the right one marked; 2 "solo", one
// pane; 3 "zoomed", two stacked panes, the top one zoomed, the session's
// last window. Every window with two panes or more has a last pane.
func openMix(t *testing.T) *navSession {
	t.Helper()
	return openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("rename-window", "-t", "main:0", "grid")
		inner.Must("select-pane", "-t", "main:0.{top-right}")
		inner.Must("select-pane", "-t", "main:0.{top-left}")
		inner.Must("new-window", "-d", "-t", "main:1", "-n", "pair")
		inner.Must("split-window", "-d", "-h", "-t", "main:1")
		inner.Must("new-window", "-d", "-t", "main:"+soloIndex, "-n", "solo")
		inner.Must("new-window", "-d", "-t", "main:3", "-n", "zoomed")
		inner.Must("split-window", "-d", "-v", "-t", "main:3")
		for _, w := range []string{"main:1", "main:3"} {
			inner.Must("select-pane", "-t", w+".1")
			inner.Must("select-pane", "-t", w+".0")
		}
		inner.Must("select-pane", "-m", "-t", "main:1.1")
		inner.Must("resize-pane", "-Z", "-t", "main:3.0")
		inner.Must("select-window", "-t", "main:3")
		inner.Must("select-window", "-t", "main:0")
	})
}

// mixKeys rearrange the mix session: on window 0, resize, next layout
// twice, previous layout, and rotate; move the focused pane to window 1
// (the map follows it); go on to window 2 and move its only pane on to
// window 3, which closes window 2; there resize and spread evenly (which
// undoes the resize: how even a spread is varies between tmux versions);
// break the pane out into a new window (which takes the closed window's
// index).
var mixKeys = []string{"L", "Space", "Space", "p", "r", ">", "]", ">", "H", "=", "b"}

// settled returns once the navigator has finished every key typed so
// far: it handles input in order and holds it while an operation is in
// flight, so ? (the full help on, then off again) shows only after the
// operation before it has made its change and read tmux back. Before
// that, tmux may be seen half way through an operation's commands.
func settled(t *testing.T, s *navSession) {
	t.Helper()
	s.Keys("?")
	s.WaitScreen(wait, "the full help (after the keys before it)", func(scr string) bool { return strings.Contains(scr, "shift+tab") })
	s.Keys("?")
	s.WaitScreen(wait, "the short help again", func(scr string) bool { return strings.Contains(scr, "? more") })
}

// doMix types mixKeys one at a time, checking that each changes tmux, and
// returns the state before each key and after the last.
func doMix(t *testing.T, s *navSession) []string {
	t.Helper()
	states := []string{rearrangeState(s.Inner)}
	for _, k := range mixKeys {
		prev := states[len(states)-1]
		s.Keys(k)
		settled(t, s)
		now := rearrangeState(s.Inner)
		if now == prev {
			t.Fatalf("%s changed nothing; state:\n%s\nscreen:\n%s", k, now, s.Screen())
		}
		states = append(states, now)
	}
	// Window 2 was closed, and b's new window took its index: Esc and u
	// must move that one out of the way to recreate window 2.
	if _, err := s.Inner.Run("has-session", "-t", "main:solo"); err == nil {
		t.Fatalf("the mix did not close window %s; state:\n%s", soloIndex, states[len(states)-1])
	}
	if _, ok := windowIDs(s.Inner)[soloIndex]; !ok {
		t.Fatalf("b's window did not take the closed window's index %s; state:\n%s", soloIndex, states[len(states)-1])
	}
	return states
}

// checkRestored compares the state and window ids with those at the
// start: byte for byte, except the @id of the window a move closed.
func checkRestored(t *testing.T, s *navSession, how, start string, ids map[string]string) {
	t.Helper()
	if got := rearrangeState(s.Inner); got != start {
		t.Errorf("%s did not restore:\nbefore:\n%s\nafter:\n%s", how, start, got)
	}
	now := windowIDs(s.Inner)
	for i, id := range ids {
		if i != soloIndex && now[i] != id {
			t.Errorf("after %s window %s is %s, want %s as before", how, i, now[i], id)
		}
	}
}

// TestE2ERearrangeEscRestoresEverything: after resizes, a layout, a
// rotation, moves between windows (one closing a window) and a break,
// Esc puts back every window, layout string, pane, focus, last pane,
// zoom, mark and the current and last window; the closed window comes
// back at its index with its name.
func TestE2ERearrangeEscRestoresEverything(t *testing.T) {
	t.Parallel()
	s := openMix(t)
	start, ids := rearrangeState(s.Inner), windowIDs(s.Inner)
	doMix(t, s)
	s.Keys("Escape")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after Esc", code)
	}
	checkRestored(t, s, "Esc", start, ids)
}

// TestE2ERearrangeUndoEveryStep: u undoes the mix one step at a time,
// each back to the state before that step, until nothing is left to undo
// and everything is as at the start; q then keeps it so.
func TestE2ERearrangeUndoEveryStep(t *testing.T) {
	t.Parallel()
	s := openMix(t)
	start, ids := rearrangeState(s.Inner), windowIDs(s.Inner)
	states := doMix(t, s)
	for i := len(mixKeys) - 1; i >= 0; i-- {
		want := states[i]
		s.Keys("u")
		settled(t, s)
		if now := rearrangeState(s.Inner); now != want {
			t.Fatalf("u did not undo %s:\nwant:\n%s\nhave:\n%s", mixKeys[i], want, now)
		}
	}
	checkRestored(t, s, "undoing every step", start, ids)
	s.Keys("u")
	s.WaitScreen(wait, "nothing to undo", func(scr string) bool { return strings.Contains(scr, "nothing to undo") })
	s.quit(t)
	checkRestored(t, s, "undoing every step and q", start, ids)
}

// TestE2ERearrangeMoveIntoZoomedWindow: > moves the focused pane into a
// zoomed window and the focus goes with it, so that window is left
// unzoomed, showing the pane among the others (tmuxctl/rearrange.go: "a
// window whose focus a moving pane takes, is left unzoomed"); Esc puts
// the pane back and the window zoomed again on its own pane.
func TestE2ERearrangeMoveIntoZoomedWindow(t *testing.T) {
	t.Parallel()
	var zoomed string
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("rename-window", "-t", "main:0", "grid") // no automatic-rename
		zoomed = inner.Must("new-window", "-d", "-t", "main:1", "-n", "zoomed", "-P", "-F", "#{pane_id}")
		inner.Must("split-window", "-d", "-v", "-t", zoomed)
		inner.Must("resize-pane", "-Z", "-t", zoomed)
		// A last window to put back (tmux can set one, never clear it).
		inner.Must("select-window", "-t", "main:1")
		inner.Must("select-window", "-t", "main:0")
	})
	start := rearrangeState(s.Inner)
	tl := s.g[0]
	s.Keys(">")
	settled(t, s)
	if w := s.Inner.Display(tl, "#{window_index}"); w != "1" {
		t.Fatalf("> left %s in window %s, want 1", tl, w)
	}
	if a := s.Inner.Active("main:1"); a != tl {
		t.Errorf("the moved pane %s is not focused in window 1: %s is", tl, a)
	}
	if z := s.Inner.Display("main:1", "#{window_zoomed_flag}"); z != "0" {
		t.Errorf("the pane moved into zoomed window 1 took its focus, yet the window is zoomed (on %s)",
			s.Inner.Active("main:1"))
	}
	s.Keys("Escape")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after Esc", code)
	}
	if got := rearrangeState(s.Inner); got != start {
		t.Errorf("Esc did not restore:\nbefore:\n%s\nafter:\n%s", start, got)
	}
}
