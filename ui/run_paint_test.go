//go:build linux

package ui

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/ptytest"
)

// TestRunPaintsTheSnapshotFirst: on a terminal, with the key press's
// snapshot, the map is the first thing written, before the opening read
// starts (whose tmux process, and Bubble Tea's set-up, would otherwise
// come between the key and the map), with the terminal already raw (a
// key pressed meanwhile is not echoed over the map); the terminal's
// settings are as they were once Run returns.
func TestRunPaintsTheSnapshotFirst(t *testing.T) {
	master, term := ptytest.Open(t, 120, 40)
	before := ptytest.Termios(t, term)
	core := newFake(gridState())
	opts := testOptions()
	first := withoutDetails(gridState())
	opts.Window, opts.FirstFrame = first.Current, first
	const marker = "<the read starts>"
	rawAtRead := make(chan bool, 1)
	opts.Opening = func(context.Context) (Options, error) {
		st := ptytest.Termios(t, term)
		rawAtRead <- st.Lflag&(syscall.ICANON|syscall.ECHO) == 0
		_, _ = term.WriteString(marker)
		return openedOptions(core, nil), nil
	}
	out := readAll(master, marker)
	runUntil(t, core, opts, master, term, out, "the opening read's start")
	head, _, _ := strings.Cut(out.String(), marker)
	if !strings.HasPrefix(head, firstPaintHead) || !strings.Contains(head, "%3") || !strings.Contains(head, "NAV") {
		t.Errorf("the map was not the first thing written before the read started: %q", head)
	}
	if !<-rawAtRead {
		t.Error("the terminal was not raw when the map was painted")
	}
	after := ptytest.Termios(t, term)
	if after.Lflag != before.Lflag || after.Iflag != before.Iflag || after.Oflag != before.Oflag {
		t.Errorf("the terminal's settings after Run: %+v, were %+v", after, before)
	}
}

// TestRunPaintsTheSessionGivenFirst: a navigator given its session (no
// opening read) paints it before Bubble Tea starts, as it does a snapshot.
func TestRunPaintsTheSessionGivenFirst(t *testing.T) {
	master, term := ptytest.Open(t, 120, 40)
	core := newFake(gridState())
	opts := testOptions()
	opts.Initial = core.State()
	out := readAll(master, "%3")
	runUntil(t, core, opts, master, term, out, "the map")
	if got := out.String(); !strings.HasPrefix(got, firstPaintHead) {
		t.Errorf("the session given was not painted first: %q", got)
	}
}

// runUntil runs the navigator on term until out has its mark (what),
// then closes it with q, as a person would.
func runUntil(t *testing.T, core Core, opts Options, master, term *os.File, out *ptyStream, what string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := Run(ctx, core, opts, term, term)
		done <- err
	}()
	select {
	case <-out.marked:
	case <-ctx.Done():
		t.Fatalf("no %s on the terminal", what)
	}
	if _, err := master.WriteString("q"); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
}

// ptyStream is what a pseudo-terminal's program wrote, read as it comes.
type ptyStream struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	marked chan struct{} // closed once the stream holds the mark
}

// readAll reads master until it ends; marked closes once mark was read.
func readAll(master io.Reader, mark string) *ptyStream {
	s := &ptyStream{marked: make(chan struct{})}
	go func() {
		buf := make([]byte, 64<<10)
		for {
			n, err := master.Read(buf)
			s.mu.Lock()
			had := strings.Contains(s.buf.String(), mark)
			s.buf.Write(buf[:n])
			if !had && strings.Contains(s.buf.String(), mark) {
				close(s.marked)
			}
			s.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return s
}

func (s *ptyStream) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}
