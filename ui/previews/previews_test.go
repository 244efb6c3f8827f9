package previews

import (
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
)

// TestPreviewChangesCaptureOnlyWhatPrinted: with change notices, the
// panes that printed in a batch are captured together, and only they:
// those noted, and those that printed while the batch was collected,
// which the navigator does not wait for one by one. While the source
// says panes are still printing, batches follow one another without a
// wait; then it waits for the next notice.
func TestPreviewChangesCaptureOnlyWhatPrinted(t *testing.T) {
	src := newFakeSource()
	h := newHarness(t, src)
	h.m.notices = true // as if the source had notices
	src.notices = true
	n := len(src.calls())
	// Notices for %3 and %1 in one batch; while it is collected nothing
	// waits for more: only the batch's timer.
	for _, p := range []tmux.PaneID{"%3", "%1", "%3"} {
		if cmd := h.sendOnly(ChangedMsg{Panes: []tmux.PaneID{p}}); cmd != nil {
			if _, ok := cmd().(DueMsg); !ok {
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
	capture := h.sendOnly(DueMsg{})
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
	wait := h.sendOnly(h.sendOnly(DueMsg{})())
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
		if pc, ok := msg.(ChangedMsg); !ok || !slices.Equal(pc.Panes, []tmux.PaneID{"%2"}) || pc.Closed {
			t.Fatalf("the wait answered %#v", msg)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the wait did not answer within 10s of a pane printing")
	}
}
