package layouts

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// without is w without the panes named, the others renumbered in index
// order as tmux does, their geometry left as it was (MakePlan reads only
// places, as shares).
func without(w *tmux.Window, ids ...tmux.PaneID) *tmux.Window {
	out := *w
	out.Panes = nil
	for _, p := range w.Panes {
		if !slices.Contains(ids, p.ID) {
			p.Index = len(out.Panes)
			out.Panes = append(out.Panes, p)
		}
	}
	return &out
}

// TestPlanFewerPanes: slots without a pane are closed and their room
// goes to the cell before them, else the one after (from tmux 3.8 the
// cell after, else the one before), and a split left with one cell is
// that cell: at the same size the layout is the one tmux leaves when that
// pane is killed (layout_destroy_cell).
func TestPlanFewerPanes(t *testing.T) {
	t.Parallel()
	three := withSum("150x40,0,0{50x40,0,0,1,49x40,51,0,2,49x40,101,0,3}")
	nested := withSum("150x40,0,0{50x40,0,0,1,99x40,51,0[99x20,51,0,2,99x19,51,21,3]}")
	for _, c := range []struct {
		saved   string
		gone    []tmux.PaneID
		dropped []int
		want    string
		v38     bool
	}{
		{three, []tmux.PaneID{"%2"}, []int{1}, "150x40,0,0{100x40,0,0,1,49x40,101,0,3}", false},
		{three, []tmux.PaneID{"%1"}, []int{0}, "150x40,0,0{100x40,0,0,2,49x40,101,0,3}", false},
		{three, []tmux.PaneID{"%1", "%3"}, []int{0, 2}, "150x40,0,0,2", false},
		{nested, []tmux.PaneID{"%3"}, []int{2}, "150x40,0,0{50x40,0,0,1,99x40,51,0,2}", false},
		// Shares alone would give the freed border to the largest cell.
		{withSum("122x40,0,0{10x40,0,0,1,10x40,11,0,2,100x40,22,0,3}"), []tmux.PaneID{"%1"}, []int{0}, "122x40,0,0{21x40,0,0,2,100x40,22,0,3}", false},
		{three, []tmux.PaneID{"%2"}, []int{1}, "150x40,0,0{50x40,0,0,1,99x40,51,0,3}", true},
		{three, []tmux.PaneID{"%3"}, []int{2}, "150x40,0,0{50x40,0,0,1,99x40,51,0,2}", true},
		{nested, []tmux.PaneID{"%1"}, []int{0}, "150x40,0,0[150x20,0,0,2,150x19,0,21,3]", false},
	} {
		l := layoutOf(t, windowOf(t, c.saved))
		w := without(windowOf(t, c.saved), c.gone...)
		p, err := MakePlan(l, w, false, c.v38)
		if err != nil {
			t.Fatalf("%q without %v: %v", c.saved, c.gone, err)
		}
		checkPlanLayout(t, p, w)
		if p.Layout != withSum(c.want) || !slices.Equal(p.Dropped, c.dropped) || len(p.Create) > 0 || len(p.Extra) > 0 {
			t.Errorf("%q without %v (3.8: %v): %q, dropped %v, want %q and %v", c.saved, c.gone, c.v38, p.Layout, p.Dropped, withSum(c.want), c.dropped)
		}
	}
}

// TestPlanMorePanes: panes beyond the slots share the largest slot with
// its pane: side by side in a wide slot (joining its split when that runs
// the same way), stacked in a tall one.
func TestPlanMorePanes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		saved, now string
		order      []tmux.PaneID
		want       string
	}{
		{"120x40,0,0{80x40,0,0,1,39x40,81,0,2}", "120x40,0,0{30x40,0,0,1,29x40,31,0,2,29x40,61,0,3,29x40,91,0,4}",
			[]tmux.PaneID{"%1", "%3", "%4", "%2"}, "120x40,0,0{26x40,0,0,1,26x40,27,0,3,26x40,54,0,4,39x40,81,0,2}"},
		{"120x40,0,0[120x20,0,0,1,120x19,0,21,2]", "120x40,0,0{40x40,0,0,1,39x40,41,0,2,39x40,81,0,3}",
			[]tmux.PaneID{"%1", "%3", "%2"}, "120x40,0,0[120x20,0,0{60x20,0,0,1,59x20,61,0,3},120x19,0,21,2]"},
		{"40x40,0,0{20x40,0,0,1,19x40,21,0,2}", "40x40,0,0{20x40,0,0,1,9x40,21,0,2,9x40,31,0,3}",
			[]tmux.PaneID{"%1", "%3", "%2"}, "40x40,0,0{20x40,0,0[20x20,0,0,1,20x19,0,21,3],19x40,21,0,2}"},
		{"80x24,0,0,1", "80x24,0,0{40x24,0,0,1,39x24,41,0,2}",
			[]tmux.PaneID{"%1", "%2"}, "80x24,0,0{40x24,0,0,1,39x24,41,0,2}"},
	} {
		l := layoutOf(t, windowOf(t, withSum(c.saved)))
		w := windowOf(t, withSum(c.now))
		p, err := MakePlan(l, w, false, false)
		if err != nil {
			t.Fatalf("%q on %q: %v", c.saved, c.now, err)
		}
		checkPlanLayout(t, p, w)
		// The saved panes are %1 to %n, the others extra.
		extra := slices.DeleteFunc(slices.Clone(c.order), func(id tmux.PaneID) bool { return id.Num() <= len(l.Slots) })
		if p.Layout != withSum(c.want) || !slices.Equal(p.Order, c.order) || !slices.Equal(p.Extra, extra) {
			t.Errorf("%q on %q: %q, order %v, extra %v; want %q, %v, %v", c.saved, c.now, p.Layout, p.Order, p.Extra, withSum(c.want), c.order, extra)
		}
	}
}

