package tmuxctl

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// TestOpScriptNeverTargetsEmpty: a select that names a window instead of
// a pane targets that window in every command of its script, if-shell's
// lists included: an empty -t would make tmux pick whatever pane it calls
// current.
func TestOpScriptNeverTargetsEmpty(t *testing.T) {
	t.Parallel()
	for _, d := range append([]tmux.Direction{tmux.DirNone}, tmux.Directions...) {
		for _, stop := range []bool{false, true} {
			op := Op{Kind: OpSelect, Window: "@1", Dir: d, Stop: stop}
			if err := op.Check(); err != nil {
				t.Fatal(err)
			}
			for _, c := range op.script(navigator, "$0") {
				for i, a := range c {
					if a == "-t" && (i+1 == len(c) || c[i+1] != "@1") {
						t.Errorf("%s stop=%v: %q targets something else than @1", d, stop, c)
					}
					if c[0] == "if-shell" && strings.Contains(a, "-t ''") {
						t.Errorf("%s stop=%v: %q has an empty target inside", d, stop, c)
					}
				}
			}
		}
	}
}
