package tmuxctl

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// SwapPane while another client swaps the same panes, across two windows:
// every swap of two existing panes succeeds and answers with its source
// pane, wherever another client moved it in between (it used to answer
// "gone" when a pane had moved to a window the first read did not see),
// and the panes and cells are the same set afterwards. With -short each
// of the four workers makes 10 swaps instead of 40.
func TestSwapPaneUnderOutsideSwaps(t *testing.T) {
	t.Parallel()
	testSwapChurn(t, func(sock tmux.Socket) *transport.Auto {
		tr := transport.NewAuto(sock)
		tr.Env, tr.Policy = tmuxtest.Env(), tmux.ControlNever
		return tr
	})
}

// The same over the control-mode transport. tmux 3.3a's server crashes
// (SIGSEGV, "segfault at 20" in the kernel log) in this run in about one
// in four attempts when a control client is attached, so it only runs on
// request: PANEMAP_TMUX_CRASH_REPRO=1.
func TestSwapPaneUnderOutsideSwapsControl(t *testing.T) {
	t.Parallel()
	if os.Getenv("PANEMAP_TMUX_CRASH_REPRO") == "" {
		t.Skip("crashes tmux 3.3a's server; set PANEMAP_TMUX_CRASH_REPRO=1 to run")
	}
	testSwapChurn(t, func(sock tmux.Socket) *transport.Auto {
		tr := transport.NewAuto(sock)
		tr.Env = tmuxtest.Env()
		return tr
	})
}

func testSwapChurn(t *testing.T, transport func(tmux.Socket) *transport.Auto) {
	srv := tmuxtest.Start(t, 0, 0)
	g := srv.Grid()
	win := srv.Display(g[0], "#{window_id}")
	other := srv.Must("new-window", "-d", "-t", "main:1", "-P", "-F", "#{pane_id}")
	panes := append(strings.Fields(srv.Must("list-panes", "-t", win, "-F", "#{pane_id}")), other)
	cells := func() string {
		out := strings.Split(srv.Must("list-panes", "-s", "-t", "main", "-F", "#{window_id}:#{pane_left},#{pane_top},#{pane_width}x#{pane_height}"), "\n")
		return strings.Join(sortedCopy(out), " ")
	}
	before := cells()
	sock := tmux.Socket{Name: srv.Name, Source: "-L"}
	c := NewClient(transport(sock), tmux.Env{})
	defer c.Close()

	stopChurn := srv.SwapChurn(panes, 1)
	var workers sync.WaitGroup
	swaps := tmuxtest.Rounds(40, 10) // each worker's; -short samples
	for w := range 4 {
		workers.Go(func() {
			r := rand.New(rand.NewPCG(uint64(w), 2))
			for range swaps {
				a, b := tmux.PaneID(panes[r.IntN(len(panes))]), tmux.PaneID(panes[r.IntN(len(panes))])
				p, err := c.SwapPane(context.Background(), a, b)
				if err != nil {
					t.Errorf("swap %s %s: %v", a, b, err)
					return
				}
				if p.ID != a {
					t.Errorf("swap %s %s answered with %s", a, b, p.ID)
				}
			}
		})
	}
	workers.Wait()
	stopChurn()
	if after := cells(); after != before {
		t.Errorf("cells changed:\n%s\n%s", before, after)
	}
	ids := strings.Fields(srv.Must("list-panes", "-s", "-t", "main", "-F", "#{pane_id}"))
	if got, want := strings.Join(sortedCopy(ids), " "), strings.Join(sortedCopy(panes), " "); got != want {
		t.Errorf("panes %s, want %s", got, want)
	}
}

func sortedCopy(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}