// TestPlanCreate: with create, a slot without a pane keeps its cell and
// is listed to make a pane for, with its saved directory, at its place in
// Order; its cell has a number no pane of the window has. Active is ""
// when that slot was the active one, for the caller to select the pane
// it makes.
func TestPlanCreate(t *testing.T) {
	t.Parallel()
	saved := windowOf(t, withSum("150x40,0,0{50x40,0,0,1,49x40,51,0,2,49x40,101,0,3}"))
	saved.Panes[0].Active, saved.Panes[1].Active = false, true
	l := layoutOf(t, saved)
	w := without(windowOf(t, saved.Layout), "%2")
	p, err := MakePlan(l, w, true, false)
	if err != nil {
		t.Fatal(err)
	}
	checkPlanLayout(t, p, w)
	if want := withSum("150x40,0,0{50x40,0,0,1,49x40,51,0,4,49x40,101,0,3}"); p.Layout != want {
		t.Errorf("layout %q, want %q", p.Layout, want)
	}
	if !slices.Equal(p.Order, []tmux.PaneID{"%1", "", "%3"}) || !slices.Equal(p.Create, []Slot{{"%2", "T2", "c2", "/d2"}}) || len(p.Dropped) > 0 || p.Active != "" {
		t.Errorf("order %v, create %+v, dropped %v, active %q", p.Order, p.Create, p.Dropped, p.Active)
	}
	after := p.After(w)
	if len(after.Panes) != 3 || after.Panes[1].ID != "" || after.Panes[1].Path != "/d2" || after.Panes[1].Left != 51 || after.Panes[1].Width != 49 {
		t.Errorf("After: %+v", after.Panes)
	}
}

// TestPlanDoesNotFit: a layout whose panes cannot each have a cell in the
// window is refused, naming both sizes; so is a window without a tiled
// pane.
func TestPlanDoesNotFit(t *testing.T) {
	t.Parallel()
	grid := withSum("80x24,0,0[80x8,0,0{26x8,0,0,1,26x8,27,0,2,26x8,54,0,3},80x7,0,9{26x7,0,9,4,26x7,27,9,5,26x7,54,9,6},80x7,0,17{26x7,0,17,7,26x7,27,17,8,26x7,54,17,9}]")
	l := layoutOf(t, windowOf(t, grid))
	w := windowOf(t, withSum("4x5,0,0,1"))
	w.Panes = slices.Repeat(w.Panes, 9)
	for i := range w.Panes {
		w.Panes[i].ID, w.Panes[i].Index = tmux.PaneID(fmt.Sprintf("%%%d", i+1)), i
	}
	_, err := MakePlan(l, w, false, false)
	if tmux.KindOf(err) != tmux.KindInvalidInput || !strings.Contains(err.Error(), "at least 5x5") || !strings.Contains(err.Error(), "is 4x5") {
		t.Errorf("9 panes in 4x5: %v", err)
	}
	w.Width, w.Height = 5, 5
	p, err := MakePlan(l, w, false, false)
	if err != nil {
		t.Fatalf("9 panes in 5x5: %v", err)
	}
	checkPlanLayout(t, p, w)
	w.Panes = []tmux.Pane{{ID: "%1", Floating: true}}
	if _, err := MakePlan(l, w, false, true); tmux.KindOf(err) != tmux.KindInvalidInput {
		t.Errorf("a window of floating panes: %v", err)
	}
}
