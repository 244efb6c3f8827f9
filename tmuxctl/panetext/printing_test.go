package panetext_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/panetext"
)

// TestPreviewsPrintingPanesStayPaused (tmux 3.7+): a pane that goes on
// printing is captured on each CapturePrinted without being armed, so
// the watch reports nothing of it; once it stops and a capture comes
// back unchanged it is armed with its next capture, and reported again
// when it prints. A quiet pane beside it is never captured, and the
// map's capture of every pane (its safety net) does not arm the printing
// one. A pane that printed off the map is armed and captured at once.
func TestPreviewsPrintingPanesStayPaused(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	if !srv.AtLeast(3, 7) {
		t.Skipf("tmux %s: no output watch before 3.7", srv.Version())
	}
	stop := filepath.Join(t.TempDir(), "stop")
	loud := tmux.PaneID(srv.Display("main:0.0", "#{pane_id}"))
	srv.Must("respawn-pane", "-k", "-t", string(loud),
		"i=0; while [ ! -e '"+stop+"' ]; do i=$((i+1)); echo tick$i; sleep 0.01; done; echo stopped; exec cat")
	quiet := tmux.PaneID(srv.Must("split-window", "-d", "-t", string(loud), "-P", "-F", "#{pane_id}", "exec cat"))
	onMap := []tmux.PaneID{loud, quiet}
	p := panetext.NewPreviews(c)
	defer p.Close()
	p.AmpleBudget() // the calls below come in a row, not a batch delay apart
	if !p.Watch(t.Context(), tmux.SessionID(srv.Display("main:", "#{session_id}"))) {
		t.Fatal("no watch")
	}
	// The watch armed the window's panes as it started, and the capture
	// below arms them again: the printing pane fires once for each. Its
	// first report is taken here, so that the one below is the capture's
	// and none is left to come after it (a loaded machine delayed the
	// second past the first CapturePrinted: "reported while left paused").
	clienttest.Printed(t, p.WaitPrinted)
	if _, err := p.Capture(t.Context(), onMap); err != nil {
		t.Fatal(err)
	}
	printed, _ := clienttest.Printed(t, p.WaitPrinted)
	if !slices.Equal(printed, []tmux.PaneID{loud}) {
		t.Fatalf("reported %v, want %s", printed, loud)
	}
	captured := func(screens []tmux.PaneScreen) []tmux.PaneID {
		var ids []tmux.PaneID
		for _, s := range screens {
			ids = append(ids, s.Pane)
		}
		return ids
	}
	last := ""
	for i := range 3 {
		screens, more, err := p.CapturePrinted(t.Context(), onMap, printed)
		printed = nil
		if err != nil || !more || !slices.Equal(captured(screens), []tmux.PaneID{loud}) {
			t.Fatalf("call %d while printing: %v, more %v, %v", i, captured(screens), more, err)
		}
		if screens[0].Text == last {
			t.Fatalf("call %d: the printing pane's capture did not change", i)
		}
		last = screens[0].Text
		if i == 1 {
			// The map's safety net captures every pane: the printing
			// one is captured, not armed.
			if _, err := p.Capture(t.Context(), onMap); err != nil {
				t.Fatal(err)
			}
		}
		tmuxtest.Eventually(t, 20*time.Second, func() bool {
			return tmuxtest.LastTick(srv.Must("capture-pane", "-p", "-t", string(loud))) > tmuxtest.LastTick(last)+3
		}, "the pane to print more")
		if got := p.TakePrinted(); len(got) > 0 {
			t.Fatalf("call %d: %v reported while left paused", i, got)
		}
	}
	if err := os.WriteFile(stop, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		return strings.Contains(srv.Must("capture-pane", "-p", "-t", string(loud)), "stopped")
	}, "the printer to stop")
	// Captured until unchanged, then armed with one more capture.
	calls := 0
	for more := true; more; calls++ {
		if calls == 10 {
			t.Fatal("still capturing 10 calls after the pane stopped")
		}
		var screens []tmux.PaneScreen
		var err error
		screens, more, err = p.CapturePrinted(t.Context(), onMap, nil)
		if err != nil || !slices.Equal(captured(screens), []tmux.PaneID{loud}) {
			t.Fatalf("after the stop: %v, %v", captured(screens), err)
		}
	}
	if calls < 2 {
		t.Fatalf("armed after %d captures: want one unchanged, then one armed", calls)
	}
	screens, more, err := p.CapturePrinted(t.Context(), onMap, nil)
	if len(screens) != 0 || more || err != nil {
		t.Fatalf("nothing printed: %v, more %v, %v", captured(screens), more, err)
	}
	srv.Must("send-keys", "-t", string(loud), "x")
	printed, _ = clienttest.Printed(t, p.WaitPrinted)
	if !slices.Equal(printed, []tmux.PaneID{loud}) {
		t.Fatalf("after the pane was armed again: reported %v", printed)
	}
	// Off the map (another window shown), a pane that printed is armed
	// and captured at once, and reported when it prints again.
	screens, more, err = p.CapturePrinted(t.Context(), []tmux.PaneID{quiet}, printed)
	if err != nil || more || !slices.Equal(captured(screens), []tmux.PaneID{loud}) || !strings.Contains(screens[0].Text, "x") {
		t.Fatalf("off the map: %v, more %v, %v", captured(screens), more, err)
	}
	srv.Must("send-keys", "-t", string(loud), "y")
	if printed, _ := clienttest.Printed(t, p.WaitPrinted); !slices.Equal(printed, []tmux.PaneID{loud}) {
		t.Fatalf("off the map, armed: reported %v", printed)
	}
}
