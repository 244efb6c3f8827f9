package tmuxctl_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// seqPane respawns the session's first pane to print n numbered lines,
// then more after it reads a line (see printMore), and returns it once the
// last line shows.
func seqPane(t *testing.T, srv *tmuxtest.Server, n int) tmux.PaneID {
	t.Helper()
	srv.Must("respawn-pane", "-k", "-t", "main:0",
		fmt.Sprintf("seq -f 'line-%%g' 1 %d; read go; seq -f 'more-%%g' 1 200; exec cat", n))
	p := tmux.PaneID(srv.Display("main:0", "#{pane_id}"))
	last := fmt.Sprintf("line-%d", n)
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		return strings.Contains(srv.Must("capture-pane", "-p", "-t", string(p)), last)
	}, "%s to print %s", p, last)
	return p
}

func TestCaptureHistory(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		p := seqPane(t, srv, 300)
		hsize := srv.Display(string(p), "#{history_size}")
		for _, back := range []int{0, 100, 100_000} {
			got, err := c.CaptureHistory(t.Context(), []tmux.PaneID{p, "%999"}, back, false)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || got[0].Pane != p {
				t.Fatalf("back %d: captured %+v, want %s alone (%%999 is gone)", back, got, p)
			}
			l := got[0]
			wantBack := min(back, 300-49)
			if l.Width != 200 || l.Height != 50 || fmt.Sprint(l.HistorySize) != hsize || l.Back != wantBack || l.Dead || l.Mode != "" {
				t.Errorf("back %d: %+v; want 200x50, history %s, back %d", back, l, hsize, wantBack)
			}
			want := tmuxCapture(srv, p, "-S", fmt.Sprint(-wantBack), "-E", "-")
			if l.Text != want {
				t.Errorf("back %d: text\n%q\nwant\n%q", back, l.Text, want)
			}
		}
	})
}

// CaptureSince from the history size read earlier gets every line that
// scrolled off since, then the screen.
func TestCaptureSince(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		p := seqPane(t, srv, 10)
		before, ok, err := c.CaptureSince(t.Context(), p, 0)
		if err != nil || !ok || before.HistorySize != 0 || before.Back != 0 || !strings.HasPrefix(before.Text, "line-1\n") {
			t.Fatalf("first capture %+v, %v, %v", before, ok, err)
		}
		printMore(t, srv, p)
		after, ok, err := c.CaptureSince(t.Context(), p, before.HistorySize)
		if err != nil || !ok {
			t.Fatalf("second capture: %v, %v", ok, err)
		}
		if after.Back != after.HistorySize || after.Back == 0 {
			t.Errorf("second capture starts %d lines back of %d", after.Back, after.HistorySize)
		}
		for i := 1; i <= 200; i++ {
			if !strings.Contains(after.Text, fmt.Sprintf("\nmore-%d\n", i)) {
				t.Fatalf("more-%d missing from the capture since line %d:\n%s", i, before.HistorySize, after.Text)
			}
		}
		if _, ok, err := c.CaptureSince(t.Context(), "%999", 0); ok || err != nil {
			t.Errorf("a gone pane: ok %v, err %v", ok, err)
		}
	})
}

// printMore has seqPane's pane print its 200 more lines, and waits until
// the last shows. The pane prints them itself after reading one line: typed
// lines would be echoed by the terminal while cat copies them, and the two
// writers interleave at any byte.
func printMore(t *testing.T, srv *tmuxtest.Server, p tmux.PaneID) {
	t.Helper()
	srv.Must("send-keys", "-t", string(p), "go", "Enter")
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		return strings.Contains(srv.Must("capture-pane", "-p", "-t", string(p)), "\nmore-200\n")
	}, "%s to print more-200", p)
}
