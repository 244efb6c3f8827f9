package layouts

import (
	"slices"
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// floatingWindow is a 160x46 window with two tiled panes (%0, %1) and two
// floating ones, %3 on top of %2.
func floatingWindow() *tmux.Window {
	return &tmux.Window{ID: "@2", Width: 160, Height: 46,
		Layout: "75f8,160x46,0,0{80x46,0,0,0,80x11,4,2,2,79x46,81,0,1,28x6,101,31,3}<28x6,101,31,3,80x11,4,2,2>",
		Panes: []tmux.Pane{
			{ID: "%0", Index: 0, Width: 80, Height: 46, Command: "vim"},
			{ID: "%2", Index: 1, Floating: true, Z: 1, Left: 4, Top: 2, Width: 80, Height: 11, Command: "htop"},
			{ID: "%1", Index: 2, Left: 81, Width: 79, Height: 46, Command: "sh"},
			{ID: "%3", Index: 3, Floating: true, Z: 0, Left: 101, Top: 31, Width: 28, Height: 6, Command: "top", Active: true},
		}}
}

// TestPlanFloating: on a server that can place floating panes, the
// window's floating panes go back to their saved places (scaled to the
// window's size) and the topmost saved one is made active when the
// active pane floated; without that, or without floating panes to put
// there, the tiled part is planned and LeftOut says what was not.
func TestPlanFloating(t *testing.T) {
	t.Parallel()
	l := layoutOf(t, floatingWindow())
	w := floatingWindow()
	w.Panes[1].Left, w.Panes[1].Top, w.Panes[3].Left = 0, 0, 0 // moved since
	w.Panes[0].Active, w.Panes[3].Active = true, false
	p, err := MakePlan(l, w, false, true)
	if err != nil {
		t.Fatal(err)
	}
	checkPlanLayout(t, p, &tmux.Window{Width: 160, Height: 46})
	want := []FloatPlace{{"%3", 101, 31, 28, 6}, {"%2", 4, 2, 80, 11}}
	if !slices.Equal(p.Floating, want) || len(p.LeftOut) > 0 || p.Active != "%3" || !slices.Equal(p.Order, []tmux.PaneID{"%0", "%1"}) {
		t.Errorf("floating %v, left out %q, active %s, order %v; want %v", p.Floating, p.LeftOut, p.Active, p.Order, want)
	}
	after := p.After(w)
	if got := after.FloatingPanes(); len(got) != 2 || got[0].ID != "%3" || got[0].Left != 101 || got[1].ID != "%2" || got[1].Top != 2 || !got[0].Active {
		t.Errorf("After's floating panes: %+v", got)
	}
	half := floatingWindow()
	half.Width, half.Height = 80, 23
	if p, err = MakePlan(l, half, false, true); err != nil || !slices.Equal(p.Floating, []FloatPlace{{"%3", 51, 16, 14, 3}, {"%2", 2, 1, 40, 6}}) {
		t.Errorf("at half the size: %+v, %v", p, err)
	}

	p, err = MakePlan(l, w, false, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Floating) > 0 || len(p.LeftOut) != 2 || !strings.Contains(p.LeftOut[0], "%3 (top)") || !strings.Contains(p.LeftOut[0], "tmux 3.8") {
		t.Errorf("below 3.8: floating %v, left out %q", p.Floating, p.LeftOut)
	}
	tiled := without(floatingWindow(), "%2", "%3")
	if p, err = MakePlan(l, tiled, false, true); err != nil || len(p.Floating) > 0 || len(p.LeftOut) != 2 || !strings.Contains(p.LeftOut[1], "%2 (htop)") || p.Layout != withSum("160x46,0,0{80x46,0,0,0,79x46,81,0,1}") {
		t.Errorf("a window without its floating panes: %+v, %v", p, err)
	}
}

// TestPlanAfter: the window as the plan leaves it has the plan's cells
// in Order, each pane keeping what it is, the active pane and zoom as
// saved.
func TestPlanAfter(t *testing.T) {
	t.Parallel()
	saved := windowOf(t, withSum("120x40,0,0{80x40,0,0,1,39x40,81,0[39x20,81,0,2,39x19,81,21,3]}"))
	saved.Panes[0].Active, saved.Panes[2].Active, saved.Zoomed = false, true, true
	l := layoutOf(t, saved)
	w := windowOf(t, withSum("100x30,0,0[100x10,0,0,3,100x9,0,11,1,100x9,0,21,2]"))
	p, err := MakePlan(l, w, false, false)
	if err != nil {
		t.Fatal(err)
	}
	after := p.After(w)
	root, err := tmux.ParseLayoutTree(p.Layout)
	if err != nil {
		t.Fatal(err)
	}
	cells := root.Leaves()
	if after.Layout != p.Layout || !after.Zoomed || len(after.Panes) != 3 || w.Zoomed {
		t.Fatalf("After: %+v", after)
	}
	for i, q := range after.Panes {
		was, _ := w.Pane(q.ID)
		if q.ID != p.Order[i] || q.Index != i || q.Left != cells[i].Left || q.Width != cells[i].Width || q.Top != cells[i].Top || q.Height != cells[i].Height ||
			q.Command != was.Command || q.Active != (q.ID == "%3") {
			t.Errorf("After's pane %d: %+v, cell %+v, order %v", i, q, cells[i], p.Order)
		}
	}
}

// TestPreview: a layout drawn into a window of the size asked for (or
// the least it fits), with a layout string tmux takes for it and a pane
// for each slot and floating pane.
func TestPreview(t *testing.T) {
	t.Parallel()
	l := layoutOf(t, floatingWindow())
	for _, size := range [][4]int{{40, 12, 40, 12}, {160, 46, 160, 46}, {1, 1, 3, 1}} {
		w := l.Preview(size[0], size[1])
		shape, err := tmux.CheckLayout(w.Layout)
		if err != nil || w.Width != size[2] || w.Height != size[3] || shape.Width != w.Width || shape.Height != w.Height || shape.Panes != 2 || len(w.Panes) != 4 {
			t.Errorf("Preview(%d, %d): %dx%d %q %+v, %v; want %dx%d", size[0], size[1], w.Width, w.Height, w.Layout, shape, err, size[2], size[3])
		}
		if fl := w.FloatingPanes(); len(fl) != 2 || fl[0].ID != "%3" || !fl[0].Active || fl[0].Command != "top" {
			t.Errorf("Preview(%d, %d)'s floating panes: %+v", size[0], size[1], fl)
		}
	}
	if w := l.Preview(160, 46); w.Layout != withSum("160x46,0,0{80x46,0,0,0,79x46,81,0,1}") {
		t.Errorf("Preview at the saved size: %q", w.Layout)
	}
}
