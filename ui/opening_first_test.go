package ui

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/termout"
)

// withoutDetails is st as a snapshot has it: no paths, no titles.
func withoutDetails(st *tmux.State) *tmux.State {
	st = cloneState(st)
	for _, w := range st.Windows {
		for i := range w.Panes {
			w.Panes[i].Path, w.Panes[i].Title = "", ""
		}
	}
	return st
}

// TestFirstFrameBeforeTheRead: with a snapshot, the map is on screen
// before the opening read answers (boxes, ids, commands, tabs), keys wait
// for the read and then run on what it read, and the read adds the paths.
func TestFirstFrameBeforeTheRead(t *testing.T) {
	core := newFake(gridState())
	h, init := firstFrameHarness(t, core, withoutDetails(gridState()), func() (Options, error) { return openedOptions(core, nil), nil })
	scr := h.screen()
	for _, want := range []string{"NAV", "0:grid", "1:editor", "%0", "%3", "htop", "vim"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the first frame lacks %q:\n%s", want, scr)
		}
	}
	if strings.Contains(scr, "~/src") {
		t.Errorf("the first frame shows a path the snapshot has not:\n%s", scr)
	}
	h.send(keyPress("right"))
	if got := core.Calls(); len(got) != 0 {
		t.Fatalf("a key ran on the snapshot: %q", got)
	}
	h.run(init)
	if scr := h.screen(); !strings.Contains(scr, "~/src/panemap") {
		t.Errorf("the read did not refine the map:\n%s", scr)
	}
	h.wantActive("%2")
	if core.reads != 0 {
		t.Errorf("the navigator read the session %d time(s) besides the opening read", core.reads)
	}
}

// TestFirstFrameIsTheReadsFrame: when the read finds what the snapshot
// saw, its frame is the snapshot's, cell for cell: the map is not drawn
// twice.
func TestFirstFrameIsTheReadsFrame(t *testing.T) {
	st := withoutDetails(gridState())
	core := newFake(st)
	h, init := firstFrameHarness(t, core, cloneState(st), func() (Options, error) {
		o := openedOptions(core, nil)
		o.EscReverts = true
		return o, nil
	})
	first := h.m.View().Content
	h.run(init)
	if !h.m.loaded {
		t.Fatal("the read did not open the map")
	}
	if got := h.m.View().Content; got != first {
		t.Errorf("the read redrew the map:\nsnapshot's frame:\n%s\nread's frame:\n%s", first, got)
	}
}

// TestFirstFrameSlowSaysSoOnTheStatusLine: a read that takes long keeps
// the map on screen and says so under it.
func TestFirstFrameSlowSaysSoOnTheStatusLine(t *testing.T) {
	core := newFake(gridState())
	h, _ := firstFrameHarness(t, core, withoutDetails(gridState()), func() (Options, error) { return openedOptions(core, nil), nil })
	h.fireLast()
	scr := h.screen()
	if !strings.Contains(scr, "reading tmux") || !strings.Contains(scr, "htop") {
		t.Errorf("a slow read over the first frame shows:\n%s", scr)
	}
}

// TestFirstFrameSlowAfterTheRead: the slow read's timer firing after the
// read has answered (both were in flight) leaves the opened map's status
// line alone: a setting's notice stays, no "reading tmux" is left under
// a map that has read it.
func TestFirstFrameSlowAfterTheRead(t *testing.T) {
	core := newFake(gridState())
	h, init := firstFrameHarness(t, core, withoutDetails(gridState()), func() (Options, error) {
		o := openedOptions(core, nil)
		o.Notice = "ignored @panemap-edge"
		return o, nil
	})
	h.run(init)
	h.send(openingSlowMsg{})
	if scr := h.screen(); strings.Contains(scr, "reading tmux") || !strings.Contains(scr, "ignored @panemap-edge") {
		t.Errorf("the slow read's timer after the read changed the status line:\n%s", scr)
	}
}

// TestFirstFrameCloses: q before the read answers closes at once, asking
// tmux nothing, as without a snapshot.
func TestFirstFrameCloses(t *testing.T) {
	core := newFake(gridState())
	h, _ := firstFrameHarness(t, core, withoutDetails(gridState()), func() (Options, error) { return openedOptions(core, nil), nil })
	h.send(keyPress("q"))
	if !h.quit || h.m.ExitCode() != ExitOK || len(core.Calls()) != 0 {
		t.Errorf("quit %v, exit %d, calls %q", h.quit, h.m.ExitCode(), core.Calls())
	}
}

// TestFirstFrameMoveThenClose: a move typed on the snapshot's map and a
// close right after it, both before the read answers: the navigator does
// not close at once, dropping the move; the move runs on what the read
// found, and then Enter keeps it, and Esc (reverting) puts it back.
func TestFirstFrameMoveThenClose(t *testing.T) {
	for _, tc := range []struct {
		close string
		want  tmux.PaneID // the active pane at the end
	}{{"enter", "%2"}, {"esc", "%0"}} {
		core := newFake(gridState())
		h, init := firstFrameHarness(t, core, withoutDetails(gridState()), func() (Options, error) {
			o := openedOptions(core, nil)
			o.EscReverts = true
			return o, nil
		})
		h.send(keyPress("right"))
		h.send(keyPress(tc.close))
		if h.quit {
			t.Fatalf("%s closed the navigator before the move typed ahead of it ran", tc.close)
		}
		h.run(init)
		if got := h.active(); got != tc.want {
			t.Errorf("%s after the move: tmux's active pane %s, want %s (calls %q)", tc.close, got, tc.want, core.Calls())
		}
		if !h.quit || h.m.ExitCode() != ExitOK || len(core.Calls()) == 0 {
			t.Errorf("%s after the move: quit %v, exit %d, calls %q", tc.close, h.quit, h.m.ExitCode(), core.Calls())
		}
	}
}

// firstPaintHead is how the first paint starts: nothing but it writes
// these four in a row before its first line.
const firstPaintHead = "\x1b[?1049h\x1b[?25l\x1b[?1002h\x1b[?1006h\x1b[1;1H"

// TestFirstPaintOfTheOpenedMap: without a snapshot, the map the opening
// read brings is written by the first paint as it comes (a command), not
// left for the renderer's next tick.
func TestFirstPaintOfTheOpenedMap(t *testing.T) {
	core := newFake(gridState())
	h, init := openingHarness(t, core, func() (Options, error) { return openedOptions(core, nil), nil })
	var out bytes.Buffer
	_, shared := termout.Share(&out)
	h.m.opts.firstPaint = termout.NewFirstPaint(shared, colorprofile.ANSI256)
	h.run(init)
	if got := out.String(); !strings.HasPrefix(got, firstPaintHead) || !strings.Contains(got, "%3") {
		t.Errorf("the opened map was not painted: %q", got)
	}
}
