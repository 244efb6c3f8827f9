package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
)

// TestInitialStateShowsTheMapWithoutARead: given the session as the
// caller read it, the first frame shows every box, id and command before
// any command has run, the navigator reads nothing more to show it, and
// the previews fill in with one capture of the map's panes.
func TestInitialStateShowsTheMapWithoutARead(t *testing.T) {
	core := newFake(gridState())
	src := newFakePreviews(t, core)
	opts := testOptions()
	opts.Previews, opts.Initial = src, core.State()
	h := &harness{t: t, core: core, m: New(core, opts)}
	h.m.after = func(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		h.timers = append(h.timers, fn)
		return nil
	}
	m, _ := h.m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	h.m = m.(Model)
	first := h.screen()
	for _, id := range []string{"%0", "%1", "%2", "%3"} {
		if !strings.Contains(first, id) {
			t.Errorf("the first frame lacks pane %s:\n%s", id, first)
		}
	}
	if strings.Contains(first, "git status") {
		t.Errorf("the first frame already has a preview, before any capture:\n%s", first)
	}
	h.run(h.m.Init())
	if core.reads != 0 {
		t.Errorf("the navigator read the session %d time(s) to show a state it was given", core.reads)
	}
	if calls := src.calls(); len(calls) != 1 || !slices.Equal(calls[0], []tmux.PaneID{"%0", "%1", "%2", "%3"}) {
		t.Errorf("captures %v, want one of the four panes", calls)
	}
	if scr := h.screen(); !strings.Contains(scr, "git status") {
		t.Errorf("the previews did not fill in:\n%s", scr)
	}
}
