package tmux

import (
	"strings"
	"testing"
)

// TestCheckFloatingLayout: a layout string tmux master printed for a
// window with floating panes passes, with its floating panes topmost
// first; each way of getting one wrong is refused, naming the string and
// what is wrong.
func TestCheckFloatingLayout(t *testing.T) {
	t.Parallel()
	// master's dump: two floating panes made by new-pane from %0, %4 on top.
	good := "53d7,120x40,0,0{60x40,0,0,0,28x3,8,4,4,60x10,4,2,3,59x40,61,0[59x20,61,0,1,59x19,61,21,2]}<28x3,8,4,4,60x10,4,2,3>"
	fl, err := CheckFloatingLayout(good)
	if err != nil {
		t.Fatal(err)
	}
	if fl.LayoutShape != (LayoutShape{120, 40, 5}) || len(fl.Floating) != 2 ||
		fl.Floating[0] != (FloatingCell{"%4", Rect{8, 4, 28, 3}}) || fl.Floating[1] != (FloatingCell{"%3", Rect{4, 2, 60, 10}}) {
		t.Errorf("CheckFloatingLayout(%s) = %+v", good, fl)
	}
	// A floating pane may hang off the window.
	if _, err := CheckFloatingLayout(summed("80x24,0,0{40x24,0,0,0,30x5,-3,-2,2,39x24,41,0,1}<30x5,-3,-2,2>")); err != nil {
		t.Errorf("a pane off the window's edge: %v", err)
	}
	for _, c := range []struct{ layout, says string }{
		{"53d8" + good[4:], "has checksum 53d8 but its text sums to 53d7"},
		{summed("120x40,0,0{60x40,0,0,0,59x40,61,0,1}"), "has no floating-pane section"},
		{summed("120x40,0,0{60x40,0,0,0,59x40,61,0,1,9x9,1,1,2}<9x9,1,1,2>x"), "trailing text"},
		{summed("120x40,0,0{60x40,0,0,0,59x40,61,0,1,9x9,1,1,2}<9x9,1,1,2,9x9,1,1,2>"), "names floating pane 2 twice"},
		{summed("120x40,0,0{60x40,0,0,0,59x40,61,0,1,9x9,1,1,2}<9x9,1,1,7>"), "names floating pane 7 at byte"},
		{summed("120x40,0,0{60x40,0,0,0,59x40,61,0,1,9x9,1,1,2}<9x9,1,1{4x9,1,1,2,4x9,6,1,1}>"), "has container 9x9,1,1"},
		{summed("120x40,0,0{60x40,0,0,0,59x40,61,0,1,9x9,1,1,2}<0x9,1,1,2>"), "of size 0x9"},
		{summed("120x40,0,0{60x40,0,0,0,59x40,61,0,1,9x9,1,1,2}<9x9,1,1,2"), "expects '>'"},
		{summed("120x40,0,0{60x40,0,0,0,59x40,61,0,0,9x9,1,1,2}<9x9,1,1,2>"), "names pane 0 twice"},
		{summed("120x40,0,0{60x40,0,0,0,58x40,61,0,1,9x9,1,1,2}<9x9,1,1,2>"), "tiled part that is not a whole layout"},
		{summed("120x40,0,0{60x40,0,0,2,59x40,61,0,1}<60x40,0,0,2>"), "has its outer cell 59x40,61,0 at 61,0"},
		{summed("120x40,0,0{60x40,0,0,0,30x5,70,0,2}<30x5,70,0,2>"), "has a tiled part of 60x40 in a 120x40 window"},
		{summed("9x9,0,0,2<9x9,0,0,2>"), "has no tiled pane"},
	} {
		_, err := CheckFloatingLayout(c.layout)
		if err == nil || KindOf(err) != KindInvalidInput || !strings.Contains(err.Error(), c.says) || !strings.Contains(err.Error(), Quote(c.layout)) {
			t.Errorf("CheckFloatingLayout(%s) = %v, want an error naming it that says %q", c.layout, err, c.says)
		}
	}
}
