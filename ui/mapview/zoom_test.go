package mapview

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// In a zoomed window the panes the zoom hides are drawn dimmed, in colour
// and without, and the zoomed pane is not.
func TestZoomDimsHiddenPanes(t *testing.T) {
	for _, color := range []bool{true, false} {
		st := DefaultStyles(color)
		win := &tmux.Window{ID: "@1", Width: 80, Height: 24, Panes: []tmux.Pane{
			{ID: "%0", Index: 0, Width: 40, Height: 24, Active: true, Command: "vim"},
			{ID: "%1", Index: 1, Left: 41, Width: 39, Height: 24, Command: "zsh"},
		}}
		in := Input{Win: win}
		var active, hidden int
		for i, p := range win.Panes {
			if p.Active {
				active = i
			} else {
				hidden = i
			}
		}
		normal := paneBox(st, in, win.Panes[hidden], 30, 8, 0)
		zoomed := *win
		zoomed.Zoomed = true
		in.Win = &zoomed
		dimmed := paneBox(st, in, zoomed.Panes[hidden], 30, 8, 0)
		if dimmed == normal {
			t.Errorf("colour %v: a pane hidden by the zoom looks like any other", color)
		}
		if !strings.Contains(dimmed, "\x1b[2") && !strings.Contains(dimmed, ";2;") && !strings.Contains(dimmed, ";2m") {
			t.Errorf("colour %v: hidden pane not drawn faint:\n%q", color, dimmed)
		}
		focused := paneBox(st, in, zoomed.Panes[active], 30, 8, 0)
		if strings.Contains(focused, "\x1b[2;") || strings.Contains(focused, "\x1b[2m") {
			t.Errorf("colour %v: the zoomed pane itself is dimmed", color)
		}
	}
}
