package ui

import (
	"testing"

	"github.com/panemap/panemap/geometry"
	"github.com/panemap/panemap/tmux"
)

// Where there is room, sizes stay proportional.
func TestMapScaleProportional(t *testing.T) {
	win := gridState().Windows[1] // main-vertical: 50 | 29 of 80
	rects, ok := geometry.Scale(win, 162, 50, func(tmux.Pane) int { return 3 }, 3)
	if !ok {
		t.Fatal("did not fit")
	}
	if got := rects["%4"].Width; got != 102 {
		t.Errorf("main pane %d wide of 162, want 102 (51/81)", got)
	}
}
