package geometry

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// randomWindow splits a w x h window recursively as tmux does: children
// of a split are one border cell apart.
func randomWindow(r *rand.Rand, w, h, splits int) *tmux.Window {
	type cell struct{ x, y, w, h int }
	cells := []cell{{0, 0, w, h}}
	for i := 0; i < splits; i++ {
		j := r.IntN(len(cells))
		c := cells[j]
		if r.IntN(2) == 0 && c.w >= 3 {
			a := 1 + r.IntN(c.w-2)
			cells[j] = cell{c.x, c.y, a, c.h}
			cells = append(cells, cell{c.x + a + 1, c.y, c.w - a - 1, c.h})
		} else if c.h >= 3 {
			a := 1 + r.IntN(c.h-2)
			cells[j] = cell{c.x, c.y, c.w, a}
			cells = append(cells, cell{c.x, c.y + a + 1, c.w, c.h - a - 1})
		}
	}
	win := &tmux.Window{ID: "@1", Width: w, Height: h}
	for i, c := range cells {
		win.Panes = append(win.Panes, tmux.Pane{ID: tmux.PaneID(fmt.Sprintf("%%%d", i)), Index: i, Left: c.x, Top: c.y, Width: c.w, Height: c.h})
	}
	return win
}

// Boxes tile the area exactly, whatever the layout and the area, and
// every box is big enough for its label.
func TestScaleTiles(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	labelW := func(p tmux.Pane) int { return len(fmt.Sprint(p.Index)) + 2 }
	fitted := 0
	for n := 0; n < 2000; n++ {
		win := randomWindow(r, 20+r.IntN(200), 10+r.IntN(60), r.IntN(14))
		w, h := 1+r.IntN(160), 1+r.IntN(50)
		rects, ok := Scale(win, w, h, labelW, 3)
		if !ok {
			continue
		}
		fitted++
		cover := make([]int, w*h)
		for _, p := range win.Panes {
			b := rects[p.ID]
			if b.Width < labelW(p) || b.Height < 3 {
				t.Fatalf("layout %d in %dx%d: pane %s is %dx%d", n, w, h, p.ID, b.Width, b.Height)
			}
			for y := b.Top; y < b.Top+b.Height; y++ {
				for x := b.Left; x < b.Left+b.Width; x++ {
					if x < 0 || y < 0 || x >= w || y >= h {
						t.Fatalf("layout %d in %dx%d: pane %s outside: %+v", n, w, h, p.ID, b)
					}
					cover[y*w+x]++
				}
			}
		}
		for i, c := range cover {
			if c != 1 {
				t.Fatalf("layout %d in %dx%d: cell %d,%d covered %d times", n, w, h, i%w, i/w, c)
			}
		}
	}
	if fitted < 500 {
		t.Errorf("only %d of 2000 layouts fitted; the check is too weak", fitted)
	}
}

// MinSize is exactly the least area Scale fits a window in: it fits
// there, and not one column or one row less.
func TestMinSize(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 40))
	minW := func(tmux.Pane) int { return 3 }
	for i := range 50 {
		win := randomWindow(r, 80+r.IntN(120), 24+r.IntN(40), 1+r.IntN(12))
		w, h := MinSize(win, minW, 3)
		if _, ok := Scale(win, w, h, minW, 3); !ok {
			t.Errorf("window %d: no fit at its MinSize %dx%d", i, w, h)
		}
		if _, ok := Scale(win, w-1, h+50, minW, 3); ok {
			t.Errorf("window %d: fits %d columns, less than MinSize %d", i, w-1, w)
		}
		if _, ok := Scale(win, w+50, h-1, minW, 3); ok {
			t.Errorf("window %d: fits %d rows, less than MinSize %d", i, h-1, h)
		}
	}
}
