package tmuxctl

import (
	"regexp"
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/floating"
	"github.com/panemap/panemap/tmuxctl/restoring"
)

// TestNoResizeAfterAGap: a resize-pane other than a zoom toggle never
// runs from run-shell -C, which expands its format and then leaves
// tmux's event loop a turn: another client could zoom the window in it,
// and master crashes on a resize in a zoomed window (zoomedResize).
func TestNoResizeAfterAGap(t *testing.T) {
	t.Parallel()
	p := tmux.PaneID("%3")
	for name, script := range map[string][][]string{
		"resize":           resizeScript(p, tmux.DirUp, 2, ""),
		"floating resize":  floating.Resize(p, 2, -1),
		"floating move":    floating.Move(p, 1, 1),
		"float":            floating.Float(p),
		"tile":             floating.Tile(p),
		"floating restore": restoring.Commands(floatingAt(4, 2, 60, 10), floatingAt(10, 5, 30, 8), true, nil),
	} {
		for _, words := range script {
			line := strings.Join(words, " ")
			// What each run-shell runs, up to the quote that ends it.
			for _, m := range runShell.FindAllStringSubmatch(line, -1) {
				if m[1] != "resize-pane -Z -t #{window_id}" {
					t.Errorf("%s: run-shell runs %q", name, m[1])
				}
			}
		}
	}
}

var runShell = regexp.MustCompile(`run-shell -C -t %3 [\\']*([^\\']*)`)

// floatingAt is a session whose one window has tiled pane %0 and pane %3
// floating at x,y, w by h, its window zoomed.
func floatingAt(x, y, w, h int) *tmux.State {
	win := &tmux.Window{ID: "@1", Width: 120, Height: 40, Zoomed: true, Active: true, Panes: []tmux.Pane{
		{ID: "%0", WindowID: "@1", Index: 0, Active: true, Width: 120, Height: 40},
		{ID: "%3", WindowID: "@1", Index: 1, Floating: true, Left: x, Top: y, Width: w, Height: h},
	}}
	return &tmux.State{Session: "$0", Windows: []*tmux.Window{win}, Current: "@1"}
}
