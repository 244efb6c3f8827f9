package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/internal/golden"
	"github.com/panemap/panemap/tmux"
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
	for id, s := range h.m.shots {
		before[id] = s.Version
	}
	src.set("%2", "hello from pane two\n")
	h.send(previewTickMsg{})
	if !strings.Contains(h.screen(), "hello from pane two") {
		t.Fatalf("the new text is not on the map:\n%s", h.screen())
	}
	for id, s := range h.m.shots {
		if changed := s.Version != before[id]; changed != (id == "%2") {
			t.Errorf("pane %s version %d -> %d", id, before[id], s.Version)
		}
	}
	// An unchanged capture changes nothing: the map is not redrawn.
	key := h.m.mapKey
	h.send(previewTickMsg{})
	if h.m.mapKey != key {
		t.Error("an unchanged capture redrew the map")
	}
}

// TestPreviewPollCapturesAllInOneCall: without change notices, one poll
// is one capture of every pane on the map.
func TestPreviewPollCapturesAllInOneCall(t *testing.T) {
	h, src := newPreviewHarness(t, gridState(), testOptions(), 80, 24)
	n := len(src.calls())
	h.send(previewTickMsg{})
	calls := src.calls()
	if len(calls) != n+1 || !slices.Equal(calls[len(calls)-1], []tmux.PaneID{"%0", "%1", "%2", "%3"}) {
		t.Fatalf("captures %v", calls[n:])
	}
}

// TestPreviewChangesCaptureOnlyWhatPrinted: with change notices, the
// panes that printed in a batch are captured together, and only they:
// those noted, and those that printed while the batch was collected,
// which the navigator does not wait for one by one. While the source
// says panes are still printing, batches follow one another without a
// wait; then it waits for the next notice.
func TestPreviewChangesCaptureOnlyWhatPrinted(t *testing.T) {
	h, src := newPreviewHarness(t, gridState(), testOptions(), 80, 24)
	h.m.notices = true // as if the source had notices
	src.notices = true
	n := len(src.calls())
	// Notices for %3 and %1 in one batch; while it is collected nothing
	// waits for more: only the batch's timer.
	for _, p := range []tmux.PaneID{"%3", "%1", "%3"} {
		if cmd := h.sendOnly(paneChangedMsg{panes: []tmux.PaneID{p}}); cmd != nil {
			if _, ok := cmd().(previewDueMsg); !ok {
				t.Fatalf("after a notice for %s: a command other than the batch's timer", p)
			}
		}
	}
	if len(h.timers) == 0 {
		t.Fatal("no batch timer")
	}
	src.print("%2", "%3") // printed during the batch
	if len(src.calls()) != n {
		t.Fatal("captured before the batch ended")
	}
	src.more = true // they go on printing
	capture := h.sendOnly(previewDueMsg{})
	if capture == nil {
		t.Fatal("the batch's end captures nothing")
	}
	timers := len(h.timers)
	if next := h.sendOnly(capture()); next != nil {
		t.Fatalf("a command other than the next batch's timer: %T", next())
	}
	calls := src.calls()
	if want := []tmux.PaneID{"%3", "%1", "%2"}; len(calls) != n+1 || !slices.Equal(calls[n], want) {
		t.Fatalf("captures %v, want one of %v", calls[n:], want)
	}
	if len(h.timers) != timers+1 {
		t.Fatal("panes still printing: no next batch")
	}
	// The next batch: %0 printed meanwhile; then nothing prints any more.
	src.print("%0")
	src.more = false
	wait := h.sendOnly(h.sendOnly(previewDueMsg{})())
	if calls := src.calls(); len(calls) != n+2 || !slices.Equal(calls[n+1], []tmux.PaneID{"%0"}) {
		t.Fatalf("captures %v, want [%%0] second", calls[n:])
	}
	if wait == nil {
		t.Fatal("not waiting for the next notice")
	}
	got := make(chan tea.Msg, 1)
	go func() { got <- wait() }()
	src.print("%2")
	select {
	case msg := <-got:
		if pc, ok := msg.(paneChangedMsg); !ok || !slices.Equal(pc.panes, []tmux.PaneID{"%2"}) || pc.closed {
			t.Fatalf("the wait answered %#v", msg)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the wait did not answer within 10s of a pane printing")
	}
}

// TestPreviewOff draws the metadata boxes and never captures.
func TestPreviewOff(t *testing.T) {
	o := testOptions()
	o.Preview = false
	h, src := newPreviewHarness(t, gridState(), o, 80, 24)
	h.send(previewTickMsg{})
	if len(src.calls()) != 0 {
		t.Fatalf("captured with previews off: %v", src.calls())
	}
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
	h.send(previewTickMsg{})
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
