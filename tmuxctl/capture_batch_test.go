package tmuxctl_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// TestCaptureManyPanes: a window of more panes than one command list can
// carry (tmux refuses a command line over 16 kB) is captured whole.
func TestCaptureManyPanes(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	srv.Must("resize-window", "-t", "main:0", "-x", "240", "-y", "80")
	for i := 0; i < 39; i++ {
		srv.Must("split-window", "-d", "-t", "main:0", "exec sh")
		srv.Must("select-layout", "-t", "main:0", "tiled")
	}
	var ids []tmux.PaneID
	for _, p := range strings.Fields(srv.Must("list-panes", "-t", "main:0", "-F", "#{pane_id}")) {
		ids = append(ids, tmux.PaneID(p))
	}
	if len(ids) != 40 {
		t.Fatalf("%d panes", len(ids))
	}
	got, err := c.CapturePanes(t.Context(), ids)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(ids) {
		t.Fatalf("captured %d of %d panes", len(got), len(ids))
	}
	for i, s := range got {
		if s.Pane != ids[i] || s.Height == 0 {
			t.Fatalf("screen %d is %+v", i, s)
		}
	}
}
