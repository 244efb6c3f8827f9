package transport

import (
	"slices"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// TestWatchWaitTakesAllThatPrinted: panes that print in separate reads
// come out of one Wait together, each once, in the order they printed;
// a pane that prints again before it is armed again is not reported.
// (One Wait per batch of panes, not per pane, is what keeps a
// navigator's previews cheap on 3.7.)
func TestWatchWaitTakesAllThatPrinted(t *testing.T) {
	t.Parallel()
	w := newReaderWatch(0)
	for n := 1; n <= 3; n++ {
		w.armed[n] = true
	}
	w.output(2)
	w.flush()
	w.output(1)
	w.output(2)
	w.flush()
	got, ok := w.Wait(t.Context())
	if want := []tmux.PaneID{"%2", "%1"}; !ok || !slices.Equal(got, want) {
		t.Fatalf("Wait: %v %v, want %v", got, ok, want)
	}
	w.output(1)
	w.flush()
	if got := w.Take(); got != nil {
		t.Fatalf("reported again without being armed: %v", got)
	}
	w.armed[1] = true
	w.output(1)
	w.flush()
	if got := w.Take(); !slices.Equal(got, []tmux.PaneID{"%1"}) {
		t.Fatalf("re-armed: %v", got)
	}
}
