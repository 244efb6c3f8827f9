package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
)

// TestRearrangeKeys: each key asks tmux for its one change, in one call,
// on the focused pane or the window on the map.
func TestRearrangeKeys(t *testing.T) {
	for _, tc := range []struct {
		keys []string
		call string
	}{
		{[]string{"H"}, "resize %0 left 2"},
		{[]string{"J"}, "resize %0 down 2"},
		{[]string{"K"}, "resize %0 up 2"},
		{[]string{"L"}, "resize %0 right 2"},
		{[]string{"shift+left"}, "resize %0 left 2"},
		{[]string{"shift+down"}, "resize %0 down 2"},
		{[]string{"shift+up"}, "resize %0 up 2"},
		{[]string{"shift+right"}, "resize %0 right 2"},
		{[]string{"space"}, "layout @1 next"},
		{[]string{"shift+space"}, "layout @1 previous"},
		{[]string{"p"}, "layout @1 previous"},
		{[]string{"="}, "layout @1 spread"},
		{[]string{"r"}, "rotate @1 down"},
		{[]string{"R"}, "rotate @1 up"},
		{[]string{">"}, `move %0 "@2" follow=true`},
		{[]string{"<"}, `move %0 "@3" follow=true`},
		{[]string{"b"}, `move %0 "" follow=true`},
		{[]string{"s", "L"}, "resize %0 right 2"}, // swap mode: resize all the same
	} {
		h := newHarness(t, gridState(), testOptions(), 80, 24)
		h.keys(tc.keys...)
		if calls := h.core.Calls(); len(calls) != 1 || calls[0] != tc.call || h.core.acts != 1 {
			t.Errorf("keys %v: calls %q in %d Act calls, want [%q] in one", tc.keys, calls, h.core.acts, tc.call)
		}
	}
}

func TestResizeStepOption(t *testing.T) {
	opts := testOptions()
	opts.ResizeStep = 5
	h := newHarness(t, gridState(), opts, 80, 24)
	h.keys("H")
	h.wantCalls("resize %0 left 5")
}

// TestMoveFollowsThePane: the map shows the window the pane went to, and
// undo brings it back and shows the window it came from.
func TestMoveFollowsThePane(t *testing.T) {
	orig := gridState()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys(">")
	if h.m.win != "@2" {
		t.Fatalf("map on %s after >, want @2", h.m.win)
	}
	if _, w, _ := h.core.State().FindPane("%0"); w.ID != "@2" {
		t.Fatalf("%%0 is in %s", w.ID)
	}
	h.keys("b")
	if _, w, _ := h.core.State().FindPane("%0"); h.m.win != w.ID || len(w.Panes) != 1 {
		t.Fatalf("map on %s after b, pane in %s with %d panes", h.m.win, w.ID, len(w.Panes))
	}
	h.keys("u", "u")
	if h.m.win != "@1" || !tmux.SameLayout(h.core.State(), orig) {
		t.Fatalf("after two undos the map is on %s and the panes are back: %v", h.m.win, tmux.SameLayout(h.core.State(), orig))
	}
}

// TestDragOntoTabMovesThePane: a pane dropped on another window's tab
// goes there, and the map follows it.
func TestDragOntoTabMovesThePane(t *testing.T) {
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	x0, y0 := h.paneCenter("%2")
	x, ok := h.tabX("@3")
	if !ok {
		t.Fatalf("no tab for @3 in %q", h.m.header.Out)
	}
	x++
	h.send(tea.MouseClickMsg{X: x0, Y: y0, Button: tea.MouseLeft})
	h.send(tea.MouseMotionMsg{X: x, Y: 0, Button: tea.MouseLeft})
	h.send(tea.MouseReleaseMsg{X: x, Y: 0, Button: tea.MouseLeft})
	h.wantCalls(`move %2 "@3" follow=true`)
	if h.m.win != "@3" {
		t.Errorf("map on %s, want @3", h.m.win)
	}
}

// TestRearrangeNudges: what cannot be done costs no tmux call and says why.
func TestRearrangeNudges(t *testing.T) {
	one := gridState()
	one.Windows = one.Windows[2:] // the one-pane "logs" window alone
	one.Current = one.Windows[0].ID
	one.Windows[0].Active = true
	for _, k := range []string{">", "<", "b", "H", "space", "r"} {
		h := newHarness(t, cloneState(one), testOptions(), 80, 24)
		h.keys(k)
		if h.core.acts != 0 || h.m.status.kind != statusNudge || h.m.status.text == "" {
			t.Errorf("key %s: %d calls, status %+v", k, h.core.acts, h.m.status)
		}
	}
}

// TestRenameWindowsFollowsRecreatedWindows: a restore that recreated a
// closed window under a new id leaves no old id in what undo and Esc keep.
func TestRenameWindowsFollowsRecreatedWindows(t *testing.T) {
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys("<") // to @3
	h.m.renameWindows(map[tmux.WindowID]tmux.WindowID{"@3": "@33", "@1": "@11"})
	if h.m.win != "@33" {
		t.Errorf("map on %s, want @33", h.m.win)
	}
	if _, ok := h.m.initial.Window("@11"); !ok || h.m.initial.Current != "@11" {
		t.Errorf("initial state keeps old ids: current %s", h.m.initial.Current)
	}
	e, _, _ := h.m.undo.pop()
	if e.win != "@11" {
		t.Errorf("undo entry shows %s, want @11", e.win)
	}
	if _, w, _ := e.state.FindPane("%7"); w.ID != "@33" {
		t.Errorf("undo entry has %%7 in %s", w.ID)
	}
}
