package ui

import (
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/internal/golden"
	"github.com/panemap/panemap/tmux"
)

// TestGoldenViews pins the whole screen at a few sizes, for the 2x2 grid
// and the main-vertical window, with colour (raw, as lipgloss renders it)
// and without (ANSI stripped: the borders carry focus and mode).
func TestGoldenViews(t *testing.T) {
	cases := []struct {
		name   string
		w, h   int
		window string
		color  bool
		keys   []string
	}{
		{"grid-80x24-nocolor", 80, 24, "@1", false, nil},
		{"grid-80x24-color", 80, 24, "@1", true, nil},
		{"grid-120x40-nocolor-swap-marked", 120, 40, "@1", false, []string{"3", "m", "0", "s"}},
		{"mainvertical-80x24-nocolor-zoom", 80, 24, "@2", false, []string{"l", "z"}},
		{"mainvertical-120x40-color-fullhelp", 120, 40, "@2", true, []string{"?"}},
		{"grid-30x8-nocolor", 30, 8, "@1", false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := testOptions()
			o.Window = tmux.WindowID(c.window)
			if !c.color {
				o.NoColor = true
			}
			h := newHarness(t, gridState(), o, c.w, c.h)
			h.keys(c.keys...)
			got := h.m.View().Content
			if !c.color {
				got = ansi.Strip(got)
			}
			golden.Check(t, c.name, got)
		})
	}
}
