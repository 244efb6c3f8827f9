package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/tmux"
)

// Keys typed while an operation is in flight wait, in order.
func TestKeysQueueWhileBusy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	first := h.sendOnly(keyPress("l")) // in flight, not yet answered
	if !h.m.busy {
		t.Fatal("model not busy during an operation")
	}
	for _, k := range []string{"j", "s", "h", "s", "k"} {
		if cmd := h.sendOnly(keyPress(k)); cmd != nil {
			// queued input must not start anything while busy
			t.Fatalf("key %q started a command while busy", k)
		}
	}
	if len(h.m.queue) != 5 {
		t.Fatalf("queue has %d keys, want 5", len(h.m.queue))
	}
	h.run(first)
	h.wantCalls("select %0 right", "select %2 down", "swap %3 %1", "select %3 up")
	h.wantActive("%0") // %3 went to the bottom left, then up
	if h.m.busy || len(h.m.queue) != 0 {
		t.Errorf("busy=%v queue=%d after draining", h.m.busy, len(h.m.queue))
	}
}

// Keys typed before the first read wait for it.
func TestKeysBeforeLoadWait(t *testing.T) {
	t.Parallel()
	core := newFake(gridState())
	h := &harness{t: t, core: core, m: New(core, testOptions())}
	h.m.after = noTimer
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	init := h.m.Init()
	h.send(keyPress("l"), keyPress("j"))
	if len(core.Calls()) != 0 {
		t.Fatal("ran keys before the state was read")
	}
	if !strings.Contains(h.screen(), "reading tmux") {
		t.Errorf("no loading message:\n%s", h.screen())
	}
	h.run(init)
	h.wantCalls("select %0 right", "select %2 down")
}

func noTimer(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }

// The map follows changes made outside, on the next poll.
func TestPollFollowsOutsideChanges(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.core.edit(func(st *tmux.State) { setActive(st.Windows[0], "%3") })
	h.fireLast() // the poll timer
	if a, _ := h.m.window().ActivePane(); a.ID != "%3" {
		t.Fatalf("map shows %s active after an outside change, want %%3", a.ID)
	}
	if !strings.Contains(h.screen(), "┏") {
		t.Error("no focused box")
	}
	if len(h.timers) < 2 {
		t.Error("the poll did not schedule the next one")
	}
	h.wantCalls()
}

// An unchanged poll changes nothing: same state, same view (the renderer
// then writes nothing).
func TestPollWithoutChangeDoesNotRedraw(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	before, view := h.m.state, h.m.View().Content
	reads := h.core.reads
	h.fireLast()
	if h.core.reads != reads+1 {
		t.Fatalf("poll did %d reads, want 1", h.core.reads-reads)
	}
	if h.m.state != before {
		t.Error("an identical state replaced the shown one")
	}
	if h.m.View().Content != view {
		t.Error("view changed with nothing changed")
	}
}

// A poll that was overtaken by an operation must not put the old state back.
func TestStaleReadDropped(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	// The poll's check, then its read, run now; the read's answer
	// arrives late.
	stamp := h.sendOnly(pollMsg{})()
	if _, ok := stamp.(stampMsg); !ok {
		t.Fatalf("poll answered %T", stamp)
	}
	stale := h.sendOnly(stamp)()
	if _, ok := stale.(stateMsg); !ok {
		t.Fatalf("poll answered %T", stale)
	}
	h.keys("l")
	h.wantActive("%2")
	h.send(stale)
	if a, _ := h.m.window().ActivePane(); a.ID != "%2" {
		t.Fatalf("a stale read put %s back", a.ID)
	}
}

func TestPaneGoneRefreshes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.core.fail["select"] = &tmux.Error{Kind: tmux.KindGone, Message: "pane %0 is gone"}
	h.keys("l")
	h.wantStatus("pane gone")
	if h.quit || h.m.fatal != nil {
		t.Fatal("a gone pane ended the navigator")
	}
	h.keys("l")
	h.wantActive("%2")
}

