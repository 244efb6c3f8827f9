package ui

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/screen/search"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/previews"
)

// fakeFinder is find's text: lines per pane, and the reads asked of it.
type fakeFinder struct {
	mu    sync.Mutex
	text  map[tmux.PaneID][]string
	reads [][]tmux.PaneID
}

func (f *fakeFinder) FindText(_ context.Context, windows []*tmux.Window, panes []tmux.PaneID) ([]search.Pane, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads = append(f.reads, panes)
	var out []search.Pane
	for _, w := range windows {
		for _, p := range w.Panes {
			for _, want := range panes {
				if want == p.ID {
					lines := f.text[p.ID]
					out = append(out, search.Pane{ID: string(p.ID), Lines: lines, Screen: len(lines),
						Fields: []search.Field{{Name: "title", Text: p.Title}, {Name: "window", Text: w.Name}, {Name: "session", Text: w.SessionName}}})
				}
			}
		}
	}
	return out, nil
}

func findHarness(t *testing.T) (*harness, *fakeCore, *fakeFinder) {
	core := serverFake()
	core.edit(func(st *tmux.State) { st.Windows[0].Panes[2].Title = "evil\x1b]0;x\x07" })
	ff := &fakeFinder{text: map[tmux.PaneID][]string{
		"%0":  {"$ make", "ok build"},
		"%3":  {"ERROR: disk full", "retrying"},
		"%98": {"the quick brown fox", "Error in module q"},
	}}
	opts := testOptions()
	opts.Finder = ff
	opts.Client = "tty"
	return newHarnessOn(t, core, opts, 100, 40), core, ff
}

// TestFindTypesAndJumps: / opens find over every pane of the server;
// every key is the query (q included); matches list with their place;
// Enter jumps to the chosen one and closes.
func TestFindTypesAndJumps(t *testing.T) {
	h, core, _ := findHarness(t)
	h.keys("/")
	if scr := h.screen(); !strings.Contains(scr, "find:") || !strings.Contains(scr, "9 panes: type to find") {
		t.Fatalf("find did not open over the server's panes:\n%s", scr)
	}
	h.typeText("error")
	scr := h.screen()
	for _, want := range []string{"2 matches in 2 panes", "main:0 %3", "ERROR: disk full", "play:0 %98", "Error in module q"} {
		if !strings.Contains(scr, want) {
			t.Errorf("find lacks %q:\n%s", want, scr)
		}
	}
	h.typeText(" in module q")
	if scr := h.screen(); !strings.Contains(scr, "1 match in 1 pane") || h.m.quitting {
		t.Errorf("q typed in the query acted, or the query did not narrow:\n%s", scr)
	}
	h.keys("enter")
	calls := core.Calls()
	if len(calls) == 0 || calls[len(calls)-1] != `jump $2 @8 %98 client="tty"` || !h.m.quitting {
		t.Errorf("enter: calls %q (quitting %v)", calls, h.m.quitting)
	}
}

// TestFindSmartCaseAndChoice: a capital makes the query match case;
// ↓ and Tab choose; Esc goes back to the map, having asked tmux only to
// list the server.
func TestFindSmartCaseAndChoice(t *testing.T) {
	h, _, _ := findHarness(t)
	h.keys("/")
	h.typeText("Error")
	if scr := h.screen(); !strings.Contains(scr, "1 match in 1 pane") || strings.Contains(scr, "disk full") {
		t.Errorf("Error matched regardless of case:\n%s", scr)
	}
	h.send(tea.KeyPressMsg{Code: tea.KeyBackspace})
	h.send(tea.KeyPressMsg{Code: tea.KeyBackspace})
	h.send(tea.KeyPressMsg{Code: tea.KeyBackspace})
	h.send(tea.KeyPressMsg{Code: tea.KeyBackspace})
	h.send(tea.KeyPressMsg{Code: tea.KeyBackspace})
	h.typeText("r")
	first, ok := h.m.finder.SelectedMatch()
	if !ok {
		t.Fatalf("r: no match chosen:\n%s", h.screen())
	}
	h.keys("down")
	second, _ := h.m.finder.SelectedMatch()
	h.keys("tab")
	third, _ := h.m.finder.SelectedMatch()
	if second == first || third == second || third == first {
		t.Fatalf("down then tab chose %+v then %+v from %+v: want three matches", second, third, first)
	}
	h.keys("up")
	if p, _ := h.m.finder.Selected(); string(p.Pane) != second.Pane {
		t.Errorf("down, tab, up chose %s, want the second match's %s", p.Pane, second.Pane)
	}
	h.keys("esc")
	if h.m.finder != nil || h.m.quitting {
		t.Fatalf("esc: find open %v, quitting %v", h.m.finder != nil, h.m.quitting)
	}
	h.wantCalls("list server")
}

// TestFindKeepsFreshAndSafe: a pane whose preview changed is read again
// while find is open; a title with control characters is drawn as text.
func TestFindKeepsFreshAndSafe(t *testing.T) {
	h, _, ff := findHarness(t)
	h.keys("/")
	h.typeText("evil")
	if v := h.m.View().Content; strings.Contains(v, "\x1b]0;") || strings.Contains(v, "\x07") {
		t.Errorf("a title's control sequence reached the screen: %q", v)
	}
	if !strings.Contains(h.screen(), "title") {
		t.Errorf("the title match is not listed:\n%s", h.screen())
	}
	ff.mu.Lock()
	ff.text["%0"] = []string{"evil twin appeared"}
	ff.mu.Unlock()
	h.send(previews.CapturedMsg{Screens: []tmux.PaneScreen{{Pane: "%0", Width: 40, Height: 12, Text: "evil twin appeared\n"}}})
	ff.mu.Lock()
	last := ff.reads[len(ff.reads)-1]
	ff.mu.Unlock()
	if len(last) != 1 || last[0] != "%0" {
		t.Errorf("after %%0's preview changed, find read %v, want [%%0]", last)
	}
	if !strings.Contains(h.screen(), "evil twin appeared") {
		t.Errorf("the fresh text is not found:\n%s", h.screen())
	}
}

// TestFindReadsWhatPrintedElsewhere: once a second (poll ticks), find
// asks which windows printed and reads their panes again, another
// session's included.
func TestFindReadsWhatPrintedElsewhere(t *testing.T) {
	h, core, ff := findHarness(t)
	h.keys("/")
	h.typeText("fresh")
	ff.mu.Lock()
	ff.text["%98"] = []string{"fresh output far away"}
	ff.mu.Unlock()
	core.mu.Lock()
	core.active = []tmux.PaneID{"%98"}
	core.mu.Unlock()
	tick := time.Now()
	h.send(pollMsg(tick))
	if !strings.Contains(h.screen(), "fresh output far away") {
		t.Errorf("the pane that printed in another session was not read again:\n%s", h.screen())
	}
	ff.mu.Lock()
	reads := len(ff.reads)
	ff.mu.Unlock()
	// Within the second: no check.
	h.send(pollMsg(tick.Add(500 * time.Millisecond)))
	ff.mu.Lock()
	again := len(ff.reads)
	ff.mu.Unlock()
	if again != reads {
		t.Errorf("find read panes again %d times within the second", again-reads)
	}
}
