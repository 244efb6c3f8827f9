package tmuxctl_test

import (
	"testing"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/restoring"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// actCase is one navigator change: the op, and what must hold after it.
type actCase struct {
	name  string
	op    func(g [4]string, st *tmux.State) tmuxctl.Op
	check func(t *testing.T, srv *tmuxtest.Server, g [4]string, before, after *tmux.State)
}

func activeIn(st *tmux.State, w tmux.WindowID) tmux.PaneID {
	win, _ := st.Window(w)
	a, _ := win.ActivePane()
	return a.ID
}

func actCases(win tmux.WindowID) []actCase {
	wantActive := func(i int) func(*testing.T, *tmuxtest.Server, [4]string, *tmux.State, *tmux.State) {
		return func(t *testing.T, srv *tmuxtest.Server, g [4]string, _, after *tmux.State) {
			if a := activeIn(after, win); string(a) != g[i] || srv.Active(g[0]) != g[i] {
				t.Errorf("active %s (tmux says %s), want %s", a, srv.Active(g[0]), g[i])
			}
		}
	}
	return []actCase{
		{"right from the active pane", func(g [4]string, _ *tmux.State) tmuxctl.Op {
			return tmuxctl.Op{Kind: tmuxctl.OpSelect, Window: win, Dir: tmux.DirRight}
		}, wantActive(1)},
		{"right at the edge without wrap", func(g [4]string, _ *tmux.State) tmuxctl.Op {
			return tmuxctl.Op{Kind: tmuxctl.OpSelect, Window: win, Dir: tmux.DirRight, Stop: true}
		}, wantActive(1)},
		{"right at the edge with wrap", func(g [4]string, _ *tmux.State) tmuxctl.Op {
			return tmuxctl.Op{Kind: tmuxctl.OpSelect, Window: win, Dir: tmux.DirRight}
		}, wantActive(0)},
		{"last", func(g [4]string, _ *tmux.State) tmuxctl.Op {
			return tmuxctl.Op{Kind: tmuxctl.OpSelect, Window: win, Dir: tmux.DirLast}
		}, wantActive(1)},
		{"next from the active pane", func(g [4]string, _ *tmux.State) tmuxctl.Op {
			return tmuxctl.Op{Kind: tmuxctl.OpSelect, Window: win, Dir: tmux.DirNext}
		}, wantActive(3)}, // index order: tl bl tr br; tr is active
		{"a pane by id", func(g [4]string, _ *tmux.State) tmuxctl.Op {
			return tmuxctl.Op{Kind: tmuxctl.OpSelect, Pane: tmux.PaneID(g[2])}
		}, wantActive(2)},
		{"swap keeps focus on the content", func(g [4]string, _ *tmux.State) tmuxctl.Op {
			return tmuxctl.Op{Kind: tmuxctl.OpSwap, Pane: tmux.PaneID(g[2]), With: tmux.PaneID(g[1])}
		}, func(t *testing.T, srv *tmuxtest.Server, g [4]string, before, after *tmux.State) {
			wantActive(2)(t, srv, g, before, after)
			b, _ := before.Window(win)
			a, _ := after.Window(win)
			pb2, _ := b.Pane(tmux.PaneID(g[2]))
			pa1, _ := a.Pane(tmux.PaneID(g[1]))
			if pb2.Left != pa1.Left || pb2.Top != pa1.Top {
				t.Errorf("%s did not take %s's place", g[1], g[2])
			}
		}},
		{"zoom", func(g [4]string, _ *tmux.State) tmuxctl.Op {
			return tmuxctl.Op{Kind: tmuxctl.OpZoom, Pane: tmux.PaneID(g[2])}
		}, func(t *testing.T, _ *tmuxtest.Server, _ [4]string, _, after *tmux.State) {
			if w, _ := after.Window(win); !w.Zoomed {
				t.Error("not zoomed")
			}
		}},
		{"unzoom", func(g [4]string, _ *tmux.State) tmuxctl.Op {
			return tmuxctl.Op{Kind: tmuxctl.OpZoom, Pane: tmux.PaneID(g[2])}
		}, func(t *testing.T, _ *tmuxtest.Server, _ [4]string, _, after *tmux.State) {
			if w, _ := after.Window(win); w.Zoomed {
				t.Error("still zoomed")
			}
		}},
		{"mark", func(g [4]string, _ *tmux.State) tmuxctl.Op {
			return tmuxctl.Op{Kind: tmuxctl.OpMark, Pane: tmux.PaneID(g[3])}
		}, func(t *testing.T, _ *tmuxtest.Server, g [4]string, _, after *tmux.State) {
			if string(after.Marked) != g[3] {
				t.Errorf("marked %q, want %s", after.Marked, g[3])
			}
		}},
		{"refocus", func(g [4]string, _ *tmux.State) tmuxctl.Op {
			return tmuxctl.Op{Kind: tmuxctl.OpRefocus, Pane: tmux.PaneID(g[0]), With: tmux.PaneID(g[2])}
		}, func(t *testing.T, srv *tmuxtest.Server, g [4]string, before, after *tmux.State) {
			wantActive(2)(t, srv, g, before, after)
			if w, _ := after.Window(win); func() string { l, _ := w.LastPane(); return string(l.ID) }() != g[0] {
				t.Errorf("last pane is not %s", g[0])
			}
		}},
		{"restore the swap", func(g [4]string, st *tmux.State) tmuxctl.Op {
			return tmuxctl.Op{Kind: tmuxctl.OpRestore, From: st, Want: nil}
		}, nil},
	}
}

// TestActOneProcess runs each navigator change through Act over tmux
// processes and counts them: exactly one per change, with the state
// before and after it read in the same process. The same changes then
// run over control mode, with the same outcome.
func TestActOneProcess(t *testing.T) {
	t.Parallel()
	for _, kind := range clienttest.Kinds {
		t.Run(kind, func(t *testing.T) {
			srv := tmuxtest.Start(t, 0, 0)
			sock := tmux.Socket{Name: srv.Name, Source: "-L"}
			counter := tmuxtest.CountingTmux(t)
			var tr *transport.Auto
			if kind == "exec" {
				tr = transport.NewAuto(sock)
				tr.Env, tr.Binary, tr.Policy = tmuxtest.Env(), counter.Path, tmux.ControlNever
			} else {
				tr = newAuto(t, sock)
			}
			c := tmuxctl.NewClient(tr, tmux.Env{})
			defer c.Close()
			g := srv.Grid()
			sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
			win := tmux.WindowID(srv.Display(g[0], "#{window_id}"))
			initial, err := c.ReadState(ctx(t), sid)
			if err != nil {
				t.Fatal(err)
			}
			for _, tc := range actCases(win) {
				st, err := c.ReadState(ctx(t), sid)
				if err != nil {
					t.Fatal(err)
				}
				op := tc.op(g, st)
				if op.Kind == tmuxctl.OpRestore {
					op.Want = initial
				}
				calls := len(counter.Calls())
				r, err := c.Act(ctx(t), sid, op)
				before, after := r.Before, r.After
				if err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
				if n := len(counter.Calls()) - calls; kind == "exec" && n != 1 {
					t.Errorf("%s: %d tmux processes, want 1: %q", tc.name, n, counter.Calls()[calls:])
				}
				if before == nil || after == nil {
					t.Fatalf("%s: before %v, after %v", tc.name, before, after)
				}
				if tmuxctl.Fingerprint(before) != tmuxctl.Fingerprint(st) {
					t.Errorf("%s: the state before the change is not the one just read:\n%s\nwant\n%s", tc.name, tmuxctl.Fingerprint(before), tmuxctl.Fingerprint(st))
				}
				now, err := c.ReadState(ctx(t), sid)
				if err != nil {
					t.Fatal(err)
				}
				if tmuxctl.Fingerprint(after) != tmuxctl.Fingerprint(now) {
					t.Errorf("%s: the state after is not tmux's:\n%s\nwant\n%s", tc.name, tmuxctl.Fingerprint(after), tmuxctl.Fingerprint(now))
				}
				if tc.check != nil {
					tc.check(t, srv, g, before, after)
				}
			}
			now, _ := c.ReadState(ctx(t), sid)
			if restoring.Positions(now) != restoring.Positions(initial) {
				t.Errorf("restore did not put the panes back: %s, want %s", restoring.Positions(now), restoring.Positions(initial))
			}
		})
	}
}

// TestActRestoreAfterOutsideChange: when the panes moved after the
// caller's read, the restore's swaps are not run on stale positions; it
// reads again and still restores exactly.
func TestActRestoreAfterOutsideChange(t *testing.T) {
	t.Parallel()
	forEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		g := srv.Grid()
		sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
		initial, err := c.ReadState(ctx(t), sid)
		if err != nil {
			t.Fatal(err)
		}
		srv.Must("swap-pane", "-d", "-s", g[0], "-t", g[3])
		seen, err := c.ReadState(ctx(t), sid)
		if err != nil {
			t.Fatal(err)
		}
		srv.Must("swap-pane", "-d", "-s", g[1], "-t", g[2]) // behind the caller's back
		if _, err := c.Act(ctx(t), sid, tmuxctl.Op{Kind: tmuxctl.OpRestore, From: seen, Want: initial}); err != nil {
			t.Fatal(err)
		}
		now, _ := c.ReadState(ctx(t), sid)
		if restoring.Positions(now) != restoring.Positions(initial) {
			t.Errorf("positions %s, want %s", restoring.Positions(now), restoring.Positions(initial))
		}
	})
}
