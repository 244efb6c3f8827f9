package ui

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/panemap/panemap/tmuxctl"
)

// randomWindow splits a w x h window recursively as tmux does: children
// of a split are one border cell apart.
func randomWindow(r *rand.Rand, w, h, splits int) *tmuxctl.Window {
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
	win := &tmuxctl.Window{ID: "@1", Width: w, Height: h}
	for i, c := range cells {
		win.Panes = append(win.Panes, tmuxctl.Pane{ID: tmuxctl.PaneID(fmt.Sprintf("%%%d", i)), Index: i, Left: c.x, Top: c.y, Width: c.w, Height: c.h})
	}
	return win
}

// Boxes tile the area exactly, whatever the layout and the area, and
// every box is big enough for its label.
func TestScaleWindowTiles(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	labelW := func(p tmuxctl.Pane) int { return len(fmt.Sprint(p.Index)) + 2 }
	fitted := 0
	for n := 0; n < 2000; n++ {
		win := randomWindow(r, 20+r.IntN(200), 10+r.IntN(60), r.IntN(14))
		w, h := 1+r.IntN(160), 1+r.IntN(50)
		rects, ok := scaleWindow(win, w, h, labelW, 3)
		if !ok {
			continue
		}
		fitted++
		cover := make([]int, w*h)
		for _, p := range win.Panes {
			b := rects[p.ID]
			if b.w < labelW(p) || b.h < 3 {
				t.Fatalf("layout %d in %dx%d: pane %s is %dx%d", n, w, h, p.ID, b.w, b.h)
			}
			for y := b.y; y < b.y+b.h; y++ {
				for x := b.x; x < b.x+b.w; x++ {
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

// Where there is room, sizes stay proportional.
func TestScaleWindowProportional(t *testing.T) {
	win := gridState().Windows[1] // main-vertical: 50 | 29 of 80
	rects, ok := scaleWindow(win, 162, 50, func(tmuxctl.Pane) int { return 3 }, 3)
	if !ok {
		t.Fatal("did not fit")
	}
	if got := rects["%4"].w; got != 102 {
		t.Errorf("main pane %d wide of 162, want 102 (51/81)", got)
	}
}

func TestShortenPath(t *testing.T) {
	cases := []struct {
		path, home string
		w          int
		want       string
	}{
		{"/home/u/src/panemap", "/home/u", 40, "~/src/panemap"},
		{"/home/u", "/home/u", 40, "~"},
		{"/home/user2/x", "/home/u", 40, "/home/user2/x"},
		{"/var/log/a/very/long/path", "", 12, "/var/…g/path"},
		{"/var/log", "", 1, "…"},
		{"/var/log", "", 0, ""},
	}
	for _, c := range cases {
		if got := shortenPath(c.path, c.home, c.w); got != c.want {
			t.Errorf("shortenPath(%q, %q, %d) = %q, want %q", c.path, c.home, c.w, got, c.want)
		}
	}
}

func TestDefaultTitle(t *testing.T) {
	for _, c := range []struct {
		title, host string
		want        bool
	}{
		{"", "box.example.com", true},
		{"box.example.com", "box.example.com", true},
		{"box", "box.example.com", true},
		{"vim model.go", "box.example.com", false},
	} {
		if got := isDefaultTitle(c.title, c.host); got != c.want {
			t.Errorf("isDefaultTitle(%q, %q) = %v", c.title, c.host, got)
		}
	}
}
