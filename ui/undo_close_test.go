package ui

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// Undo, and what Enter, q and Esc leave behind as the navigator closes.

func TestUndoStepByStep(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	var snaps []*tmux.State
	step := func(keys ...string) {
		snaps = append(snaps, h.core.State())
		h.keys(keys...)
	}
	if !strings.Contains(h.screen(), "u undo") {
		t.Error("help does not list undo before anything changed")
	}
	step("l")      // focus
	step("s", "j") // swap
	step("s", "z") // zoom
	step("m")      // mark
	step("]")      // window
	if !strings.Contains(h.screen(), "undo") {
		t.Error("help does not offer undo")
	}
	for i := len(snaps) - 1; i >= 0; i-- {
		h.keys("u")
		if got := h.core.State(); !tmux.SameLayout(got, snaps[i]) {
			t.Fatalf("undo %d did not restore the state before step %d", len(snaps)-i, i)
		}
	}
	if h.m.win != "@1" {
		t.Errorf("map on %s after undoing the window switch, want @1", h.m.win)
	}
	h.keys("u")
	h.wantStatus("nothing to undo")
	n := 0
	for _, c := range h.core.Calls() {
		if c == "restore" {
			n++
		}
	}
	if n != len(snaps) {
		t.Errorf("%d restores, want %d", n, len(snaps))
	}
}

func TestEnterAndQKeepEverything(t *testing.T) {
	t.Parallel()
	for _, k := range []string{"enter", "q"} {
		t.Run(k, func(t *testing.T) {
			h := newHarness(t, gridState(), testOptions(), 80, 24)
			h.keys("l", "j")
			h.keys(k)
			if !h.quit || h.m.ExitCode() != ExitOK {
				t.Fatalf("quit=%v code=%d", h.quit, h.m.ExitCode())
			}
			h.wantActive("%3")
			// last-pane history as if the person jumped %0 → %3 directly.
			h.wantCalls("select %0 right", "select %2 down", "select %0 none", "select %3 none")
			w, _ := h.core.State().Window("@1")
			if l, _ := w.LastPane(); l.ID != "%0" {
				t.Errorf("last pane = %s, want %%0", l.ID)
			}
		})
	}
}

func TestQWithoutChangesTouchesNothing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys("q")
	if !h.quit || h.m.ExitCode() != ExitOK {
		t.Fatalf("quit=%v code=%d", h.quit, h.m.ExitCode())
	}
	h.wantCalls()
}

func TestEscRestoresEverything(t *testing.T) {
	t.Parallel()
	for _, k := range []string{"esc", "ctrl+c"} {
		t.Run(k, func(t *testing.T) {
			st := gridState()
			h := newHarness(t, st, testOptions(), 80, 24)
			initial := h.core.State()
			h.keys("l", "s", "j", "m", "z", "]")
			h.keys(k)
			if !h.quit || h.m.ExitCode() != ExitOK {
				t.Fatalf("quit=%v code=%d", h.quit, h.m.ExitCode())
			}
			calls := h.core.Calls()
			if calls[len(calls)-1] != "restore" {
				t.Errorf("last call %q, want restore", calls[len(calls)-1])
			}
			if !tmux.SameLayout(h.core.State(), initial) {
				t.Error("state not restored")
			}
		})
	}
}

func TestEscWithoutRevert(t *testing.T) {
	t.Parallel()
	o := testOptions()
	o.EscReverts = false
	h := newHarness(t, gridState(), o, 80, 24)
	if !strings.Contains(h.screen(), "esc close") {
		t.Errorf("help says Esc reverts:\n%s", h.screen())
	}
	h.keys("l", "esc")
	if !h.quit || h.m.ExitCode() != ExitOK {
		t.Fatalf("quit=%v code=%d", h.quit, h.m.ExitCode())
	}
	h.wantActive("%2")
	for _, c := range h.core.Calls() {
		if c == "restore" {
			t.Fatal("Esc restored with EscReverts off")
		}
	}
}
