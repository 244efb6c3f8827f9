package ui

import (
	"github.com/panemap/panemap/tmux"

	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestArrowsMoveFocus(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys("right")
	h.wantActive("%2")
	h.keys("down")
	h.wantActive("%3")
	h.keys("left")
	h.wantActive("%1")
	h.keys("up")
	h.wantActive("%0")
	h.wantCalls("select %0 right", "select %2 down", "select %3 left", "select %1 up")
}

func TestHJKLMoveFocus(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys("l")
	h.wantActive("%2")
	h.keys("j")
	h.wantActive("%3")
	h.keys("h")
	h.wantActive("%1")
	h.keys("k")
	h.wantActive("%0")
	h.wantCalls("select %0 right", "select %2 down", "select %3 left", "select %1 up")
}

func TestMoveWrapsLikeTmux(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys("left")
	h.wantActive("%2")
	h.wantCalls("select %0 left")
}

func TestEdgeStopNudge(t *testing.T) {
	t.Parallel()
	o := testOptions()
	o.Wrap = false
	h := newHarness(t, gridState(), o, 80, 24)
	h.keys("up")
	h.wantActive("%0")
	h.wantCalls()
	h.wantStatus("at the top edge")
	h.keys("h")
	h.wantCalls()
	h.wantStatus("at the left edge")
	// Not at the edge: moves, and the nudge is gone.
	h.keys("l")
	h.wantActive("%2")
	if h.m.status.text != "" {
		t.Errorf("status after a real move = %q", h.m.status.text)
	}
	h.keys("right")
	h.wantActive("%2")
	h.wantStatus("at the right edge")
	h.wantCalls("select %0 right")
}

func TestTabAndShiftTab(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys("tab")
	h.wantActive("%1")
	h.keys("tab", "tab", "tab")
	h.wantActive("%0") // wrapped
	h.keys("shift+tab")
	h.wantActive("%3")
	h.wantCalls("select %0 next", "select %1 next", "select %2 next", "select %3 next", "select %0 previous")
}

func TestLastPane(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys("j", ";")
	h.wantActive("%0")
	h.keys(";")
	h.wantActive("%1")
	h.wantCalls("select %0 down", "select %1 last", "select %0 last")
}

func TestLastPaneWithoutHistory(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys(";")
	h.wantCalls()
	h.wantStatus("no last pane")
}

func TestLabelDigit(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys("3")
	h.wantActive("%3")
	h.keys("9")
	h.wantStatus("no pane labelled 9")
	h.wantCalls("select %3 none")
}

func TestLabelTwoDigits(t *testing.T) {
	t.Parallel()
	h := newHarness(t, rowState(12), testOptions(), 160, 40)
	// "1" could be pane 1, 10 or 11: it waits.
	h.keys("1")
	h.wantCalls()
	h.wantStatus("pane 1…")
	h.keys("1")
	h.wantActive("%21") // index 11
	// "1" then a non-digit: pane 1, then the key.
	h.keys("1", "l")
	h.wantActive("%12")
	// "1" then the timeout: pane 1.
	h.keys("1")
	h.fireLast()
	h.wantActive("%11")
	// "1" then Enter commits without closing.
	h.keys("0")
	h.wantActive("%10")
	h.keys("1", "enter")
	h.wantActive("%11")
	if h.quit {
		t.Error("Enter after a label prefix closed the navigator")
	}
	h.wantCalls("select %21 none", "select %11 none", "select %11 right", "select %11 none", "select %10 none", "select %11 none")
}

func TestSwapModeWalksPane(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys("s")
	if !strings.Contains(h.screen(), "SWAP") {
		t.Errorf("swap mode not shown:\n%s", h.screen())
	}
	if !strings.Contains(h.screen(), "move pane") {
		t.Errorf("footer does not describe swap mode:\n%s", h.screen())
	}
	h.keys("l")
	h.wantActive("%0") // focus stays on the content
	w, _ := h.core.State().Window("@1")
	if p, _ := w.Pane("%0"); p.Left != 41 || p.Top != 0 {
		t.Errorf("%%0 at %d,%d after swap right, want 41,0", p.Left, p.Top)
	}
	h.keys("j")
	w, _ = h.core.State().Window("@1")
	if p, _ := w.Pane("%0"); p.Left != 41 || p.Top != 13 {
		t.Errorf("%%0 at %d,%d after swap down, want 41,13", p.Left, p.Top)
	}
	h.wantActive("%0")
	h.keys("s")
	if !strings.Contains(h.screen(), "NAV") || strings.Contains(h.screen(), "SWAP") {
		t.Errorf("nav mode not back:\n%s", h.screen())
	}
	h.keys("k")
	h.wantCalls("swap %0 %2", "swap %0 %3", "select %0 up")
}

func TestSwapModeEdgeNoWrap(t *testing.T) {
	t.Parallel()
	o := testOptions()
	o.Wrap = false
	h := newHarness(t, gridState(), o, 80, 24)
	h.keys("s", "h")
	h.wantCalls()
	h.wantStatus("at the left edge")
}

func TestMarkToggle(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys("m")
	if got := h.core.State().Marked; got != "%0" {
		t.Fatalf("marked = %q, want %%0", got)
	}
	if !strings.Contains(h.screen(), "marked") {
		t.Errorf("marked pane not shown:\n%s", h.screen())
	}
	h.keys("m")
	if got := h.core.State().Marked; got != "" {
		t.Fatalf("marked = %q after second m, want none", got)
	}
	h.wantCalls("mark %0", "mark %0")
}

func TestSwapWithMarked(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys("x")
	h.wantStatus("no marked pane")
	h.keys("3", "m", "0")
	h.keys("x")
	h.wantActive("%0")
	w, _ := h.core.State().Window("@1")
	if p, _ := w.Pane("%0"); p.Index != 3 {
		t.Errorf("%%0 has index %d after x, want 3", p.Index)
	}
	h.wantCalls("select %3 none", "mark %3", "select %0 none", "swap %0 %3")
}

func TestSwapWithMarkedAcrossWindows(t *testing.T) {
	t.Parallel()
	st := gridState()
	st.Marked = "%5"
	st.Windows[1].Panes[1].Marked = true
	h := newHarness(t, st, testOptions(), 80, 24)
	if !strings.Contains(h.screen(), "MARK 1:editor") {
		t.Errorf("header does not say where the marked pane is:\n%s", h.screen())
	}
	h.keys("x")
	h.wantCalls("swap %0 %5")
	got := h.core.State()
	if _, w, _ := got.FindPane("%0"); w.ID != "@2" {
		t.Errorf("%%0 is in %s, want @2", w.ID)
	}
	if _, w, _ := got.FindPane("%5"); w.ID != "@1" {
		t.Errorf("%%5 is in %s, want @1", w.ID)
	}
	// The focused pane went to @2: tmux's focus and the map go with it.
	if h.m.win != "@2" || got.Current != "@2" {
		t.Errorf("after x the map is on %s and tmux on %s, want both on @2 with %%0", h.m.win, got.Current)
	}
	h.wantActive("%0")
	if w, _ := got.Window("@1"); w != nil {
		if a, _ := w.ActivePane(); a.ID != "%5" {
			t.Errorf("@1's active pane is %s, want %%5, the pane that arrived in the focused pane's place", a.ID)
		}
	}
}

func TestWindowKeysWrap(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys("]")
	if h.m.win != "@2" || h.core.State().Current != "@2" {
		t.Fatalf("after ]: map on %s, tmux on %s; want @2", h.m.win, h.core.State().Current)
	}
	if !strings.Contains(h.screen(), "nvim") {
		t.Errorf("map did not switch:\n%s", h.screen())
	}
	h.keys("]", "]")
	if h.m.win != "@1" {
		t.Fatalf("after ] ] ]: map on %s, want @1 (wrap)", h.m.win)
	}
	h.keys("[")
	if h.m.win != "@3" || h.core.State().Current != "@3" {
		t.Fatalf("after [: map on %s, want @3 (wrap)", h.m.win)
	}
	h.wantCalls("window @2", "window @3", "window @1", "window @3")
}

func TestZoom(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys("l", "z")
	w, _ := h.core.State().Window("@1")
	if !w.Zoomed {
		t.Fatal("window not zoomed")
	}
	if s := h.screen(); !strings.Contains(s, "ZOOM") || !strings.Contains(s, "zoomed") {
		t.Errorf("zoom not shown:\n%s", s)
	}
	h.keys("z")
	w, _ = h.core.State().Window("@1")
	if w.Zoomed {
		t.Fatal("window still zoomed")
	}
	h.wantCalls("select %0 right", "zoom %2", "zoom %2")
}

func TestHelpToggle(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 120, 40)
	if strings.Contains(h.screen(), "previous window") {
		t.Fatal("full help shown before ?")
	}
	h.keys("?")
	s := h.screen()
	for _, want := range []string{"previous window", "next pane", "pane by label", "focus left", "swap with marked", "less"} {
		if !strings.Contains(s, want) {
			t.Errorf("full help lacks %q:\n%s", want, s)
		}
	}
	if !strings.Contains(s, "u undo") {
		t.Error("full help does not list undo before anything changed")
	}
	h.keys("?")
	if strings.Contains(h.screen(), "previous window") {
		t.Fatal("full help still shown after second ?")
	}
	h.wantCalls()
}

