package geometry

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// withFloating adds n floating panes to w at random: anywhere from partly
// left of and above the window to past its right and bottom edges, of any
// size up to the window's, in a random stacking order.
func withFloating(r *rand.Rand, w *tmux.Window, n int) *tmux.Window {
	next := 0
	for _, p := range w.Panes {
		next = max(next, p.ID.Num()+1)
	}
	stack := r.Perm(n)
	for i := range n {
		width, height := 1+r.IntN(w.Width), 1+r.IntN(w.Height)
		w.Panes = append(w.Panes, tmux.Pane{
			ID: tmux.PaneID(fmt.Sprintf("%%%d", next+i)), Index: len(w.Panes), WindowID: w.ID,
			Left: r.IntN(w.Width+width) - width/2, Top: r.IntN(w.Height+height) - height/2,
			Width: width, Height: height, Floating: true, Z: stack[i],
		})
	}
	return w
}

// Floating panes do not move the tiled boxes; their own boxes are inside
// the area, at least the minimum size.
func TestScaleFloating(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 8))
	labelW := func(p tmux.Pane) int { return len(p.ID) + 2 }
	for n := range 500 {
		tiled := randomWindow(r, 10+r.IntN(200), 5+r.IntN(60), r.IntN(10))
		w := withFloating(r, &tmux.Window{ID: "@1", Width: tiled.Width, Height: tiled.Height, Panes: append([]tmux.Pane(nil), tiled.Panes...)}, 1+r.IntN(4))
		cols, rows := 20+r.IntN(150), 8+r.IntN(50)
		want, okTiled := Scale(tiled, cols, rows, labelW, 2)
		got, ok := Scale(w, cols, rows, labelW, 2)
		if ok && !okTiled {
			t.Fatalf("window %d: floating panes made room", n)
		}
		if !ok {
			continue
		}
		for _, p := range w.Panes {
			g := got[p.ID]
			if !p.Floating {
				if g != want[p.ID] {
					t.Fatalf("window %d: tiled %s at %+v, %+v without floating panes", n, p.ID, g, want[p.ID])
				}
				continue
			}
			if g.Left < 0 || g.Top < 0 || g.Left+g.Width > cols || g.Top+g.Height > rows || g.Width < labelW(p) || g.Height < 2 {
				t.Fatalf("window %d (%dx%d on %dx%d): floating %+v at %+v", n, w.Width, w.Height, cols, rows, p, g)
			}
		}
	}
}

// A floating pane in line with a tiled pane's edge in tmux is in line
// with its box on the map; one past the window's edges is drawn at them.
func TestScaleFloatingLinesUp(t *testing.T) {
	t.Parallel()
	w := windowFromLayout(t, "8205,80x24,0,0{40x24,0,0,0,39x24,41,0,1}", "", false)
	w.Panes = append(w.Panes,
		tmux.Pane{ID: "%2", Left: 41, Top: 5, Width: 20, Height: 5, Floating: true},
		tmux.Pane{ID: "%3", Left: -5, Top: -3, Width: 10, Height: 6, Floating: true, Z: 1},
		tmux.Pane{ID: "%4", Left: 75, Top: 20, Width: 30, Height: 10, Floating: true, Z: 2})
	rects, ok := Scale(w, 40, 12, func(tmux.Pane) int { return 3 }, 2)
	if !ok {
		t.Fatal("does not fit")
	}
	if rects["%2"].Left != rects["%1"].Left {
		t.Errorf("%%2 at %+v, %%1 at %+v: not in line", rects["%2"], rects["%1"])
	}
	if r := rects["%3"]; r.Left != 0 || r.Top != 0 {
		t.Errorf("%%3 at %+v, want the top left corner", r)
	}
	if r := rects["%4"]; r.Left+r.Width != 40 || r.Top+r.Height != 12 {
		t.Errorf("%%4 at %+v, want the bottom right corner", r)
	}
}

// StackOrder draws tiled panes first, then floating ones bottom up.
func TestStackOrder(t *testing.T) {
	t.Parallel()
	w := &tmux.Window{Panes: []tmux.Pane{
		{ID: "%0"}, {ID: "%1", Floating: true, Z: 0}, {ID: "%2"}, {ID: "%3", Floating: true, Z: 2}, {ID: "%4", Floating: true, Z: 1},
	}}
	var got []tmux.PaneID
	for _, p := range StackOrder(w) {
		got = append(got, p.ID)
	}
	if fmt.Sprint(got) != "[%0 %2 %3 %4 %1]" {
		t.Errorf("StackOrder = %v, want [%%0 %%2 %%3 %%4 %%1]", got)
	}
}

// Text maps of windows with floating panes: every line fits, every pane
// is named once (on the map, in the note of covered labels, or in the
// list) with '^' on exactly the floating ones, the header counts them,
// and the topmost floating pane's box is whole around its label.
func TestTextMapFloatingProperties(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(9, 10))
	notes := 0
	for n := range 300 {
		layout := randomLayout(r, 10+r.IntN(300), 5+r.IntN(100), r.IntN(12), r.IntN(120))
		nf := 1 + r.IntN(4)
		w := withFloating(r, windowFromLayout(t, layout, "", false), nf)
		if r.IntN(3) > 0 {
			w.Panes[r.IntN(len(w.Panes))].Active = true
		}
		for _, maxCols := range []int{40, 60, 80, 120} {
			text := TextMap(w, maxCols)
			lines := strings.Split(text, "\n")
			for _, l := range lines {
				if len(l) > maxCols || strings.TrimRight(l, " ") != l || l == "" {
					t.Fatalf("window %d, %d columns: line %q:\n%s", n, maxCols, l, text)
				}
			}
			if !strings.Contains(strings.Join(strings.Fields(text), " "), fmt.Sprintf("panes, %d floating;", nf)) {
				t.Fatalf("window %d: the header does not count %d floating panes:\n%s", n, nf, text)
			}
			found, marked, drawn := readTextMap(t, w, text)
			if len(found) != len(w.Panes) {
				t.Fatalf("window %d, %d columns: %d of %d panes:\n%s", n, maxCols, len(found), len(w.Panes), text)
			}
			if want, ok := w.ActivePane(); ok != (len(marked) == 1) || ok && marked[0] != want.ID {
				t.Fatalf("window %d: active %s, marked %v:\n%s", n, want.ID, marked, text)
			}
			if strings.Contains(text, "\nunder floating panes: ") {
				notes++
			}
			if drawn {
				top := w.FloatingPanes()[0]
				at := found[top.ID]
				if at.row < 1 || lines[at.row-1][at.first-1:at.last+1] != strings.Repeat("#", at.last-at.first+2) || lines[at.row][at.first-1] != '#' {
					t.Fatalf("window %d: the topmost floating pane %s's box is not whole around its label at %+v:\n%s", n, top.ID, at, text)
				}
			}
		}
	}
	if notes == 0 {
		t.Error("no map covered a label: the note is not tested")
	}
}
