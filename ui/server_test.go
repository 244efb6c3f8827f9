package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
)

// serverFake is gridState's session with another session beside it.
func serverFake() *fakeCore {
	core := newFake(gridState())
	other := alerted("$2", "game", "@8", false, false, false)
	other.SessionName, other.Active = "play", true
	core.others = []*tmux.Window{other}
	return core
}

// TestServerViewOpensAndGoesBack: w shows every session in the map's
// place, with its own keys in the footer; Esc goes back to the map
// without touching tmux.
func TestServerViewOpensAndGoesBack(t *testing.T) {
	core := serverFake()
	h := newHarnessOn(t, core, testOptions(), 100, 40)
	h.keys("w")
	scr := h.screen()
	for _, want := range []string{"2 sessions · 4 windows · 9 panes", "main  $1", "play  $2", "0:grid*", "%98", "enter jump", "esc back to the map"} {
		if !strings.Contains(scr, want) {
			t.Errorf("server view lacks %q:\n%s", want, scr)
		}
	}
	h.keys("esc")
	if h.m.server != nil || h.m.quitting {
		t.Fatalf("esc: server view %v, quitting %v", h.m.server != nil, h.m.quitting)
	}
	h.wantCalls("list server")
	if scr := h.screen(); !strings.Contains(scr, "NAV") || strings.Contains(scr, "play  $2") {
		t.Errorf("esc did not bring the map back:\n%s", scr)
	}
}

// TestServerViewJumps: Enter jumps to the selected pane, a label to its
// pane; either way the navigator closes.
func TestServerViewJumps(t *testing.T) {
	for _, tc := range []struct {
		keys []string
		want string
	}{
		{[]string{"w", "down", "enter"}, `jump $1 @1 %1 client="tty"`},
		{[]string{"w", "down", "down", "enter"}, `jump $2 @8 %98 client="tty"`},
		{[]string{"w", "right", "enter"}, `jump $1 @1 %2 client="tty"`},
		{[]string{"w", "s"}, `jump $1 @1 %1 client="tty"`}, // labels go in listing order: a %0, s %1
	} {
		core := serverFake()
		opts := testOptions()
		opts.Client = "tty"
		h := newHarnessOn(t, core, opts, 100, 40)
		h.keys(tc.keys...)
		calls := core.Calls()
		if len(calls) == 0 || calls[len(calls)-1] != tc.want || !h.m.quitting {
			t.Errorf("%v: calls %q (quitting %v), want the last %q", tc.keys, calls, h.m.quitting, tc.want)
		}
	}
}

// TestServerViewFollowsTheServer: a refresh while the view is open lists
// the server again, and a new session shows.
func TestServerViewFollowsTheServer(t *testing.T) {
	core := serverFake()
	h := newHarnessOn(t, core, testOptions(), 100, 40)
	h.keys("w")
	core.mu.Lock()
	late := alerted("$3", "late", "@9", true, false, false)
	late.SessionName = "late"
	core.others = append(core.others, late)
	core.mu.Unlock()
	h.run(h.m.refresh())
	if scr := h.screen(); !strings.Contains(scr, "late  $3") || !strings.Contains(scr, "0:late!") {
		t.Errorf("the new session does not show:\n%s", scr)
	}
}

// openServerWithPreviews opens the server view over serverFake, with
// previews, %98 (of the other session) showing far.
func openServerWithPreviews(t *testing.T, far string) (*harness, *fakeCore, *fakePreviews) {
	core := serverFake()
	src := newFakePreviews(t, core)
	src.text["%98"] = far
	opts := testOptions()
	opts.Previews = src
	h := newHarnessOn(t, core, opts, 100, 40)
	h.keys("w")
	return h, core, src
}

// TestServerViewPreviews: the panes the server view shows are captured
// as it opens (other sessions' included), and a box big enough shows
// its pane's screen.
func TestServerViewPreviews(t *testing.T) {
	h, _, src := openServerWithPreviews(t, "hello from far away\n")
	src.mu.Lock()
	asked := src.asked[len(src.asked)-1]
	src.mu.Unlock()
	if !slices.Contains(asked, "%98") || !slices.Contains(asked, "%7") {
		t.Errorf("captured %v on opening, want every pane without a preview (%%98 of play and %%7 of logs among them)", asked)
	}
	if scr := h.screen(); !strings.Contains(scr, "hello from far away") {
		t.Errorf("the preview of %%98 is not in its box:\n%s", scr)
	}
}

// TestServerViewIgnoresTheHiddenMap: a click where the map was, while
// the server view covers it, changes nothing.
func TestServerViewIgnoresTheHiddenMap(t *testing.T) {
	core := serverFake()
	h := newHarnessOn(t, core, testOptions(), 100, 40)
	x, y := h.paneCenter("%3")
	h.keys("w")
	h.send(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft}, tea.MouseReleaseMsg{X: x, Y: y, Button: tea.MouseLeft})
	h.wantCalls("list server")
}

// TestServerViewKeepsPreviewsFresh: once a second (poll ticks), the
// server view asks which windows printed and captures again the panes
// it shows there, another session's included; within the second it
// asks nothing.
func TestServerViewKeepsPreviewsFresh(t *testing.T) {
	h, core, src := openServerWithPreviews(t, "old line\n")
	src.mu.Lock()
	src.text["%98"] = "new line far away\n"
	captures := len(src.asked)
	src.mu.Unlock()
	tick := time.Now()
	h.send(pollMsg(tick))
	if scr := h.screen(); strings.Contains(scr, "new line far away") {
		t.Fatalf("captured again with no window printed:\n%s", scr)
	}
	core.mu.Lock()
	core.active = []tmux.PaneID{"%98"}
	core.mu.Unlock()
	h.send(pollMsg(tick.Add(500 * time.Millisecond)))
	if scr := h.screen(); strings.Contains(scr, "new line far away") {
		t.Errorf("checked again within the second:\n%s", scr)
	}
	h.send(pollMsg(tick.Add(time.Second)))
	if scr := h.screen(); !strings.Contains(scr, "new line far away") {
		t.Errorf("the pane that printed in another session was not captured again:\n%s", scr)
	}
	src.mu.Lock()
	asked := src.asked[captures:]
	src.mu.Unlock()
	if len(asked) != 1 || !slices.Equal(asked[0], []tmux.PaneID{"%98"}) {
		t.Errorf("captured %v after the view opened, want [%%98] once", asked)
	}
}

// TestServerViewAndFindPollEverySecond: with live events the map polls
// every two seconds; while the server view or find is open, every
// second, for their checks of what printed elsewhere.
func TestServerViewAndFindPollEverySecond(t *testing.T) {
	h, _, _ := findHarness(t)
	h.m.live = true
	if got := h.m.pollInterval(); got != eventPollEvery {
		t.Fatalf("the map polls every %v, want %v", got, eventPollEvery)
	}
	for _, open := range []string{"w", "/"} {
		h.keys(open)
		if got := h.m.pollInterval(); got != time.Second {
			t.Errorf("after %s the poll is every %v, want 1s", open, got)
		}
		h.keys("esc")
		if got := h.m.pollInterval(); got != eventPollEvery {
			t.Errorf("back from %s the poll is every %v, want %v", open, got, eventPollEvery)
		}
	}
}
