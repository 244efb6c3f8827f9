package geometry

import (
	"fmt"
	"sort"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// tmuxWindow is a window as real tmux 3.3a laid it out: its
// #{window_layout} and which pane was active.
type tmuxWindow struct {
	name   string
	layout string
	active tmux.PaneID
	zoomed bool
}

// tmuxWindows were taken once from a private tmux server (new -d -x W -y H,
// split, select-layout; main-pane-width 50%), so the tests need no tmux.
var tmuxWindows = []tmuxWindow{
	{"evenh4-80x24", "764c,80x24,0,0{19x24,0,0,0,19x24,20,0,1,19x24,40,0,2,20x24,60,0,3}", "%1", false},
	{"evenh4-300x80", "6155,300x80,0,0{74x80,0,0,0,74x80,75,0,1,74x80,150,0,2,75x80,225,0,3}", "%1", false},
	{"mainv4-80x24", "0fd4,80x24,0,0{39x24,0,0,4,40x24,40,0[40x7,40,0,5,40x7,40,8,6,40x8,40,16,7]}", "%4", false},
	{"mainv4-300x80", "f549,300x80,0,0{149x80,0,0,4,150x80,150,0[150x26,150,0,5,150x26,150,27,6,150x26,150,54,7]}", "%4", false},
	{"tiled9-80x24", "f7d6,80x24,0,0[80x7,0,0{26x7,0,0,8,26x7,27,0,9,26x7,54,0,10},80x7,0,8{26x7,0,8,11,26x7,27,8,12,26x7,54,8,13},80x8,0,16{26x8,0,16,14,26x8,27,16,15,26x8,54,16,16}]", "%12", false},
	{"tiled9-300x80", "6a56,300x80,0,0[300x26,0,0{99x26,0,0,8,99x26,100,0,9,100x26,200,0,10},300x26,0,27{99x26,0,27,11,99x26,100,27,12,100x26,200,27,13},300x26,0,54{99x26,0,54,14,99x26,100,54,15,100x26,200,54,16}]", "%12", false},
	{"nested-80x24", "abd4,80x24,0,0{40x24,0,0,17,39x24,41,0[39x12,41,0,18,39x11,41,13{19x11,41,13,19,19x11,61,13,20}]}", "%20", false},
	{"nested-300x80", "59b5,300x80,0,0{150x80,0,0,17,149x80,151,0[149x40,151,0,18,149x39,151,41{74x39,151,41,19,74x39,226,41,20}]}", "%20", false},
	{"zoomed-80x24", "b5a7,80x24,0,0{40x24,0,0,21,39x24,41,0[39x12,41,0,22,39x11,41,13{19x11,41,13,23,19x11,61,13,24}]}", "%23", true},
	{"zoomed-300x80", "699c,300x80,0,0{150x80,0,0,21,149x80,151,0[149x40,151,0,22,149x39,151,41{74x39,151,41,23,74x39,226,41,24}]}", "%23", true},
	{"tiled24-80x24", "9b29,80x24,0,0[80x4,0,0{15x4,0,0,25,15x4,16,0,26,15x4,32,0,27,15x4,48,0,28,16x4,64,0,29},80x4,0,5{15x4,0,5,30,15x4,16,5,31,15x4,32,5,32,15x4,48,5,33,16x4,64,5,34},80x4,0,10{15x4,0,10,35,15x4,16,10,36,15x4,32,10,37,15x4,48,10,38,16x4,64,10,39},80x4,0,15{15x4,0,15,40,15x4,16,15,41,15x4,32,15,42,15x4,48,15,43,16x4,64,15,44},80x4,0,20{15x4,0,20,45,15x4,16,20,46,15x4,32,20,47,32x4,48,20,48}]", "%35", false},
	{"tiled24-300x80", "3cbf,300x80,0,0[300x15,0,0{59x15,0,0,25,59x15,60,0,26,59x15,120,0,27,59x15,180,0,28,60x15,240,0,29},300x15,0,16{59x15,0,16,30,59x15,60,16,31,59x15,120,16,32,59x15,180,16,33,60x15,240,16,34},300x15,0,32{59x15,0,32,35,59x15,60,32,36,59x15,120,32,37,59x15,180,32,38,60x15,240,32,39},300x15,0,48{59x15,0,48,40,59x15,60,48,41,59x15,120,48,42,59x15,180,48,43,60x15,240,48,44},300x16,0,64{59x16,0,64,45,59x16,60,64,46,59x16,120,64,47,120x16,180,64,48}]", "%35", false},
	{"evenh24-80x24", "62f8,80x24,0,0{2x24,0,0,0,2x24,3,0,1,2x24,6,0,2,2x24,9,0,3,2x24,12,0,4,2x24,15,0,5,2x24,18,0,6,2x24,21,0,7,2x24,24,0,8,2x24,27,0,9,2x24,30,0,10,2x24,33,0,11,2x24,36,0,12,2x24,39,0,13,2x24,42,0,14,2x24,45,0,15,2x24,48,0,16,2x24,51,0,17,2x24,54,0,18,2x24,57,0,19,2x24,60,0,20,2x24,63,0,21,2x24,66,0,22,11x24,69,0,23}", "%7", false},
}

func findTmuxWindow(t *testing.T, name string) tmuxWindow {
	t.Helper()
	for _, w := range tmuxWindows {
		if w.name == name {
			return w
		}
	}
	t.Fatalf("no window %q", name)
	return tmuxWindow{}
}

// windowFromLayout builds a window from a tmux layout string, panes in id
// order (as tmux numbers them when splitting), as tmuxctl lists it (a
// zoomed window's panes have their unzoomed geometry).
func windowFromLayout(t testing.TB, layout string, active tmux.PaneID, zoomed bool) *tmux.Window {
	t.Helper()
	cells, err := tmux.ParseLayout(layout)
	if err != nil {
		t.Fatal(err)
	}
	var w, h int
	if _, err := fmt.Sscanf(layout[5:], "%dx%d", &w, &h); err != nil {
		t.Fatal(err)
	}
	nums := make([]int, 0, len(cells))
	for n := range cells {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	win := &tmux.Window{ID: "@1", Width: w, Height: h, Zoomed: zoomed, Layout: layout}
	for i, n := range nums {
		c := cells[n]
		id := tmux.PaneID(fmt.Sprintf("%%%d", n))
		win.Panes = append(win.Panes, tmux.Pane{ID: id, Index: i, WindowID: "@1", Active: id == active,
			Left: c.Left, Top: c.Top, Width: c.Width, Height: c.Height})
	}
	return win
}
