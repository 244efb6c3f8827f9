package ui

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/previews"
)

// statePreviews is fakePreviews that also reads the session with its
// captures (previews.StateCapturer), counting those calls apart.
type statePreviews struct {
	*fakePreviews
	together [][]tmux.PaneID
	changed  [][]tmux.PaneID // what each read was told certainly changed
}

func (s *statePreviews) CaptureWithState(ctx context.Context, sess tmux.SessionID, panes, changed []tmux.PaneID) (*tmux.State, []tmux.PaneScreen, error) {
	st, err := s.core.ReadState(ctx, sess)
	if err != nil {
		return nil, nil, err
	}
	screens, err := s.Capture(ctx, panes)
	s.mu.Lock()
	s.asked = s.asked[:len(s.asked)-1] // counted here, not as a capture alone
	s.together = append(s.together, slices.Clone(panes))
	s.changed = append(s.changed, slices.Clone(changed))
	s.mu.Unlock()
	return st, screens, err
}

// TestPreviewPollReadsWithCaptures: where previews are polled and the
// source can read the session with its captures, each poll is one call
// that does both (one tmux process below 3.7, not two), at the previews'
// rate; the map shows what it read, and no capture or read runs alone.
func TestPreviewPollReadsWithCaptures(t *testing.T) {
	core := newFake(gridState())
	src := &statePreviews{fakePreviews: newFakePreviews(t, core)}
	src.text["%1"] = "fresh text\n"
	opts := testOptions()
	opts.Previews = src
	h := newHarnessOn(t, core, opts, 80, 24)
	if !h.m.pollsWithCaptures() || h.m.pollInterval() != previews.PollInterval {
		t.Fatalf("polls with captures %v every %v, want every %v", h.m.pollsWithCaptures(), h.m.pollInterval(), previews.PollInterval)
	}
	alone, reads := len(src.calls()), core.reads
	src.text["%1"] = "printed since\n"
	for range 3 {
		h.send(pollMsg{})
		h.send(previews.TickMsg{}) // the tick captures nothing more
	}
	if len(src.together) != 3 {
		t.Fatalf("%d reads with captures for 3 polls, want 3", len(src.together))
	}
	for _, p := range src.together {
		if !slices.Equal(p, []tmux.PaneID{"%0", "%1", "%2", "%3"}) {
			t.Errorf("captured %v with the read, want every pane on the map", p)
		}
	}
	if n := len(src.calls()); n != alone {
		t.Errorf("%d captures alone besides: %v", n-alone, src.calls()[alone:])
	}
	if got := core.reads - reads; got != 3 {
		t.Errorf("%d reads of the session for 3 polls, want 3 (each with its captures)", got)
	}
	if scr := h.screen(); !strings.Contains(scr, "printed since") {
		t.Errorf("the map does not show what the poll captured:\n%s", scr)
	}
}

// TestPreviewPollWithoutCapturerReadsAlone: a source that cannot read
// the session keeps the two apart, the read at the map's own rate.
func TestPreviewPollWithoutCapturerReadsAlone(t *testing.T) {
	h, src := newPreviewHarness(t, gridState(), testOptions(), 80, 24)
	if h.m.pollsWithCaptures() || h.m.pollInterval() != pollEvery {
		t.Fatalf("polls with captures %v every %v", h.m.pollsWithCaptures(), h.m.pollInterval())
	}
	n := len(src.calls())
	h.send(pollMsg{})
	if len(src.calls()) != n {
		t.Errorf("a poll captured: %v", src.calls()[n:])
	}
}

// TestPreviewPollOverEvents: without change notices, previews are polled
// as often as batches where tmux's events flow (a capture is a round
// trip on the open connection), and at previews.PollInterval where each is
// a tmux process.
func TestPreviewPollOverEvents(t *testing.T) {
	h, src := newPreviewHarness(t, gridState(), testOptions(), 80, 24)
	var ticks []time.Duration
	h.m.after = func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		if _, ok := fn(time.Time{}).(previews.TickMsg); ok {
			ticks = append(ticks, d)
		}
		return nil
	}
	h.m.live = true
	n := len(src.calls())
	h.send(previews.TickMsg{})
	if len(ticks) != 1 || ticks[0] != previews.BatchDelay || len(src.calls()) != n+1 {
		t.Fatalf("with events: next ticks %v, captures %d, want one in %v and a capture", ticks, len(src.calls())-n, previews.BatchDelay)
	}
	h.m.live = false
	h.send(previews.TickMsg{})
	if len(ticks) != 2 || ticks[1] != previews.PollInterval {
		t.Fatalf("without events: next ticks %v, want %v", ticks, previews.PollInterval)
	}
}
