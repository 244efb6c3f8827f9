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
		got, err := c.ActForAgent(t.Context(), tmuxctl.Op{Kind: tmuxctl.OpSelect, Pane: tmux.PaneID(g[0]), Dir: tmux.DirRight})
		if err != nil || string(got.Pane.ID) != g[1] {
			t.Fatalf("select right from %s = %v, %v; want %s", g[0], got.Pane.ID, err, g[1])
		}
		if _, err := c.ActForAgent(t.Context(), tmuxctl.Op{Kind: tmuxctl.OpSwap, Pane: tmux.PaneID(g[0]), With: tmux.PaneID(g[3])}); err != nil {
			t.Fatalf("swap: %v", err)
		}
		w, err := c.WindowOf(t.Context(), tmux.PaneID(g[0]))
		if err != nil || len(w.Panes) != 4 {
			t.Fatalf("WindowOf = %v, %v", w, err)
		}
		_, err = c.ActForAgent(t.Context(), tmuxctl.Op{Kind: tmuxctl.OpSelect, Pane: "%999"})
		if tmux.KindOf(err) != tmux.KindGone {
			t.Fatalf("select %%999: %v (kind %q), want gone", err, tmux.KindOf(err))
		}
	})
}