func TestErrorsShowInStatus(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.core.fail["zoom"] = &tmux.Error{Kind: tmux.KindRefused, Message: "tmux said no"}
	h.keys("z")
	h.wantStatus("tmux said no")
	if h.m.status.kind != statusError {
		t.Error("not shown as an error")
	}
}

func TestServerGoneExitsNonZeroAfterKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.core.gone = true
	h.fireLast()
	if h.m.fatal == nil {
		t.Fatal("server gone not noticed")
	}
	s := h.screen()
	if !strings.Contains(s, "no tmux server") || !strings.Contains(s, "press any key") {
		t.Errorf("no server-gone message:\n%s", s)
	}
	if h.quit {
		t.Fatal("quit before a key press")
	}
	h.keys("x")
	if !h.quit || h.m.ExitCode() != ExitTmuxGone || h.m.Err() == nil {
		t.Fatalf("quit=%v code=%d err=%v", h.quit, h.m.ExitCode(), h.m.Err())
	}
}

func TestServerGoneDuringOperation(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.core.gone = true
	h.keys("l", "j") // the second key must not run after the failure
	if h.m.fatal == nil {
		t.Fatal("server gone not noticed")
	}
	h.keys("q")
	if h.m.ExitCode() != ExitTmuxGone {
		t.Fatalf("exit code %d, want %d", h.m.ExitCode(), ExitTmuxGone)
	}
}

func TestSessionGoneAtOpen(t *testing.T) {
	t.Parallel()
	core := newFake(gridState())
	o := testOptions()
	o.Session = "$9"
	h := &harness{t: t, core: core, m: New(core, o)}
	h.m.after = noTimer
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	h.run(h.m.Init())
	if h.m.fatal == nil || !strings.Contains(h.screen(), "session gone") {
		t.Fatalf("no fatal message:\n%s", h.screen())
	}
	h.keys("q")
	if h.m.ExitCode() == ExitOK {
		t.Fatal("exit code 0 with the session gone")
	}
}

func TestTinyTerminals(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	for _, sz := range [][2]int{{1, 1}, {0, 0}, {2, 1}, {19, 5}, {20, 5}, {19, 6}, {20, 6}, {21, 7}, {5, 40}, {200, 3}, {24, 8}} {
		h.send(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		s := h.screen()
		lines := strings.Split(s, "\n")
		if s != "" && len(lines) > sz[1] {
			t.Errorf("%dx%d: %d lines", sz[0], sz[1], len(lines))
		}
		for _, l := range lines {
			if w := ansi.StringWidth(l); w > sz[0] {
				t.Errorf("%dx%d: line %q is %d wide", sz[0], sz[1], l, w)
			}
		}
		small := sz[0] < MinWidth || sz[1] < MinHeight
		if small && sz[0] >= 20 && !strings.Contains(s, "too") {
			t.Errorf("%dx%d: no too-small message:\n%s", sz[0], sz[1], s)
		}
		// Keys and clicks on a tiny screen do not panic.
		h.send(tea.MouseClickMsg{X: 0, Y: 0, Button: tea.MouseLeft}, tea.MouseReleaseMsg{X: 0, Y: 0})
	}
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if !strings.Contains(h.screen(), "%3") {
		t.Errorf("map not back after growing:\n%s", h.screen())
	}
}

// A window with more panes than fit says so, naming the size its map
// needs, instead of drawing broken boxes; one that fits is drawn whole,
// every label showing.
func TestTooManyPanesForArea(t *testing.T) {
	t.Parallel()
	h := newHarness(t, rowState(12), testOptions(), 30, 10)
	if s := strings.Join(strings.Fields(h.screen()), " "); !strings.Contains(s, "30x10 is too small for this window's 12 panes: needs 38x10") {
		t.Errorf("no too-small message naming the size for 12 panes in 30 columns:\n%s", h.screen())
	}
	h.send(tea.WindowSizeMsg{Width: 38, Height: 10})
	s := h.screen()
	if strings.Contains(s, "too small") {
		t.Fatalf("12 panes do not fit in 38 columns:\n%s", s)
	}
	row := strings.Split(s, "\n")[2]
	for _, label := range []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"} {
		if !strings.Contains(row, label) {
			t.Errorf("label %s missing from %q", label, row)
		}
	}
	x, y := h.paneCenter("%21")
	h.send(tea.MouseClickMsg{X: x - 1, Y: y, Button: tea.MouseLeft}, tea.MouseReleaseMsg{X: x - 1, Y: y})
	h.wantActive("%21")
}

