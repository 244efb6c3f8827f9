package tmuxctl_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// focusOf is each window's active and last pane, read from tmux after
// the commands first (a tmux command list, each ending in ";"), which run
// in the same tmux client as the read.
func focusOf(t *testing.T, srv *tmuxtest.Server, first ...string) (active, last map[string]string, win map[string]string) {
	t.Helper()
	active, last, win = map[string]string{}, map[string]string{}, map[string]string{}
	out := srv.Must(append(first, "list-panes", "-a", "-F", "#{window_id} #{pane_id} #{pane_active} #{pane_last}")...)
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		win[f[1]] = f[0]
		if f[2] == "1" {
			active[f[0]] = f[1]
		}
		if f[3] == "1" {
			last[f[0]] = f[1]
		}
	}
	return active, last, win
}

// TestSwapFocusRuleRandomHistories swaps random pairs of panes, in one
// window and across two, after random focus histories, and checks
// SwapPane's promise against tmux itself on whichever tmux runs the test:
// a window keeps its active pane unless that pane left, in which case the
// pane that arrived is active; a window keeps its last pane while that
// pane is still in it (and is not the active one). It runs the one
// script (with the version checks inside it) over tmux processes and
// over control mode: 60 random steps, the first 30 with -short.
func TestSwapFocusRuleRandomHistories(t *testing.T) {
	t.Parallel()
	forEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		g := srv.Grid()
		panes := append([]string{}, g[:]...)
		w1 := srv.Must("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id}")
		panes = append(panes, w1)
		for range 2 {
			panes = append(panes, srv.Must("split-window", "-d", "-t", w1, "-P", "-F", "#{pane_id}"))
		}
		rng := rand.New(rand.NewPCG(9, uint64(len(panes))))
		for step := range tmuxtest.Rounds(60, 30) { // -short samples the first half
			// The random focus history and the read before the swap are
			// one tmux client: the same commands in the same order, each
			// select-pane done before the next starts.
			var history []string
			for range rng.IntN(4) {
				history = append(history, "select-pane", "-t", panes[rng.IntN(len(panes))], ";")
			}
			a, b := panes[rng.IntN(len(panes))], panes[rng.IntN(len(panes))]
			if a == b {
				if len(history) > 0 {
					srv.Must(history[:len(history)-1]...)
				}
				continue
			}
			active, last, win := focusOf(t, srv, history...)
			if _, err := c.SwapPane(ctx(t), tmux.PaneID(a), tmux.PaneID(b)); err != nil {
				t.Fatalf("step %d: swap %s %s: %v", step, a, b, err)
			}
			gotActive, gotLast, gotWin := focusOf(t, srv)
			if gotWin[a] != win[b] || gotWin[b] != win[a] {
				t.Fatalf("step %d: %s and %s did not exchange windows", step, a, b)
			}
			for w, act := range active {
				want := act
				if gotWin[act] != w { // the active pane left: the arrival is active
					want = map[string]string{a: b, b: a}[act]
				}
				if gotActive[w] != want {
					t.Errorf("step %d: swap %s %s: window %s active %s, want %s (before: active %s, last %s)", step, a, b, w, gotActive[w], want, act, last[w])
				}
				if l, ok := last[w]; ok && gotWin[l] == w && l != gotActive[w] && gotLast[w] != l {
					t.Errorf("step %d: swap %s %s: window %s last %s, want %s", step, a, b, w, gotLast[w], l)
				}
			}
		}
	})
}
