package tmuxctl_test

import (
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmuxctl"
)

// TestTransportsAgree runs a few operations over both transports.
func TestTransportsAgree(t *testing.T) {
	forEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		g := srv.Grid()
		got, err := c.SelectPane(ctx(t), tmuxctl.PaneID(g[0]), tmuxctl.DirRight)
		if err != nil || string(got.ID) != g[1] {
			t.Fatalf("SelectPane right from %s = %v, %v; want %s", g[0], got.ID, err, g[1])
		}
		if _, err := c.SwapPane(ctx(t), tmuxctl.PaneID(g[0]), tmuxctl.PaneID(g[3])); err != nil {
			t.Fatalf("SwapPane: %v", err)
		}
		w, err := c.WindowOf(ctx(t), tmuxctl.PaneID(g[0]))
		if err != nil || len(w.Panes) != 4 {
			t.Fatalf("WindowOf = %v, %v", w, err)
		}
		_, err = c.SelectPane(ctx(t), "%999", tmuxctl.DirNone)
		if tmuxctl.KindOf(err) != tmuxctl.KindGone {
			t.Fatalf("SelectPane %%999: %v (kind %q), want gone", err, tmuxctl.KindOf(err))
		}
	})
}
