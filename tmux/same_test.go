package tmux

import "testing"

// TestSameLayoutAndState: a pane's command or path is no change of
// layout but is one of state; a focus move is both; nil equals nil only.
func TestSameLayoutAndState(t *testing.T) {
	state := func() *State {
		w := &Window{ID: "@1", Width: 80, Height: 24, Active: true, Panes: []Pane{
			{ID: "%0", Active: true, Width: 40, Height: 24, Command: "sh", Path: "/"},
			{ID: "%1", Left: 41, Width: 39, Height: 24, Command: "vim", Path: "/src"},
		}}
		return &State{Session: "$0", SessionName: "main", Windows: []*Window{w}, Current: "@1"}
	}
	a, b := state(), state()
	if !SameLayout(a, b) || !SameState(a, b) {
		t.Fatal("two reads of the same state differ")
	}
	b.Windows[0].Panes[1].Command = "make"
	if !SameLayout(a, b) || SameState(a, b) {
		t.Error("a new command: want the same layout and a new state")
	}
	b = state()
	b.Windows[0].Panes[0].Active, b.Windows[0].Panes[1].Active = false, true
	if SameLayout(a, b) || SameState(a, b) {
		t.Error("a focus move: want a new layout and state")
	}
	if !SameLayout(nil, nil) || SameLayout(a, nil) || SameState(nil, a) {
		t.Error("nil states")
	}
}
