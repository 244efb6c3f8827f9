package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/internal/golden"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/previews"
)

// newPreviewHarness is a navigator with previews from recorded captures.
func newPreviewHarness(t *testing.T, st *tmux.State, opts Options, w, h int) (*harness, *fakePreviews) {
	t.Helper()
	core := newFake(st)
	src := newFakePreviews(t, core)
	opts.Previews = src
	return newHarnessOn(t, core, opts, w, h), src
}

// TestGoldenPreviews pins the map with each pane's screen in its box,
// from captures recorded from real tmux, with colour and without, at
// three sizes (the smallest has room only for labels).
func TestGoldenPreviews(t *testing.T) {
	for _, c := range []struct {
		name   string
		w, h   int
		window string
		color  bool
		keys   []string
	}{
		{"preview-grid-80x24-color", 80, 24, "@1", true, nil},
		{"preview-grid-80x24-nocolor", 80, 24, "@1", false, nil},
		{"preview-grid-120x40-color", 120, 40, "@1", true, nil},
		{"preview-grid-120x40-nocolor", 120, 40, "@1", false, nil},
		{"preview-grid-30x8-color", 30, 8, "@1", true, nil},
		{"preview-grid-30x8-nocolor", 30, 8, "@1", false, nil},
		{"preview-mainvertical-120x40-color-zoom", 120, 40, "@2", true, []string{"l", "z"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := testOptions()
			o.Window = tmux.WindowID(c.window)
			o.NoColor = !c.color
			h, _ := newPreviewHarness(t, gridState(), o, c.w, c.h)
			h.keys(c.keys...)
			got := h.m.View().Content
			if !c.color {
				// Without colour only attributes remain: bold, faint,
				// underline and reverse, never a colour.
				if strings.Contains(got, "38;") || strings.Contains(got, "48;") || strings.Contains(got, "[3") && hasColourSGR(got) {
					t.Errorf("colour with NO_COLOR:\n%q", got)
				}
				got = ansi.Strip(got)
			}
			golden.Check(t, c.name, got)
		})
	}
}

// hasColourSGR reports an SGR that sets a colour (30-37, 40-47, 90-97,
// 100-107, 38, 48).
func hasColourSGR(s string) bool {
	for _, seq := range strings.Split(s, "\x1b[")[1:] {
		params, _, ok := strings.Cut(seq, "m")
		if !ok {
			continue
		}
		for _, p := range strings.FieldsFunc(params, func(r rune) bool { return r == ';' || r == ':' }) {
			switch {
			case len(p) == 2 && (p[0] == '3' || p[0] == '4' || p[0] == '9') && p[1] >= '0' && p[1] <= '7',
				len(p) == 3 && p[:2] == "10" && p[2] >= '0' && p[2] <= '7', p == "38", p == "48":
				return true
			}
		}
	}
	return false
}

// TestPreviewShowsEachPanesText: each box shows its own pane's screen,
// and a pane that prints shows it at the next poll, without the other
// panes being drawn again.
func TestPreviewShowsEachPanesText(t *testing.T) {
	h, src := newPreviewHarness(t, gridState(), testOptions(), 120, 40)
	scr := h.screen()
	for _, want := range []string{"git status", "PID USER", "package", "TestGoldenViews"} {
		if !strings.Contains(scr, want) {
			t.Errorf("map lacks %q:\n%s", want, scr)
		}
	}
	before := map[tmux.PaneID]int{}
	for id, s := range h.m.previews.Shots() {
		before[id] = s.Version
	}
	src.set("%2", "hello from pane two\n")
	h.send(previews.TickMsg{})
	if !strings.Contains(h.screen(), "hello from pane two") {
		t.Fatalf("the new text is not on the map:\n%s", h.screen())
	}
	for id, s := range h.m.previews.Shots() {
		if changed := s.Version != before[id]; changed != (id == "%2") {
			t.Errorf("pane %s version %d -> %d", id, before[id], s.Version)
		}
	}
	// An unchanged capture changes nothing: the map is not redrawn.
	key := h.m.mapKey
	h.send(previews.TickMsg{})
	if h.m.mapKey != key {
		t.Error("an unchanged capture redrew the map")
	}
}

// TestPreviewPollCapturesAllInOneCall: without change notices, one poll
// is one capture of every pane on the map.
func TestPreviewPollCapturesAllInOneCall(t *testing.T) {
	h, src := newPreviewHarness(t, gridState(), testOptions(), 80, 24)
	n := len(src.calls())
	h.send(previews.TickMsg{})
	calls := src.calls()
	if len(calls) != n+1 || !slices.Equal(calls[len(calls)-1], []tmux.PaneID{"%0", "%1", "%2", "%3"}) {
		t.Fatalf("captures %v", calls[n:])
	}
}

// TestPreviewOff draws the metadata boxes without previews.
func TestPreviewOff(t *testing.T) {
	h := newHarnessOn(t, newFake(gridState()), testOptions(), 80, 24)
	h.send(previews.TickMsg{})
	if !strings.Contains(h.screen(), "/var/log/a/very") {
		t.Fatalf("no metadata box:\n%s", h.screen())
	}
}

// TestPreviewHostileText: whatever a pane holds, only text and SGR reach
// the screen, and no box spills into another.
func TestPreviewHostileText(t *testing.T) {
	h, src := newPreviewHarness(t, gridState(), testOptions(), 80, 24)
	clean := h.screen()
	src.set("%0", "\x1b]52;c;aGk=\x07\x1bc\x1b[2J\x1b[?1049h\x1b]0;title\x07\x9b2J\x1bPtmux;\x1b\x1b]52;c;eA==\x07\x1b\\wide 漢字 e\u0301 \xff tab\tX\n")
	h.send(previews.TickMsg{})
	view := h.m.View().Content
	for _, seq := range strings.Split(view, "\x1b")[1:] {
		if !strings.HasPrefix(seq, "[") || strings.IndexFunc(seq, func(r rune) bool { return r == 'm' }) < 0 {
			t.Fatalf("non-SGR escape on screen: %q", seq)
		}
		params, _, _ := strings.Cut(seq[1:], "m")
		if strings.Trim(params, "0123456789;:") != "" {
			t.Fatalf("non-SGR escape on screen: %q", seq)
		}
	}
	lines := strings.Split(h.screen(), "\n")
	before := strings.Split(clean, "\n")
	for i := range lines {
		if ansi.StringWidth(lines[i]) != 80 {
			t.Errorf("line %d is %d wide: %q", i, ansi.StringWidth(lines[i]), lines[i])
		}
		// The right half of the map (%2, %3) is untouched.
		if i < len(before) && i > 0 && i < 22 && ansi.Cut(lines[i], 41, 80) != ansi.Cut(before[i], 41, 80) {
			t.Errorf("line %d changed outside %%0's box:\n%q\n%q", i, lines[i], before[i])
		}
	}
	if !strings.Contains(h.screen(), "wide 漢字") {
		t.Errorf("the text around the sequences is gone:\n%s", h.screen())
	}
}
