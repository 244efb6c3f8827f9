package layouts

import (
	"fmt"
	"slices"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// resized is w's panes in a window of another size laid out by s, a
// layout of that size with the same number of cells: each pane keeps its
// id, title, command and directory and takes s's cells in pane order.
func resized(t *testing.T, w *tmux.Window, s string) *tmux.Window {
	t.Helper()
	n := windowOf(t, s)
	if len(n.Panes) != len(w.Panes) {
		t.Fatalf("%q has %d cells for %d panes", s, len(n.Panes), len(w.Panes))
	}
	for i := range n.Panes {
		q := w.Panes[i]
		q.Left, q.Top, q.Width, q.Height = n.Panes[i].Left, n.Panes[i].Top, n.Panes[i].Width, n.Panes[i].Height
		n.Panes[i] = q
	}
	return n
}

// TestPlanScalesTheIssuesSplit: the issue's 150|49 split saved at 200
// columns comes back at 100 columns as 75|24 (tmux's select-layout of
// the saved string gives 98|1), and at 200 columns again exactly.
func TestPlanScalesTheIssuesSplit(t *testing.T) {
	t.Parallel()
	saved := withSum("200x50,0,0{150x50,0,0,1,49x50,151,0,2}")
	l := layoutOf(t, windowOf(t, saved))
	small := resized(t, windowOf(t, saved), withSum("100x50,0,0{50x50,0,0,1,49x50,51,0,2}"))
	p, err := MakePlan(l, small, false, false)
	if err != nil {
		t.Fatal(err)
	}
	checkPlanLayout(t, p, small)
	if want := withSum("100x50,0,0{75x50,0,0,1,24x50,76,0,2}"); p.Layout != want {
		t.Errorf("at 100 columns: %q, want %q (75|24)", p.Layout, want)
	}
	big := resized(t, small, withSum("200x50,0,0{20x50,0,0,1,179x50,21,0,2}"))
	if p, err = MakePlan(l, big, false, false); err != nil || p.Layout != saved {
		t.Errorf("at 200 columns: %v %v, want %q", p, err, saved)
	}
}

// TestPlanMatches: each criterion in turn decides, a pane that agrees on
// more goes first, and ties go in reading order.
func TestPlanMatches(t *testing.T) {
	t.Parallel()
	s := withSum("120x40,0,0{40x40,0,0,1,39x40,41,0,2,39x40,81,0,3}")
	l := layoutOf(t, windowOf(t, s))
	for _, c := range []struct {
		name  string
		edit  func(w *tmux.Window) // the window to apply to, from the saved one
		order []tmux.PaneID
		from  []string
	}{
		{"the same panes", func(w *tmux.Window) {}, []tmux.PaneID{"%1", "%2", "%3"}, []string{"id", "id", "id"}},
		{"ids beat places", func(w *tmux.Window) { w.Panes[0], w.Panes[2] = w.Panes[2], w.Panes[0] }, []tmux.PaneID{"%1", "%2", "%3"}, []string{"id", "id", "id"}},
		{"titles", func(w *tmux.Window) {
			renumber(w, 10)
			w.Panes[0].Title, w.Panes[2].Title = "T3", "T1"
		}, []tmux.PaneID{"%12", "%11", "%10"}, []string{"title", "title", "title"}},
		{"commands", func(w *tmux.Window) {
			renumber(w, 10)
			sameTitles(w)
			w.Panes[0].Command, w.Panes[1].Command, w.Panes[2].Command = "c2", "c3", "c1"
		}, []tmux.PaneID{"%12", "%10", "%11"}, []string{"command", "command", "command"}},
		{"directories", func(w *tmux.Window) {
			renumber(w, 10)
			for i := range w.Panes {
				w.Panes[i].Title, w.Panes[i].Command = "x", "sh"
			}
			w.Panes[0].Path, w.Panes[1].Path, w.Panes[2].Path = "/d3", "/d1", "/d2"
		}, []tmux.PaneID{"%11", "%12", "%10"}, []string{"cwd", "cwd", "cwd"}},
		{"places", func(w *tmux.Window) {
			renumber(w, 10)
			for i := range w.Panes {
				w.Panes[i].Title, w.Panes[i].Command, w.Panes[i].Path = "x", "sh", "/"
			}
			// %10 is now on the right, %12 on the left.
			w.Panes[0].Left, w.Panes[2].Left = 81, 0
		}, []tmux.PaneID{"%12", "%11", "%10"}, []string{"place", "place", "place"}},
		{"an id beats a title", func(w *tmux.Window) {
			w.Panes[0].Title, w.Panes[1].Title = "T2", "T1"
		}, []tmux.PaneID{"%1", "%2", "%3"}, []string{"id", "id", "id"}},
		{"a title beats a command", func(w *tmux.Window) {
			renumber(w, 10)
			w.Panes[0].Command, w.Panes[1].Command = "c2", "c1"
		}, []tmux.PaneID{"%10", "%11", "%12"}, []string{"title", "title", "title"}},
		{"ties in reading order", func(w *tmux.Window) {
			renumber(w, 10)
			for i := range w.Panes {
				w.Panes[i].Title, w.Panes[i].Command, w.Panes[i].Path = "x", "sh", "/"
				w.Panes[i].Left, w.Panes[i].Width = 0, 120 // all in one place
			}
		}, []tmux.PaneID{"%10", "%11", "%12"}, []string{"place", "place", "place"}},
	} {
		w := windowOf(t, s)
		c.edit(w)
		p, err := MakePlan(l, w, false, false)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var from []string
		for i, m := range p.Moves {
			from = append(from, m.From)
			if m.Slot != i || p.Order[i] != m.Pane {
				t.Errorf("%s: move %d is %+v, order %v", c.name, i, m, p.Order)
			}
		}
		if !slices.Equal(p.Order, c.order) || !slices.Equal(from, c.from) {
			t.Errorf("%s: order %v from %v, want %v from %v", c.name, p.Order, from, c.order, c.from)
		}
		checkPlanLayout(t, p, w)
	}
}

// renumber gives w's panes new ids from first, so no id matches.
func renumber(w *tmux.Window, first int) {
	for i := range w.Panes {
		w.Panes[i].ID = tmux.PaneID(fmt.Sprintf("%%%d", first+i))
	}
}

// sameTitles gives every pane one title, as tmux's default (the host's
// name) does.
func sameTitles(w *tmux.Window) {
	for i := range w.Panes {
		w.Panes[i].Title = "host"
	}
}

// TestPlanMatchesPastSharedTitles: where every pane had and has tmux's
// default title (the host's name), the title matches every slot alike and
// the command decides.
func TestPlanMatchesPastSharedTitles(t *testing.T) {
	t.Parallel()
	w := windowOf(t, withSum("120x40,0,0{40x40,0,0,1,39x40,41,0,2,39x40,81,0,3}"))
	sameTitles(w)
	l := layoutOf(t, w)
	renumber(w, 10)
	w.Panes[0].Command, w.Panes[1].Command, w.Panes[2].Command = "c3", "c1", "c2"
	p, err := MakePlan(l, w, false, false)
	if err != nil {
		t.Fatal(err)
	}
	if want := []tmux.PaneID{"%11", "%12", "%10"}; !slices.Equal(p.Order, want) {
		t.Errorf("order %v, want %v", p.Order, want)
	}
}
