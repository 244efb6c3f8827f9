package tmuxtest

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// OutputWatch times what reaches the outer pane: the bytes the inner
// client writes to its terminal, as a terminal would receive them. The
// outer server copies them (pipe-pane -O) into a pipe read here, each
// read stamped as it arrives. A screen is checked only when something
// has arrived, so waiting adds no load of its own to the machine, and
// what it reports is when the last byte the screen needed arrived, not
// when a check happened to see it.
type OutputWatch struct {
	n       *Nested
	arrived chan struct{} // a token when bytes arrived since the last check
	mu      sync.Mutex
	last    time.Time // the latest arrival
}

// WatchOutput starts watching the outer pane's output; the watch stops
// with the test.
func (n *Nested) WatchOutput(tb testing.TB) *OutputWatch {
	tb.Helper()
	fifo := filepath.Join(tb.TempDir(), "out")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		tb.Fatalf("mkfifo: %v", err)
	}
	w := &OutputWatch{n: n, arrived: make(chan struct{}, 1)}
	opened := make(chan *os.File, 1)
	go func() {
		f, err := os.Open(fifo) // waits for pipe-pane's writer
		if err != nil {
			opened <- nil
			return
		}
		opened <- f
		buf := make([]byte, 64<<10)
		for {
			if _, err := f.Read(buf); err != nil {
				return
			}
			w.mu.Lock()
			w.last = time.Now()
			w.mu.Unlock()
			select {
			case w.arrived <- struct{}{}:
			default:
			}
		}
	}()
	n.Outer.Must("pipe-pane", "-O", "-t", n.OuterPane, "exec cat > '"+strings.ReplaceAll(fifo, "'", `'\''`)+"'")
	select {
	case f := <-opened:
		if f == nil {
			tb.Fatal("the output watch's pipe did not open")
		}
		tb.Cleanup(func() {
			_, _ = n.Outer.Run("pipe-pane", "-t", n.OuterPane) // stops cat
			f.Close()
		})
	case <-time.After(10 * time.Second):
		tb.Fatal("pipe-pane never opened the output watch's pipe")
	}
	return w
}

// Await waits at most limit for shown to hold on the outer screen, and
// returns when the last byte before the check that saw it arrived, an
// arrival after since (the key press): no later than the screen showed
// it (a byte that came during that check counts, so the time is never
// early). A check can see bytes whose arrival the watch has yet to
// stamp; it then waits for that stamp.
func (w *OutputWatch) Await(since time.Time, limit time.Duration, shown func(screen string) bool) (time.Time, bool) {
	deadline := time.NewTimer(limit)
	defer deadline.Stop()
	seen := false
	for {
		if !seen {
			out, err := w.n.Outer.Run("capture-pane", "-p", "-t", w.n.OuterPane)
			seen = err == nil && shown(strings.TrimSuffix(out, "\n"))
		}
		w.mu.Lock()
		last := w.last
		w.mu.Unlock()
		if seen && last.After(since) {
			return last, true
		}
		select {
		case <-w.arrived:
		case <-deadline.C:
			return time.Time{}, false
		}
	}
}

// Quiet drops what arrived until now, so that the next Await checks only
// after new output.
func (w *OutputWatch) Quiet() {
	select {
	case <-w.arrived:
	default:
	}
}
