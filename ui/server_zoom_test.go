package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/tmux"
)

// paneTraits is how each pane's box shows on a screen whose boxes are
// stacked (one box to a line): dimmed (drawn faint, as a pane a zoom
// hides), and the words "marked" and "zoomed" on its header line.
func paneTraits(t *testing.T, raw string, panes []tmux.PaneID) map[tmux.PaneID]string {
	t.Helper()
	traits := map[tmux.PaneID]string{}
	for _, line := range strings.Split(raw, "\n") {
		plain := ansi.Strip(line)
		for _, p := range panes {
			if _, seen := traits[p]; seen || !strings.Contains(plain, string(p)+" ") {
				continue
			}
			var tr []string
			if strings.Contains(line, "\x1b[2m") || strings.Contains(line, "\x1b[2;") {
				tr = append(tr, "dimmed")
			}
			for _, word := range []string{"marked", "zoomed"} {
				if strings.Contains(plain, word) {
					tr = append(tr, word)
				}
			}
			traits[p] = strings.Join(tr, " ")
		}
	}
	if len(traits) != len(panes) {
		t.Fatalf("found %d of the panes %v:\n%s", len(traits), panes, ansi.Strip(raw))
	}
	return traits
}

// TestServerViewDrawsPanesAsTheMap (issue 40): in a zoomed window, the
// server view (w) dims, labels and marks each pane as the map does:
// only the panes the zoom hides dimmed (but the selection, drawn
// focused), the zoomed pane "zoomed", the marked pane "marked", wherever
// the selection is; its title carries the zoom mark, as the map's tab
// does.
func TestServerViewDrawsPanesAsTheMap(t *testing.T) {
	win := window("@1", 0, "stack", 80, 24,
		paneSpec{"%0", 0, 0, 0, 80, 7, "sh", "/", ""},
		paneSpec{"%1", 1, 0, 8, 80, 7, "sh", "/", ""},
		paneSpec{"%2", 2, 0, 16, 80, 8, "sh", "/", ""},
	)
	win.Active = true
	win.Panes[2].Marked = true
	st := &tmux.State{Session: "$1", SessionName: "main", Current: "@1", Windows: []*tmux.Window{win}, Marked: "%2"}
	h := newHarness(t, st, testOptions(), 100, 40)
	h.keys("z")
	if w, _ := h.core.State().Window("@1"); !w.Zoomed {
		t.Fatal("z did not zoom %0")
	}
	panes := []tmux.PaneID{"%0", "%1", "%2"}
	onMap := paneTraits(t, h.m.View().Content, panes)
	if onMap["%0"] != "zoomed" || onMap["%1"] != "dimmed" || onMap["%2"] != "marked" {
		t.Fatalf("the map draws %v, want %%0 zoomed, %%1 dimmed, %%2 marked", onMap)
	}
	if !strings.Contains(h.screen(), "0:stackZ") {
		t.Errorf("the map's tab of the zoomed window has no zoom mark:\n%s", h.screen())
	}
	h.keys("w")
	for _, moves := range [][]string{nil, {"down"}, {"down"}} { // the selection on %0, %1, %2
		h.keys(moves...)
		got := paneTraits(t, h.m.View().Content, panes)
		sel := h.m.server.Selected().Pane
		for _, p := range panes {
			// The selection is drawn focused, as the map draws its
			// focused pane, the zoomed one: a hidden pane selected is
			// not dimmed.
			if p == sel && p != "%0" {
				continue
			}
			if got[p] != onMap[p] {
				t.Errorf("selection on %s: the server view draws %s as %q, the map as %q",
					sel, p, got[p], onMap[p])
			}
		}
		if !strings.Contains(h.screen(), "0:stack*Z") {
			t.Errorf("the server view's title of the zoomed window has no zoom mark:\n%s", h.screen())
		}
	}
}
