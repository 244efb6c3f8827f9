package ui

import (
	"bytes"
	"context"
	"io"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/panemap/panemap/tmux"
)

// heldCapture is a preview source whose first capture holds until
// released, as a tmux process still running would.
type heldCapture struct {
	noNotices
	entered  chan struct{}
	release  chan struct{}
	finished atomic.Bool
	calls    atomic.Int32
}

func (h *heldCapture) Capture(ctx context.Context, panes []tmux.PaneID) ([]tmux.PaneScreen, error) {
	if h.calls.Add(1) == 1 {
		close(h.entered)
		<-h.release
		h.finished.Store(true)
	}
	return nil, nil
}

// rawWatch closes seen once the bytes written hold want.
type rawWatch struct {
	mu   sync.Mutex
	buf  []byte
	want []byte
	seen chan struct{}
}

func (w *rawWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	if w.seen != nil && bytes.Contains(w.buf, w.want) {
		close(w.seen)
		w.seen = nil
	}
	return len(p), nil
}

// TestRunWaitsForCommandsInFlight: q while a capture is still talking to
// tmux; the program ends, but Run returns only once the capture has, so
// that no tmux process panemap started outlives it. (Run returning early
// is what lets a popup's capture-pane start after the popup closed.)
func TestRunWaitsForCommandsInFlight(t *testing.T) {
	src := &heldCapture{entered: make(chan struct{}), release: make(chan struct{})}
	opts := testOptions()
	opts.Previews = src
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	in, keys := io.Pipe()
	defer keys.Close()
	out := &rawWatch{want: []byte("\x1b[?1049l"), seen: make(chan struct{})}
	seen, ended := out.seen, make(chan struct{})
	returned := make(chan bool, 1)
	go func() {
		_, _ = Run(ctx, newFake(gridState()), opts, in, out)
		returned <- src.finished.Load()
	}()
	select {
	case <-src.entered:
	case <-ctx.Done():
		t.Fatal("no capture started")
	}
	go func() { _, _ = io.WriteString(keys, "q") }()
	go func() {
		select {
		case <-seen:
		case <-ctx.Done():
		}
		close(ended)
	}()
	<-ended
	// The program has left the alternate screen. Run must still be
	// waiting; give an early return a bounded chance to show.
	select {
	case <-returned:
		t.Fatal("Run returned while a capture it started was still in flight")
	case <-time.After(300 * time.Millisecond):
	}
	close(src.release)
	select {
	case finishedFirst := <-returned:
		if !finishedFirst {
			t.Error("Run returned before the capture in flight had finished")
		}
	case <-ctx.Done():
		t.Fatal("Run did not return once the capture finished")
	}
	if n := src.calls.Load(); n != 1 {
		t.Errorf("%d captures, want 1: a capture started after q", n)
	}
}
