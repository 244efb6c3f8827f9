package tmux_test

import (
	"testing"

	"github.com/panemap/panemap/tmux"
)

// JoinBeside: the active pane unless it floats; then the last pane when
// it is tiled, else the first tiled pane; none in a window of floating
// panes only.
func TestJoinBeside(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		panes []tmux.Pane
		want  tmux.PaneID
	}{
		{"tiled active", []tmux.Pane{{ID: "%0"}, {ID: "%1", Active: true}}, "%1"},
		{"floating active, tiled last", []tmux.Pane{{ID: "%0"}, {ID: "%1", Last: true}, {ID: "%2", Active: true, Floating: true}}, "%1"},
		{"floating active and last", []tmux.Pane{{ID: "%0"}, {ID: "%3", Last: true, Floating: true}, {ID: "%2", Active: true, Floating: true}}, "%0"},
		{"floating only", []tmux.Pane{{ID: "%2", Active: true, Floating: true}}, ""},
	} {
		w := &tmux.Window{ID: "@1", Panes: c.panes}
		got, ok := w.JoinBeside()
		if got.ID != c.want || ok != (c.want != "") {
			t.Errorf("%s: JoinBeside = %s, %v; want %s", c.name, got.ID, ok, c.want)
		}
	}
}
