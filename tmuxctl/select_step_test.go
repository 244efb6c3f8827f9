package tmuxctl_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestSelectStepEveryPane steps next and previous from every pane of a
// five-pane window whose pane-base-index is 1, with the named pane active
// and not, over both transports: the answer is the neighbour in tmux's
// index order, wrapping, and the active pane only changes to it. A pane
// that does not exist is named in the error, and nothing moves.
func TestSelectStepEveryPane(t *testing.T) {
	t.Parallel()
	forEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		srv.Must("set-option", "-w", "-t", "main:0", "pane-base-index", "1")
		srv.Grid()
		srv.Must("split-window", "-t", "main:0", "-h")
		order := strings.Split(srv.Must("list-panes", "-t", "main:0", "-F", "#{pane_id}"), "\n")
		n := len(order)
		for i, p := range order {
			for _, activeFirst := range []bool{true, false} {
				other := order[(i+2)%n]
				if activeFirst {
					srv.Must("select-pane", "-t", p)
				} else {
					srv.Must("select-pane", "-t", other)
				}
				for _, d := range []tmux.Direction{tmux.DirNext, tmux.DirPrevious} {
					want := order[(i+1)%n]
					if d == tmux.DirPrevious {
						want = order[(i+n-1)%n]
					}
					got, err := c.SelectPane(ctx(t), tmux.PaneID(p), d)
					if err != nil || string(got.ID) != want || srv.Active(p) != want {
						t.Fatalf("%s from %s (index %d of %d): got %s, %v, tmux active %s; want %s", d, p, i+1, n, got.ID, err, srv.Active(p), want)
					}
				}
			}
		}
		before := srv.Active(order[0])
		_, err := c.SelectPane(ctx(t), "%999", tmux.DirNext)
		if tmux.KindOf(err) != tmux.KindGone || !strings.Contains(err.Error(), "%999") {
			t.Errorf("next from a pane that does not exist: %v, want a gone error naming %%999", err)
		}
		if a := srv.Active(order[0]); a != before {
			t.Errorf("a failed step moved the focus from %s to %s", before, a)
		}
	})
}
