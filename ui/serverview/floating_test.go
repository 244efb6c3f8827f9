package serverview

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/tmux"
)

// TestFloatingPaneInTheServerView: a floating pane (tmux 3.7+) is drawn
// over its window's tiled panes with its hint, and Tab and the hint reach
// it.
func TestFloatingPaneInTheServerView(t *testing.T) {
	ws := server()
	ws[0].Panes = append(ws[0].Panes, tmux.Pane{ID: "%9", WindowID: "@1", Index: 2, Left: 20, Top: 6, Width: 40, Height: 10,
		Floating: true, Command: "sh"})
	m := open(t, ws, 100, 30)
	scr := ansi.Strip(m.View())
	fl := Target{"$1", "@1", "%9"}
	l := m.Label(fl)
	if l == "" || !strings.Contains(scr, "%9") || !strings.Contains(scr, " "+l+" ") || !strings.ContainsAny(scr, "╌╎") {
		t.Errorf("the floating pane %%9 (label %q) is not drawn dashed with its label:\n%s", l, scr)
	}
	if got, _ := press(m, "tab", "tab"); got.Selected() != fl {
		t.Errorf("tab tab: selected %+v, want %+v", got.Selected(), fl)
	}
	if got, a := press(m, l); a != Jump || got.Selected() != fl {
		t.Errorf("label %q: action %d, selected %+v", l, a, got.Selected())
	}
}