var colourSeq = regexp.MustCompile(`\x1b\[[0-9;]*(3[0-9]|4[0-9]|9[0-7]|10[0-7])(;[0-9;]*)?m|38;5|48;5|38;2|48;2`)

func TestNoColor(t *testing.T) {
	t.Parallel()
	o := testOptions()
	o.Env = append(o.Env, "NO_COLOR=1")
	h := newHarness(t, gridState(), o, 80, 24)
	raw := h.m.View().Content
	if colourSeq.MatchString(raw) {
		t.Errorf("colour escape in NO_COLOR view: %q", colourSeq.FindString(raw))
	}
	s := h.screen()
	if !strings.Contains(s, "┏") || !strings.Contains(s, "┛") {
		t.Errorf("focused pane has no heavy border without colour:\n%s", s)
	}
	h.keys("s")
	if s := h.screen(); !strings.Contains(s, "╔") {
		t.Errorf("swap mode has no double border without colour:\n%s", s)
	}
	// and with colour there is colour
	h2 := newHarness(t, gridState(), testOptions(), 80, 24)
	if !colourSeq.MatchString(h2.m.View().Content) {
		t.Error("no colour in the colour view")
	}
}

func TestViewIsAltScreenWithMouse(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	v := h.m.View()
	if !v.AltScreen || v.MouseMode != tea.MouseModeCellMotion {
		t.Errorf("AltScreen=%v MouseMode=%v", v.AltScreen, v.MouseMode)
	}
}

func TestOpenOnGivenWindow(t *testing.T) {
	t.Parallel()
	o := testOptions()
	o.Window = "@2"
	h := newHarness(t, gridState(), o, 80, 24)
	if h.m.win != "@2" || !strings.Contains(h.screen(), "nvim") {
		t.Fatalf("map on %s:\n%s", h.m.win, h.screen())
	}
	h.keys("l")
	h.wantActive("%5")
}

// The map drops a window closed outside, says so, and shows the
// session's next window.
func TestShownWindowClosedOutside(t *testing.T) {
	t.Parallel()
	o := testOptions()
	o.Window = "@2"
	h := newHarness(t, gridState(), o, 80, 24)
	h.core.edit(func(st *tmux.State) { st.Windows = append(st.Windows[:1], st.Windows[2:]...) })
	h.fireLast()
	if h.m.win != "@3" {
		t.Fatalf("map on %s, want the next window @3", h.m.win)
	}
	h.wantStatus("window 1:editor was closed; showing 2:logs")
	if !strings.Contains(h.screen(), "tail") {
		t.Errorf("the map does not show the next window:\n%s", h.screen())
	}
	// Still working there.
	h.keys("z")
	h.wantCalls("zoom %7")
}

// After the last window, the next one wraps to the first.
func TestShownLastWindowClosedWraps(t *testing.T) {
	t.Parallel()
	o := testOptions()
	o.Window = "@3"
	h := newHarness(t, gridState(), o, 80, 24)
	h.core.edit(func(st *tmux.State) { st.Windows = st.Windows[:2] })
	h.fireLast()
	if h.m.win != "@1" {
		t.Fatalf("map on %s, want the first window @1", h.m.win)
	}
	h.wantStatus("window 2:logs was closed; showing 0:grid")
}

// "Next" is by index, whatever the order windows come in.
func TestNextWindowByIndex(t *testing.T) {
	t.Parallel()
	st := gridState()
	st.Windows[0].Index, st.Windows[1].Index, st.Windows[2].Index = 7, 3, 9
	for _, c := range []struct {
		closed int
		want   tmux.WindowID
	}{{1, "@2"}, {3, "@1"}, {5, "@1"}, {7, "@3"}, {9, "@2"}, {12, "@2"}} {
		if got := nextWindow(st, c.closed); got == nil || got.ID != c.want {
			t.Errorf("after index %d: %v, want %s", c.closed, got, c.want)
		}
	}
	if got := nextWindow(&tmux.State{}, 0); got != nil {
		t.Errorf("no windows: %v", got)
	}
}

