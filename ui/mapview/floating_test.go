package mapview

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/internal/golden"
	"github.com/panemap/panemap/tmux"
)

// floatingWindow is two tiled panes side by side and two floating ones
// over them, %3 on top of %0 (tmux 3.7+), active as given.
func floatingWindow(active tmux.PaneID) *tmux.Window {
	w := &tmux.Window{ID: "@1", Width: 160, Height: 46, Panes: []tmux.Pane{
		{ID: "%0", Index: 0, Left: 4, Top: 2, Width: 80, Height: 11, Floating: true, Z: 1, Command: "top"},
		{ID: "%2", Index: 1, Width: 80, Height: 46, Z: 2, Command: "vim"},
		{ID: "%1", Index: 2, Left: 81, Width: 79, Height: 46, Z: 2, Command: "zsh"},
		{ID: "%3", Index: 3, Left: 60, Top: 8, Width: 30, Height: 10, Floating: true, Command: "htop"},
	}}
	for i := range w.Panes {
		w.Panes[i].Active = w.Panes[i].ID == active
	}
	return w
}

// Floating panes are drawn over the tiled ones, in tmux's stacking order,
// dashed and marked "floating"; a focused one is drawn focused.
func TestFloatingPanesDrawn(t *testing.T) {
	for _, c := range []struct {
		name   string
		active tmux.PaneID
		w, h   int
	}{
		{"floating-tiled-active-80x24", "%1", 80, 24},
		{"floating-top-active-80x24", "%3", 80, 24},
		{"floating-under-active-80x24", "%0", 80, 24},
		{"floating-30x10", "%3", 30, 10},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := New(DefaultStyles(false), Input{Win: floatingWindow(c.active)}, c.w, c.h)
			got := ansi.Strip(v.View())
			golden.Check(t, c.name, got)
			if !strings.ContainsAny(got, "╌╍") || c.w >= 80 && !strings.Contains(got, "floating") {
				t.Errorf("no box says floating:\n%s", got)
			}
			// Every label shows: a tiled box's header goes below the
			// floating boxes that would cover it.
			for _, p := range floatingWindow(c.active).Panes {
				if l := fmt.Sprintf("%d  %s", p.Index, p.ID); !strings.Contains(got, l) && !strings.Contains(got, fmt.Sprintf(" %d …", p.Index)) {
					t.Errorf("label %q of %s is covered:\n%s", l, p.ID, got)
				}
			}
		})
	}
}

// A click goes to the topmost box under it.
func TestFloatingPaneAt(t *testing.T) {
	v := New(DefaultStyles(false), Input{Win: floatingWindow("%1")}, 80, 24)
	lines := strings.Split(ansi.Strip(v.View()), "\n")
	for _, c := range []struct {
		id   tmux.PaneID
		x, y int
	}{
		{"%2", 1, 20}, // left tiled, below the floating boxes
		{"%1", 78, 1}, // right tiled
		{"%0", 5, 3},  // the lower floating box, clear of the top one
		{"%3", 36, 6}, // where the top box covers the lower one
		{"%3", 44, 8}, // the top box, over the right tiled pane
	} {
		if got, ok := v.PaneAt(c.x, c.y); !ok || got != c.id {
			t.Errorf("PaneAt(%d, %d) = %s, %v; want %s (row %q)", c.x, c.y, got, ok, c.id, lines[c.y])
		}
	}
}

// In colour every row is still exactly the map's width, the cuts through
// styled box lines included.
func TestFloatingColourRowsFit(t *testing.T) {
	for _, active := range []tmux.PaneID{"%0", "%1", "%3"} {
		for _, size := range [][2]int{{80, 24}, {40, 12}, {20, 8}, {12, 5}} {
			w, h := size[0], size[1]
			v := New(DefaultStyles(true), Input{Win: floatingWindow(active)}, w, h)
			rows := strings.Split(v.View(), "\n")
			if len(rows) != h {
				t.Fatalf("%dx%d: %d rows", w, h, len(rows))
			}
			for i, r := range rows {
				if got := ansi.StringWidth(r); got != w {
					t.Errorf("%dx%d, active %s: row %d is %d wide: %q", w, h, active, i, got, r)
				}
			}
		}
		if v := New(DefaultStyles(true), Input{Win: floatingWindow(active)}, 80, 24); !strings.Contains(ansi.Strip(v.View()), "floating") {
			t.Errorf("active %s: no floating mark", active)
		}
	}
}

// masterFloatingWindow is what tmux master's list-panes printed for five
// tiled panes and new-pane -d -x 40 -y 10: the floating pane covers most
// of %0 and the left of %4.
func masterFloatingWindow() *tmux.Window {
	return &tmux.Window{ID: "@0", Width: 120, Height: 40, Panes: []tmux.Pane{
		{ID: "%0", Index: 0, Width: 30, Height: 20, Z: 2, Active: true, Command: "sh"},
		{ID: "%4", Index: 1, Left: 31, Width: 29, Height: 20, Z: 2, Command: "vim"},
		{ID: "%2", Index: 2, Top: 21, Width: 60, Height: 19, Z: 2, Command: "sh"},
		{ID: "%1", Index: 3, Left: 61, Width: 59, Height: 20, Z: 2, Command: "sh"},
		{ID: "%3", Index: 4, Left: 61, Top: 21, Width: 59, Height: 19, Z: 2, Command: "sh"},
		{ID: "%5", Index: 5, Left: 4, Top: 2, Width: 38, Height: 8, Floating: true, Command: "htop"},
	}}
}

// A tiled box under a floating one shows its whole header, id and
// command, on rows of its own that the floating box leaves: not just its
// label's digit beside the floating box. The floating box stays on top.
func TestFloatingLeavesTiledHeaders(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 38}, {58, 12}} {
		name := fmt.Sprintf("floating-headers-%dx%d", size[0], size[1])
		t.Run(name, func(t *testing.T) {
			got := ansi.Strip(New(DefaultStyles(false), Input{Win: masterFloatingWindow()}, size[0], size[1]).View())
			golden.Check(t, name, got)
			for _, p := range masterFloatingWindow().Panes {
				if l := fmt.Sprintf("%d  %s", p.Index, p.ID); !strings.Contains(got, l) {
					t.Errorf("the header %q of %s is covered:\n%s", l, p.ID, got)
				}
			}
			if !strings.Contains(got, "╎ 5  %5 floating") {
				t.Errorf("the floating box is not drawn whole on top:\n%s", got)
			}
		})
	}
}