func TestMouseClickFocuses(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	x, y := h.paneCenter("%3")
	h.send(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft}, tea.MouseReleaseMsg{X: x, Y: y, Button: tea.MouseLeft})
	h.wantActive("%3")
	h.wantCalls("select %3 none")
}

func TestMouseDragSwaps(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	x0, y0 := h.paneCenter("%1")
	x1, y1 := h.paneCenter("%2")
	h.send(tea.MouseClickMsg{X: x0, Y: y0, Button: tea.MouseLeft})
	h.send(tea.MouseMotionMsg{X: x1, Y: y1, Button: tea.MouseLeft})
	if h.m.drag == nil || h.m.drag.over != "%2" {
		t.Fatalf("drag not tracked: %+v", h.m.drag)
	}
	h.send(tea.MouseReleaseMsg{X: x1, Y: y1, Button: tea.MouseLeft})
	h.wantCalls("swap %1 %2")
	w, _ := h.core.State().Window("@1")
	if p, _ := w.Pane("%1"); p.Index != 2 {
		t.Errorf("%%1 has index %d after the drag, want 2", p.Index)
	}
	h.wantActive("%0")
}

func TestMouseClickTab(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	x, ok := h.tabX("@2")
	if !ok {
		t.Fatalf("no tab for @2 in %q", h.m.header.Out)
	}
	x++
	h.send(tea.MouseClickMsg{X: x, Y: 0, Button: tea.MouseLeft}, tea.MouseReleaseMsg{X: x, Y: 0, Button: tea.MouseLeft})
	h.wantCalls("window @2")
	if h.m.win != "@2" {
		t.Errorf("map on %s, want @2", h.m.win)
	}
}

func TestSwapWithMarkedInAnotherSession(t *testing.T) {
	t.Parallel()
	st := gridState()
	st.Foreign = window("@9", 0, "elsewhere", 80, 24, paneSpec{"%9", 0, 0, 0, 80, 24, "sh", "/", ""})
	st.Foreign.SessionID, st.Foreign.SessionName = "$2", "other"
	st.Foreign.Panes[0].Marked = true
	st.Marked = "%9"
	orig := cloneState(st)
	h := newHarness(t, st, testOptions(), 80, 24)
	if !strings.Contains(h.screen(), "MARK %9") {
		t.Errorf("header does not name the marked pane:\n%s", h.screen())
	}
	h.keys("x")
	h.wantCalls("swap %0 %9")
	// %0 went to another session: the map stays on its window, which
	// was not closed.
	if h.m.win != "@1" || h.m.status.text != "" {
		t.Errorf("after x the map is on %s, status %q; want @1, no status", h.m.win, h.m.status.text)
	}
	h.wantActive("%9")
	h.keys("u")
	if got := h.core.State(); !tmux.SameLayout(got, orig) {
		t.Error("undo did not bring the panes back")
	}
}