// A key whose operation finds the window already gone says the window
// closed, not that a pane is gone.
func TestShownWindowClosedUnderAKey(t *testing.T) {
	t.Parallel()
	o := testOptions()
	o.Window = "@2"
	h := newHarness(t, gridState(), o, 80, 24)
	h.core.edit(func(st *tmux.State) { st.Windows = st.Windows[:1] })
	h.keys("l")
	if h.m.win != "@1" || h.m.fatal != nil {
		t.Fatalf("map on %s (fatal %v), want @1", h.m.win, h.m.fatal)
	}
	h.wantStatus("window 1:editor was closed; showing 0:grid")
	h.wantCalls()
}

// The session itself gone is still the end.
func TestShownSessionClosedOutside(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.core.edit(func(st *tmux.State) { st.Session = "$9" })
	h.fireLast()
	if h.m.fatal == nil || !strings.Contains(h.screen(), "press any key") {
		t.Fatalf("session gone not fatal:\n%s", h.screen())
	}
}

// The input closing after changes keeps them, as q does: no Restore,
// whatever Esc would do.
func TestInputClosedKeepsChanges(t *testing.T) {
	t.Parallel()
	o := testOptions()
	o.EscReverts = true
	h := newHarness(t, gridState(), o, 80, 24)
	h.keys("l", "s", "j")
	h.send(inputClosedMsg{})
	if !h.quit || h.m.ExitCode() != ExitOK || h.m.Err() != nil {
		t.Fatalf("quit=%v code=%d err=%v", h.quit, h.m.ExitCode(), h.m.Err())
	}
	for _, c := range h.core.Calls() {
		if c == "restore" {
			t.Fatalf("EOF reverted: %q", h.core.Calls())
		}
	}
	h.wantActive("%2")
	if w, _ := h.core.State().Window("@1"); w.Panes[3].ID != "%2" {
		t.Errorf("the swap was undone: %+v", w.Panes)
	}
}

// Input that ended before the session could be read: the failure is the
// end, with no key to wait for.
func TestInputClosedBeforeSessionGone(t *testing.T) {
	t.Parallel()
	core := newFake(gridState())
	o := testOptions()
	o.Session = "$9"
	m := New(core, o)
	m.after = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	next, _ := m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	next, _ = next.(Model).Update(inputClosedMsg{})
	if next.(Model).quitting {
		t.Fatal("quit before the session was read")
	}
	h := &harness{t: t, m: next.(Model), core: core}
	h.run(h.m.Init())
	if !h.quit || h.m.ExitCode() != ExitTmuxGone || h.m.Err() == nil {
		t.Fatalf("quit=%v code=%d err=%v", h.quit, h.m.ExitCode(), h.m.Err())
	}
	if len(core.Calls()) != 0 {
		t.Errorf("calls %q", core.Calls())
	}
}

// TestLongErrorShownWhole: an error longer than the screen is wide is
// wrapped under the map, never cut: its end says what to do.
func TestLongErrorShownWhole(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 58, 14)
	msg := "pane %0 not resized that way: tile the floating panes or move them to another window first (here tmux next-3.8's resize-pane would resize a floating pane's cell instead of a tiled neighbour's). Nothing changed"
	h.core.fail["zoom"] = &tmux.Error{Kind: tmux.KindRefused, Message: msg}
	h.keys("z")
	screen := h.screen()
	lines := strings.Split(screen, "\n")
	if len(lines) != 14 {
		t.Fatalf("%d lines, want 14:\n%s", len(lines), screen)
	}
	words := strings.Fields(strings.Join(lines, " "))
	if !strings.Contains(strings.Join(words, " "), msg) {
		t.Errorf("the error is not shown whole:\n%s", screen)
	}
}
