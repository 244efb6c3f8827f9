package tmux_test

import (
	"testing"

	"github.com/panemap/panemap/tmux"
)

// TestNeighbourPredictsByWhatTmuxShows: of the panes on a side, the
// prediction takes the active pane, then the last pane, then the lowest
// index (tmux's tie-break for panes never active); a move off the edge
// is no answer with wrap off. TestDirectionAgreesWithTmux (tmuxctl)
// checks it against tmux itself.
func TestNeighbourPredictsByWhatTmuxShows(t *testing.T) {
	// %0 on the left; %1, %2 and %3 stacked on the right, %3 at the top
	// but last in the list.
	w := &tmux.Window{Width: 81, Height: 24, Panes: []tmux.Pane{
		{ID: "%0", Index: 0, Width: 40, Height: 24},
		{ID: "%1", Index: 1, Left: 41, Top: 8, Width: 40, Height: 7},
		{ID: "%2", Index: 2, Left: 41, Top: 16, Width: 40, Height: 8},
		{ID: "%3", Index: 3, Left: 41, Top: 0, Width: 40, Height: 7},
	}}
	check := func(want tmux.PaneID, wrap bool, d tmux.Direction) {
		t.Helper()
		if got, ok := tmux.Neighbour(w, "%0", d, wrap); got != want || ok != (want != "") {
			t.Errorf("%s from %%0 (wrap %v): %q %v, want %q", d, wrap, got, ok, want)
		}
	}
	check("%1", true, tmux.DirRight) // none visited: the lowest index, not the top one
	w.Panes[2].Last = true
	check("%2", true, tmux.DirRight)
	w.Panes[3].Active = true
	check("%3", true, tmux.DirRight)
	check("%3", true, tmux.DirLeft) // wraps round to the same side
	check("", false, tmux.DirLeft)
	check("", true, tmux.DirUp) // one row: tmux does nothing
}
