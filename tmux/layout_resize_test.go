package tmux

import "testing"

// TestResizeReachesFloating reads layouts tmux master (next-3.8) printed
// and says which resizes reach a floating pane's cell, as tried there
// (TestResizeBesideFloating in tmuxctl runs them all).
func TestResizeReachesFloating(t *testing.T) {
	t.Parallel()
	// %0 over %2 beside %1; %3 floats, its cell after %0's in the column.
	column := "8e01,120x40,0,0{60x40,0,0[60x20,0,0,0,28x6,4,2,3,60x19,0,21,2],59x40,61,0,1}<28x6,4,2,3>"
	// %2 | %1 with %0 floating, its cell last in the row (TMUX-NOTES).
	row := "52c3,160x46,0,0{80x46,0,0,2,79x46,81,0,1,80x11,4,2,0}<80x11,4,2,0>"
	// %4 floated in place before %5: tmux would follow a null pointer.
	first := "9485,120x40,0,0{60x10,4,2,4,120x40,0,0,5}<60x10,4,2,4>"
	for _, c := range []struct {
		layout string
		pane   PaneID
		dir    Direction
		cells  int
		want   bool
	}{
		{column, "%0", DirRight, 5, false}, // tmux: 85x23, %1 74 wide, %3 kept
		{column, "%0", DirLeft, 2, false},
		{column, "%2", DirRight, 2, false},
		{column, "%1", DirLeft, 5, false},
		{column, "%0", DirDown, 3, true}, // tmux: %3 38x8 -> 38x5, %2 past the window
		{column, "%0", DirUp, 2, true},   // %3's cell is next: it grows
		{column, "%2", DirUp, 2, true},   // the last cell: back to %3's... over it to %0
		{column, "%1", DirUp, 2, false},  // no column around %1: nothing moves
		{row, "%2", DirRight, 3, false},
		{row, "%2", DirRight, 100, true}, // %1 gives all it has, then %0's cell
		{row, "%1", DirRight, 3, true},
		{row, "%1", DirLeft, 3, true},
		{first, "%5", DirLeft, 1, true},
		{first, "%5", DirRight, 1, true},
		{first, "%5", DirUp, 1, false},
		{"b25e,80x24,0,0{40x24,0,0,1,39x24,41,0,2}", "%1", DirRight, 1, false},
	} {
		got, err := ResizeReachesFloating(c.layout, c.pane, c.dir, c.cells)
		if err != nil || got != c.want {
			t.Errorf("%s %s by %d in %s: %v, %v; want %v", c.pane, c.dir, c.cells, c.layout, got, err, c.want)
		}
	}
	if _, err := ResizeReachesFloating(column, "%9", DirLeft, 1); KindOf(err) != KindGone {
		t.Errorf("a pane with no cell: %v, want KindGone", err)
	}
}
