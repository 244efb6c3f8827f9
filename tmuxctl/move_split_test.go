package tmuxctl_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestMoveSplitsByTheTargetsShape: a moved pane joins beside the pane it
// goes next to when that pane is more than twice as wide as tall, else
// below it, as tmux's join-pane does by default, on every path a move
// takes: a pane with nothing to keep (the one-if-shell join), and the
// script that keeps focus, mark and zoom (the focused pane, a marked one,
// the navigator's move that takes the focus along, a move beside a chosen
// pane), which decides it in one format.
func TestMoveSplitsByTheTargetsShape(t *testing.T) {
	t.Parallel()
	type move struct {
		name    string
		pane    func(w *world) string // g[1] is neither active nor marked
		mark    bool
		session bool // the navigator's Act, with the session and Follow
		beside  bool // beside the target window's first pane, not its active one
	}
	moves := []move{
		{name: "calm", pane: func(w *world) string { return w.g[1] }},
		{name: "marked", pane: func(w *world) string { return w.g[1] }, mark: true},
		{name: "focused", pane: func(w *world) string { return w.g[0] }},
		{name: "following", pane: func(w *world) string { return w.g[1] }, session: true},
		{name: "beside", pane: func(w *world) string { return w.g[1] }, session: true, beside: true},
	}
	// Window 2's one pane is 200x50, wide; window 1's are ~100x50, not.
	targets := []struct {
		win        int
		sideBySide bool
	}{{2, true}, {1, false}}
	for _, m := range moves {
		for _, to := range targets {
			t.Run(fmt.Sprintf("%s_into_window_%d", m.name, to.win), func(t *testing.T) {
				t.Parallel()
				srv, c := newClient(t, tmux.Env{})
				w := buildWorld(t, srv)
				if srv.Active(w.win[0]) != w.g[0] {
					t.Fatalf("the grid's active pane is %s, want %s", srv.Active(w.win[0]), w.g[0])
				}
				p := m.pane(w)
				if m.mark {
					srv.Must("select-pane", "-m", "-t", p)
				}
				win := w.win[to.win]
				next := srv.Active(win)
				var beside tmux.PaneID
				if m.beside && to.win == 1 {
					next = w.w1[1] // not the active pane
					beside = tmux.PaneID(next)
				}
				var err error
				if m.session {
					_, err = c.Act(t.Context(), tmux.SessionID(w.session), tmuxctl.Op{Kind: tmuxctl.OpMove,
						Pane: tmux.PaneID(p), Window: tmux.WindowID(win), Beside: beside, Follow: true})
				} else {
					_, err = c.MovePane(t.Context(), tmux.PaneID(p), tmux.WindowID(win))
				}
				if err != nil {
					t.Fatal(err)
				}
				pos := func(pane string) (left, top int) {
					var id string
					text := srv.Display(pane, "#{window_id} #{pane_left} #{pane_top}")
					if _, err := fmt.Sscan(text, &id, &left, &top); err != nil || id != win {
						t.Fatalf("%s: %q (%v), want it in %s", pane, text, err, win)
					}
					return left, top
				}
				pl, pt := pos(p)
				nl, nt := pos(next)
				if got := pt == nt && pl > nl; got != to.sideBySide || !got && (pl != nl || pt <= nt) {
					t.Errorf("%s joined at left %d top %d, next to %s at left %d top %d: want side by side %v",
						p, pl, pt, next, nl, nt, to.sideBySide)
				}
				if m.mark && srv.Display(p, "#{pane_marked}") != "1" {
					t.Errorf("%s lost its mark", p)
				}
			})
		}
	}
}

// TestMoveGonePaneFailsNamingIt: the move that keeps focus, mark and zoom
// (the navigator's, which takes the focus along) of a pane that does not
// exist fails naming it and changes nothing, over tmux processes and
// over control mode (where run-shell's missing -t pane leaves the
// control client's current pane as the format's context).
func TestMoveGonePaneFailsNamingIt(t *testing.T) {
	t.Parallel()
	forEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		w := buildWorld(t, srv)
		before := srv.Must("list-panes", "-a", "-F", "#{pane_id} #{window_id} #{pane_active} #{window_active}")
		_, err := c.Act(t.Context(), tmux.SessionID(w.session), tmuxctl.Op{Kind: tmuxctl.OpMove,
			Pane: "%999", Window: tmux.WindowID(w.win[1]), Follow: true})
		var e *tmux.Error
		if !errors.As(err, &e) || e.Kind != tmux.KindGone || e.Value != "%999" {
			t.Errorf("move of %%999: %v, want gone naming %%999", err)
		}
		if after := srv.Must("list-panes", "-a", "-F", "#{pane_id} #{window_id} #{pane_active} #{window_active}"); after != before {
			t.Errorf("the failed move changed the panes:\n%s\n%s", before, after)
		}
	})
}
