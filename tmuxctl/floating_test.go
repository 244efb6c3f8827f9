package tmuxctl_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestFloatingOps: on tmux 3.8 (master) the floating ops float a tiled
// pane, tile it again at its place in the tree and float it back at the
// geometry it had, move and resize a floating pane by cells (in a zoomed
// window too, where master's resize-pane would crash unzoomed first),
// and a swap exchanges a tiled and a floating pane. Before 3.8 each is
// refused, naming the version, and nothing changes.
func TestFloatingOps(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 120, 40)
	tl := srv.Display("main:0", "#{pane_id}")
	tr := srv.Must("split-window", "-h", "-d", "-t", tl, "-P", "-F", "#{pane_id}", "exec sh")
	fl := tr // before 3.7, no pane floats: the refusals come first
	if srv.AtLeast(3, 7) {
		fl = srv.Must("new-pane", "-d", "-t", "main:0", "-X", "10", "-Y", "5", "-x", "40", "-y", "10", "-P", "-F", "#{pane_id}", "exec sh")
	}
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(), Control: tmux.ControlNever})
	t.Cleanup(func() { _ = c.Close() })
	s := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	geo := func(p string) string {
		return srv.Display(p, "#{pane_floating_flag} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}")
	}
	act := func(op tmuxctl.Op) error {
		_, err := c.Act(t.Context(), s, op)
		return err
	}
	if !srv.AtLeast(3, 8) {
		before := srv.Display("main:0", "#{window_layout}")
		for _, op := range []tmuxctl.Op{
			{Kind: tmuxctl.OpFloat, Pane: tmux.PaneID(tl)},
			{Kind: tmuxctl.OpTile, Pane: tmux.PaneID(fl)},
			{Kind: tmuxctl.OpFloatMove, Pane: tmux.PaneID(fl), Dir: tmux.DirRight, Cells: 2},
			{Kind: tmuxctl.OpFloatResize, Pane: tmux.PaneID(fl), Dir: tmux.DirDown, Cells: 2},
		} {
			err := act(op)
			if tmux.KindOf(err) != tmux.KindUnsupported || !strings.Contains(err.Error(), "tmux "+srv.Display("main:", "#{version}")+" cannot") {
				t.Errorf("op %d on tmux %s: %v, want a refusal naming the version", op.Kind, srv.Version(), err)
			}
		}
		if after := srv.Display("main:0", "#{window_layout}"); after != before {
			t.Errorf("refused ops changed the window: %s, was %s", after, before)
		}
		return
	}
	steps := []struct {
		name string
		op   tmuxctl.Op
		pane string
		want string
	}{
		{"move right", tmuxctl.Op{Kind: tmuxctl.OpFloatMove, Dir: tmux.DirRight, Cells: 3}, fl, "1 14,6 38x8"},
		{"move down", tmuxctl.Op{Kind: tmuxctl.OpFloatMove, Dir: tmux.DirDown, Cells: 2}, fl, "1 14,8 38x8"},
		{"move left", tmuxctl.Op{Kind: tmuxctl.OpFloatMove, Dir: tmux.DirLeft, Cells: 1}, fl, "1 13,8 38x8"},
		{"move up", tmuxctl.Op{Kind: tmuxctl.OpFloatMove, Dir: tmux.DirUp, Cells: 1}, fl, "1 13,7 38x8"},
		{"wider", tmuxctl.Op{Kind: tmuxctl.OpFloatResize, Dir: tmux.DirRight, Cells: 4}, fl, "1 13,7 42x8"},
		{"narrower", tmuxctl.Op{Kind: tmuxctl.OpFloatResize, Dir: tmux.DirLeft, Cells: 2}, fl, "1 13,7 40x8"},
		{"taller", tmuxctl.Op{Kind: tmuxctl.OpFloatResize, Dir: tmux.DirDown, Cells: 3}, fl, "1 13,7 40x11"},
		{"shorter", tmuxctl.Op{Kind: tmuxctl.OpFloatResize, Dir: tmux.DirUp, Cells: 1}, fl, "1 13,7 40x10"},
		{"tile", tmuxctl.Op{Kind: tmuxctl.OpTile}, fl, ""},
		{"float back", tmuxctl.Op{Kind: tmuxctl.OpFloat}, fl, "1 13,7 40x10"},
		{"swap with a tiled pane", tmuxctl.Op{Kind: tmuxctl.OpSwap, With: tmux.PaneID(fl)}, tl, "1 13,7 40x10"},
		{"swap back", tmuxctl.Op{Kind: tmuxctl.OpSwap, With: tmux.PaneID(tl)}, fl, "1 13,7 40x10"},
		{"float a tiled pane", tmuxctl.Op{Kind: tmuxctl.OpFloat}, tr, "1 4,2 60x10"},
	}
	for _, st := range steps {
		op := st.op
		op.Pane = tmux.PaneID(st.pane)
		if err := act(op); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		got := geo(st.pane)
		if st.want == "" {
			if !strings.HasPrefix(got, "0 ") || strings.Contains(srv.Display("main:0", "#{window_layout}"), "<") {
				t.Errorf("%s: %s is %s, layout %s; want it tiled", st.name, st.pane, got, srv.Display("main:0", "#{window_layout}"))
			}
			continue
		}
		if got != st.want {
			t.Errorf("%s: %s is %s, want %s", st.name, st.pane, got, st.want)
		}
	}
	if a := srv.Active(tl); a != tr {
		t.Errorf("active %s after floating %s, want it", a, tr)
	}
	// A zoomed window: the ops unzoom first (master's resize-pane crashes
	// on a zoomed window's pane).
	srv.Must("resize-pane", "-Z", "-t", tl)
	if err := act(tmuxctl.Op{Kind: tmuxctl.OpFloatResize, Pane: tmux.PaneID(fl), Dir: tmux.DirRight, Cells: 1}); err != nil {
		t.Fatalf("resize in a zoomed window: %v", err)
	}
	if got := geo(fl); got != "1 13,7 41x10" {
		t.Errorf("resize in a zoomed window: %s, want 1 13,7 41x10", got)
	}
	// A floating op on a pane that is not floating is tmux's refusal.
	if err := act(tmuxctl.Op{Kind: tmuxctl.OpFloatMove, Pane: tmux.PaneID(tl), Dir: tmux.DirLeft, Cells: 1}); err == nil {
		t.Error("moving a tiled pane as a floating one succeeded")
	}
}
