package ui

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/previews"
)

// openingHarness is a navigator whose options come from an opening read
// held until the test lets it answer, as ui.Run's is while Bubble Tea
// starts: the answer is a message the test delivers.
func openingHarness(t *testing.T, core *fakeCore, answer func() (Options, error)) (*harness, tea.Cmd) {
	t.Helper()
	return firstFrameHarness(t, core, nil, answer)
}

// firstFrameHarness is openingHarness with the key press's snapshot
// (first, nil for none): drawn while the opening read is out.
func firstFrameHarness(t *testing.T, core *fakeCore, first *tmux.State, answer func() (Options, error)) (*harness, tea.Cmd) {
	t.Helper()
	opts := testOptions()
	if first != nil {
		opts.Window, opts.FirstFrame = first.Current, first
	}
	opts.Opening = func(context.Context) (Options, error) { return answer() }
	h := &harness{t: t, core: core, m: New(core, opts)}
	h.m.after = func(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		h.timers = append(h.timers, fn)
		return nil
	}
	h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	return h, h.m.Init()
}

// openedOptions are the options an opening read answers: the session as
// read, previews from src, and Esc keeping things rather than reverting.
func openedOptions(core *fakeCore, src previews.Source) Options {
	o := testOptions()
	o.Initial, o.Previews = core.State(), src
	o.EscReverts = false
	return o
}

// TestOpeningTheFirstFrameIsTheMap: while the opening read is out the
// screen is blank (nothing the map would then replace); the first frame
// drawn is the map, with every pane, from the options the read answered,
// without a read of the navigator's own; then the previews fill in with
// one capture.
func TestOpeningTheFirstFrameIsTheMap(t *testing.T) {
	core := newFake(gridState())
	src := newFakePreviews(t, core)
	h, init := openingHarness(t, core, func() (Options, error) { return openedOptions(core, src), nil })
	if scr := strings.TrimSpace(h.screen()); scr != "" {
		t.Fatalf("the screen before the opening read answered:\n%s", scr)
	}
	h.run(init)
	scr := h.screen()
	for _, id := range []string{"%0", "%1", "%2", "%3", "htop", "vim"} {
		if !strings.Contains(scr, id) {
			t.Errorf("the first frame lacks %s:\n%s", id, scr)
		}
	}
	if core.reads != 0 {
		t.Errorf("the navigator read the session %d time(s) to show what the opening read had", core.reads)
	}
	if calls := src.calls(); len(calls) != 1 || !slices.Equal(calls[0], []tmux.PaneID{"%0", "%1", "%2", "%3"}) {
		t.Errorf("captures %v, want one of the four panes", calls)
	}
	if h.m.opts.EscReverts {
		t.Error("the opened navigator kept the placeholder's options, not the ones read")
	}
}

// TestOpeningKeysWaitForTheMap: a key pressed before the map is up is
// not lost: it runs, in order, once the options are in.
func TestOpeningKeysWaitForTheMap(t *testing.T) {
	core := newFake(gridState())
	h, init := openingHarness(t, core, func() (Options, error) { return openedOptions(core, nil), nil })
	h.send(keyPress("right"), keyPress("down"))
	if got := core.Calls(); len(got) != 0 {
		t.Fatalf("keys ran before the navigator opened: %q", got)
	}
	h.run(init)
	h.wantActive("%3")
}

// TestOpeningClosesAtOnce: q, Enter, Esc or Ctrl+C before the map is up
// close the navigator at once, asking tmux nothing, with nothing to put
// back; so does the end of the input.
func TestOpeningClosesAtOnce(t *testing.T) {
	for _, msg := range []tea.Msg{keyPress("q"), keyPress("esc"), keyPress("ctrl+c"), keyPress("enter"), inputClosedMsg{}} {
		core := newFake(gridState())
		h, _ := openingHarness(t, core, func() (Options, error) { return openedOptions(core, nil), nil })
		h.send(msg)
		if !h.quit || h.m.ExitCode() != ExitOK {
			t.Errorf("%v: quit %v, exit %d; want an immediate quit with %d", msg, h.quit, h.m.ExitCode(), ExitOK)
		}
		if got := core.Calls(); len(got) != 0 {
			t.Errorf("%v: calls %q, want none", msg, got)
		}
	}
}

// TestOpeningSlowSaysSo: a blank screen that lasts says what it waits
// for.
func TestOpeningSlowSaysSo(t *testing.T) {
	core := newFake(gridState())
	h, _ := openingHarness(t, core, func() (Options, error) { return openedOptions(core, nil), nil })
	h.fireLast()
	if scr := h.screen(); !strings.Contains(scr, "reading tmux") {
		t.Errorf("a slow opening shows:\n%s", scr)
	}
}

// TestOpeningFailureIsShown: an opening read that fails (a server too old,
// the session gone) shows why, and the next key ends the navigator with
// the error.
func TestOpeningFailureIsShown(t *testing.T) {
	core := newFake(gridState())
	h, init := openingHarness(t, core, func() (Options, error) {
		return Options{}, &tmux.Error{Kind: tmux.KindGone, Message: "session $1 not found"}
	})
	h.run(init)
	if scr := h.screen(); !strings.Contains(scr, "session $1 not found") {
		t.Fatalf("the failure is not on screen:\n%s", scr)
	}
	h.send(keyPress("x"))
	if !h.quit || h.m.ExitCode() == ExitOK || h.m.Err() == nil {
		t.Errorf("quit %v, exit %d, err %v; want a failed exit with the error", h.quit, h.m.ExitCode(), h.m.Err())
	}
}

// TestStartOpeningStopWaits: the read starts at once, its answer is
// delivered to whoever waits, and stop cancels a read still out and
// returns only once it has (what it made can then be cleaned up).
func TestStartOpeningStopWaits(t *testing.T) {
	started := make(chan struct{})
	returned := false
	wait, stop := startOpening(context.Background(), func(ctx context.Context) (Options, error) {
		close(started)
		<-ctx.Done()
		returned = true
		return Options{}, ctx.Err()
	})
	select {
	case <-started:
	case <-time.After(10 * time.Second):
		t.Fatal("the opening read did not start before anyone waited")
	}
	stop()
	if !returned {
		t.Fatal("stop returned before the read did")
	}
	if _, err := wait(context.Background()); !errors.Is(err, context.Canceled) {
		t.Errorf("wait after stop: %v, want the read's cancellation", err)
	}
}

// TestNoticeOnTheStatusLine: a notice shows on the status line as the map
// opens, with any control character in it (option values are anyone's
// text) drawn as U+FFFD rather than sent.
func TestNoticeOnTheStatusLine(t *testing.T) {
	opts := testOptions()
	opts.Notice = "tmux option @panemap-edge: invalid \x1b]0;x\x07 value; using wrap"
	h := newHarness(t, gridState(), opts, 120, 40)
	scr := h.m.View().Content
	if strings.ContainsAny(scr, "\x07") || strings.Contains(scr, "\x1b]0;") {
		t.Fatalf("the notice's control characters reached the terminal: %q", scr)
	}
	if plain := ansi.Strip(scr); !strings.Contains(plain, "@panemap-edge: invalid \uFFFD]0;x\uFFFD value; using wrap") {
		t.Errorf("the status line lacks the notice:\n%s", plain)
	}
}
