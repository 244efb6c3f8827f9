package main

import (
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestE2EModalEscWithFloatingPanes: in a window where other panes float
// too, Esc after a layout change gives every tiled size and every
// floating pane's place, size and stacking back as the modal pane
// closes, though select-layout refuses that window any layout while a
// pane floats (restoring.Refloat).
func TestE2EModalEscWithFloatingPanes(t *testing.T) {
	t.Parallel()
	n, g := modalGrid(t)
	n.Inner.Must("new-pane", "-d", "-t", g[0], "-X", "70", "-Y", "3", "-x", "30", "-y", "8", "exec sh")
	n.Inner.Must("new-pane", "-d", "-t", g[2], "-X", "5", "-Y", "25", "-x", "40", "-y", "10", "exec sh")
	loadPlugin(t, n.Inner, tmuxtest.Panemap(t))
	fingerprint := func() string {
		return n.Inner.Must("list-panes", "-t", g[0], "-F",
			"#{pane_index} #{pane_id} #{pane_active} #{pane_floating_flag} #{pane_z} #{pane_left},#{pane_top},#{pane_width}x#{pane_height}")
	}
	before := fingerprint()
	openModal(t, n, g)
	size := n.Inner.Display(g[1], "#{pane_width}x#{pane_height}")
	n.Keys("Space")
	tmuxtest.Eventually(t, wait, func() bool { return n.Inner.Display(g[1], "#{pane_width}x#{pane_height}") != size }, "space did not change the layout")
	n.Keys("Escape")
	tmuxtest.Eventually(t, wait, func() bool { return modalPane(n.Inner, g[1]) == "" }, "Esc did not close the modal pane")
	tmuxtest.Eventually(t, wait, func() bool { return fingerprint() == before }, "Esc did not put the window back:\nbefore:\n%s\nafter:\n%s", before, fingerprint())
}
