package transport_test

import (
	"testing"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestTransportsAgree runs a few operations over both transports.
func TestTransportsAgree(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		g := srv.Grid()
		got, err := c.SelectPane(t.Context(), tmux.PaneID(g[0]), tmux.DirRight)
		if err != nil || string(got.ID) != g[1] {
			t.Fatalf("SelectPane right from %s = %v, %v; want %s", g[0], got.ID, err, g[1])
		}
		if _, err := c.SwapPane(t.Context(), tmux.PaneID(g[0]), tmux.PaneID(g[3])); err != nil {
			t.Fatalf("SwapPane: %v", err)
		}
		w, err := c.WindowOf(t.Context(), tmux.PaneID(g[0]))
		if err != nil || len(w.Panes) != 4 {
			t.Fatalf("WindowOf = %v, %v", w, err)
		}
		_, err = c.SelectPane(t.Context(), "%999", tmux.DirNone)
		if tmux.KindOf(err) != tmux.KindGone {
			t.Fatalf("SelectPane %%999: %v (kind %q), want gone", err, tmux.KindOf(err))
		}
	})
}
