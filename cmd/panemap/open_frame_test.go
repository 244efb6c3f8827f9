package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/ui"
	"github.com/panemap/panemap/ui/termout"
)

// firstPaintFile writes to a file the bytes the navigator's first paint
// writes for srv's session on a width x height terminal (a popup's
// inside), and returns its path and size: what a popup costs tmux to
// show when it prints nothing but the map.
func firstPaintFile(tb testing.TB, srv *tmuxtest.Server, width, height int) (string, int) {
	tb.Helper()
	c := execClient(srv)
	defer c.Close()
	st, err := c.ReadState(tb.Context(), "$0")
	if err != nil {
		tb.Fatal(err)
	}
	// The key press's snapshot has no paths and no titles.
	for _, w := range st.Windows {
		for i := range w.Panes {
			w.Panes[i].Path, w.Panes[i].Title = "", ""
		}
	}
	opts := ui.DefaultOptions(st.Session)
	opts.Initial, opts.Window = st, st.Current
	m, _ := ui.New(nil, opts).Update(tea.WindowSizeMsg{Width: width, Height: height})
	var frame bytes.Buffer
	_, shared := termout.Share(&frame)
	termout.NewFirstPaint(shared, colorprofile.ANSI256).Paint(m.View(), height)
	path := filepath.Join(tb.TempDir(), "map")
	if err := os.WriteFile(path, frame.Bytes(), 0o600); err != nil {
		tb.Fatal(err)
	}
	return path, frame.Len()
}
