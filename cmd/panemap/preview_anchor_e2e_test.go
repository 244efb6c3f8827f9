package main

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// drawsAtTop has pane behave as `watch` does: on the alternate screen it
// draws three lines at the top, the first holding word, and leaves its
// cursor on the last row, where nothing is written.
func drawsAtTop(t *testing.T, srv *tmuxtest.Server, pane, word string) {
	t.Helper()
	runScript(t, srv, pane, `printf '\033[?1049h\033[H\033[2J'
`+marker(word)+`printf 'second line\nthird line\n'
printf '\033[999;1H'
exec cat
`)
	tmuxtest.Eventually(t, wait, func() bool {
		return strings.Contains(srv.Must("capture-pane", "-p", "-t", pane), word) &&
			srv.Display(pane, "#{cursor_y}") == srv.Display(pane, "#{e|-:#{pane_height},1}")
	}, "pane %s did not draw %s at the top with its cursor on the last row", pane, word)
}

// TestE2EPreviewShowsTextAboveAParkedCursor: a pane that draws at the
// top of its screen and parks its cursor on the last row (watch, a status
// screen) shows its text, not the blank rows around its cursor, in its
// box on the map and in the server view.
func TestE2EPreviewShowsTextAboveAParkedCursor(t *testing.T) {
	t.Parallel()
	const word = "PMtopline"
	var pane string
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		pane = inner.Must("display-message", "-p", "-t", "main:0.1", "#{pane_id}")
		drawsAtTop(t, inner, pane, word)
	})
	s.waitInBox(t, pane, word)
	s.Keys("w")
	s.WaitScreen(wait, "the text drawn at the top, in the server view", func(scr string) bool {
		return strings.Contains(scr, "1 session") && strings.Contains(scr, word)
	})
	s.Keys("Escape")
	s.WaitScreen(wait, "the map again", func(scr string) bool { return strings.Contains(scr, "NAV") })
	s.quit(t)
}
