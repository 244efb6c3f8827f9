package serverview

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/tmux"
)

// zoomedServer is server() with window @1's two panes stacked, @1 zoomed
// on its active pane %0 (hiding %1), and @2's pane %2 marked.
func zoomedServer() []*tmux.Window {
	ws := server()
	w := ws[0]
	w.Zoomed = true
	w.Panes[0].Left, w.Panes[0].Width, w.Panes[0].Height = 0, 80, 12
	w.Panes[1].Left, w.Panes[1].Top, w.Panes[1].Width, w.Panes[1].Height = 0, 13, 80, 11
	ws[1].Panes[0].Marked = true
	return ws
}

// faint reports whether line draws something faint (SGR 2), as a box
// hidden by a zoom is drawn (mapview's Hidden style, without colour).
func faint(line string) bool {
	return strings.Contains(line, "\x1b[2m") || strings.Contains(line, "\x1b[2;")
}

// lineWith is the first of lines that shows text.
func lineWith(t *testing.T, lines []string, text string) string {
	t.Helper()
	for _, l := range lines {
		if strings.Contains(ansi.Strip(l), text) {
			return l
		}
	}
	t.Fatalf("no line shows %q:\n%s", text, ansi.Strip(strings.Join(lines, "\n")))
	return ""
}

// TestZoomedWindowInTheServerView (issue 40): a zoomed window's tile, the
// selection elsewhere, is drawn by the map's rules: only the pane the
// zoom hides is dimmed, the zoomed pane says "zoomed", and the title
// carries tmux's zoom mark, Z; the marked pane says "marked".
func TestZoomedWindowInTheServerView(t *testing.T) {
	ws := zoomedServer()
	m := New(ws, Target{"$2", "@3", "%3"}, DefaultStyles(false))
	m.SetSize(100, 30)
	tile := m.tile(ws[0], 50, 12)
	if title := ansi.Strip(tile[0]); !strings.Contains(title, "0:edit*Z") {
		t.Errorf("the zoomed window's title %q has no zoom mark (want 0:edit*Z)", title)
	}
	zoomed, hidden := lineWith(t, tile, "%0"), lineWith(t, tile, "%1")
	if faint(zoomed) {
		t.Errorf("the zoomed pane %%0, the one tmux shows, is dimmed: %q", zoomed)
	}
	if !faint(hidden) {
		t.Errorf("the pane the zoom hides, %%1, is not dimmed: %q", hidden)
	}
	if !strings.Contains(ansi.Strip(zoomed), "zoomed") {
		t.Errorf("the zoomed pane's box does not say zoomed: %q", ansi.Strip(zoomed))
	}
	if marked := lineWith(t, m.tile(ws[1], 50, 12), "%2"); !strings.Contains(ansi.Strip(marked), "marked") {
		t.Errorf("the marked pane's box does not say marked: %q", ansi.Strip(marked))
	}
	if scr := ansi.Strip(m.View()); !strings.Contains(scr, "0:edit*Z") || !strings.Contains(scr, "marked") {
		t.Errorf("the view lacks the zoom mark or the marked label:\n%s", scr)
	}
}
