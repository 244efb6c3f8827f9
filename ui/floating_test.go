package ui

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// floatState is gridState with a floating pane %8 over @1's grid, made
// the active pane when active.
func floatState(active bool) *tmux.State {
	st := gridState()
	w := st.Windows[0]
	w.Panes = append(w.Panes, tmux.Pane{ID: "%8", WindowID: w.ID, Index: 4, Left: 20, Top: 5, Width: 30, Height: 8,
		Floating: true, Command: "top", Path: "/home/u"})
	if active {
		for i := range w.Panes {
			w.Panes[i].Active = w.Panes[i].ID == "%8"
		}
	}
	return st
}

// TestFloatingKeys: f floats the focused tiled pane and tiles a floating
// one; with a floating pane focused, the swap mode's arrows move it and
// H J K L resize it; the help says so.
func TestFloatingKeys(t *testing.T) {
	for _, tc := range []struct {
		active bool
		keys   []string
		call   string
	}{
		{false, []string{"f"}, "float %0  0"},
		{true, []string{"f"}, "tile %8  0"},
		{true, []string{"s", "l"}, "float-move %8 right 2"},
		{true, []string{"s", "up"}, "float-move %8 up 2"},
		{true, []string{"H"}, "float-resize %8 left 2"},
		{true, []string{"J"}, "float-resize %8 down 2"},
		{true, []string{"shift+right"}, "float-resize %8 right 2"},
		{false, []string{"s", "L"}, "resize %0 right 2"}, // a tiled pane resizes as before
	} {
		h := newHarness(t, floatState(tc.active), testOptions(), 100, 30)
		h.keys(tc.keys...)
		if calls := h.core.Calls(); len(calls) != 1 || calls[0] != tc.call {
			t.Errorf("active floating %v, keys %v: calls %q, want [%q]", tc.active, tc.keys, calls, tc.call)
		}
	}
	h := newHarness(t, floatState(true), testOptions(), 160, 40)
	h.keys("?")
	for _, want := range []string{"f tile", "HJKL resize float"} {
		if !strings.Contains(h.screen(), want) {
			t.Errorf("the full help lacks %q with a floating pane focused:\n%s", want, h.screen())
		}
	}
	h.keys("s")
	if !strings.Contains(h.screen(), "move float") {
		t.Errorf("swap mode's help does not say the arrows move the floating pane:\n%s", h.screen())
	}
	h = newHarness(t, floatState(false), testOptions(), 160, 40)
	h.keys("?")
	if !strings.Contains(h.screen(), "f float") || strings.Contains(h.screen(), "resize float") {
		t.Errorf("the full help with a tiled pane focused:\n%s", h.screen())
	}
}

// TestFloatingKeysRefused: where tmux cannot (before 3.8) the key says so
// and the map is unchanged.
func TestFloatingKeysRefused(t *testing.T) {
	core := newFake(floatState(true))
	core.noFloating = true
	h := newHarnessOn(t, core, testOptions(), 100, 30)
	for _, k := range []string{"f", "H"} {
		h.keys(k)
		h.wantStatus("tmux 3.7c cannot")
		if !tmux.SameLayout(h.core.State(), floatState(true)) {
			t.Errorf("%s changed the session on a tmux that cannot", k)
		}
	}
}
