package tmuxctl

import (
	"testing"

	"github.com/panemap/panemap/tmux"
)

// TestActStepsNeverTargetEmpty: an op that names a window instead of a
// pane, made in steps (a transport that runs no scripts), targets that
// window: an empty -t would make tmux pick whatever pane it calls current.
func TestActStepsNeverTargetEmpty(t *testing.T) {
	w := &tmux.Window{ID: "@1", Width: 80, Height: 24, Panes: []tmux.Pane{
		{ID: "%1", WindowID: "@1", Active: true, Width: 40, Height: 24},
		{ID: "%2", WindowID: "@1", Left: 41, Width: 39, Height: 24, Last: true},
	}}
	st := &tmux.State{Session: "$0", Windows: []*tmux.Window{w}}
	for _, d := range append([]tmux.Direction{tmux.DirNone}, tmux.Directions...) {
		op := Op{Kind: OpSelect, Window: "@1", Dir: d}
		if err := op.check(); err != nil {
			t.Fatal(err)
		}
		cmds, err := op.plain("$0", st)
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		for _, c := range cmds {
			for i, a := range c {
				if a == "-t" && (i+1 == len(c) || c[i+1] == "") {
					t.Errorf("%s: %q has an empty target", d, c)
				}
			}
		}
	}
}
