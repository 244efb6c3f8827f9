package tmuxctl_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestFloatingRestore: on tmux 3.8 (master) a restore gives every
// floating pane back its state, place, size and stacking order, the
// window's layout string byte for byte, "<…>" included: after each of
// the floating ops alone (undo), and after all of them (Esc). Where a
// tiled pane was floated while others float, every pane's place and
// size comes back and "<…>" byte for byte, but tmux's tree may keep the
// other floating panes' zero-size cells elsewhere (see
// tmux.StandInLayout).
func TestFloatingRestore(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 120, 40)
	if !srv.AtLeast(3, 8) {
		t.Skipf("tmux %s cannot float, tile, move or resize panes", srv.Version())
	}
	tl := srv.Display("main:0", "#{pane_id}")
	tr := srv.Must("split-window", "-h", "-d", "-t", tl, "-P", "-F", "#{pane_id}", "exec sh")
	br := srv.Must("split-window", "-v", "-d", "-l", "15", "-t", tr, "-P", "-F", "#{pane_id}", "exec sh")
	f1 := srv.Must("new-pane", "-d", "-t", tl, "-X", "10", "-Y", "5", "-x", "40", "-y", "10", "-P", "-F", "#{pane_id}", "exec sh")
	f2 := srv.Must("new-pane", "-d", "-t", tr, "-X", "-6", "-Y", "20", "-x", "30", "-y", "12", "-P", "-F", "#{pane_id}", "exec sh")
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(), Control: tmux.ControlNever})
	t.Cleanup(func() { _ = c.Close() })
	s := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	shape := func() string {
		return srv.Display("main:0", "#{window_layout}") + "\n" + srv.Must("list-panes", "-t", "main:0", "-F",
			"#{pane_id} #{pane_index} #{pane_floating_flag} #{pane_z} #{pane_left},#{pane_top} #{pane_width}x#{pane_height} #{pane_active}")
	}
	// seen is shape without the tree where the floating cells sit.
	seen := func() string {
		l := srv.Display("main:0", "#{window_layout}")
		return l[strings.Index(l, "<"):] + "\n" + srv.Must("list-panes", "-t", "main:0", "-F",
			"#{pane_id} #{pane_index} #{pane_floating_flag} #{pane_z} #{pane_left},#{pane_top} #{pane_width}x#{pane_height} #{pane_active}")
	}
	op := func(kind tmuxctl.OpKind, p string, with string, d tmux.Direction) tmuxctl.Op {
		return tmuxctl.Op{Kind: kind, Pane: tmux.PaneID(p), With: tmux.PaneID(with), Dir: d, Cells: 3}
	}
	ops := []struct {
		name  string
		op    tmuxctl.Op
		exact bool // the layout string comes back byte for byte
	}{
		{"move", op(tmuxctl.OpFloatMove, f1, "", tmux.DirRight), true},
		{"move off the window", op(tmuxctl.OpFloatMove, f2, "", tmux.DirLeft), true},
		{"resize", op(tmuxctl.OpFloatResize, f2, "", tmux.DirDown), true},
		{"tile", op(tmuxctl.OpTile, f1, "", ""), true},
		{"float", op(tmuxctl.OpFloat, tr, "", ""), false},
		{"swap tiled and floating", op(tmuxctl.OpSwap, tl, f2, ""), true},
		{"swap floating panes", op(tmuxctl.OpSwap, f1, f2, ""), true},
		{"float in a column", op(tmuxctl.OpFloat, br, "", ""), false},
	}
	act := func(name string, o tmuxctl.Op) {
		t.Helper()
		if _, err := c.Act(t.Context(), s, o); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	restore := func(name string, want *tmux.State, wantShape string, got func() string) {
		t.Helper()
		cur, err := c.ReadState(t.Context(), s)
		if err != nil {
			t.Fatal(err)
		}
		act(name+": restore", tmuxctl.Op{Kind: tmuxctl.OpRestore, From: cur, Want: want})
		if got := got(); got != wantShape {
			t.Errorf("%s then restore:\n got %s\nwant %s", name, got, wantShape)
		}
	}
	for _, o := range ops {
		want, err := c.ReadState(t.Context(), s)
		if err != nil {
			t.Fatal(err)
		}
		before, beforeSeen := shape(), seen()
		act(o.name, o.op)
		if shape() == before {
			t.Fatalf("%s changed nothing", o.name)
		}
		if o.exact {
			restore(o.name, want, before, shape)
			continue
		}
		restore(o.name, want, beforeSeen, seen)
	}
	want, err := c.ReadState(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	before := seen()
	for _, o := range ops {
		act(o.name, o.op)
	}
	restore("all of them", want, before, seen)
}

// TestFloatingRestoreToTiled: a window that had no floating panes gets its
// layout string back byte for byte after panes were floated, moved and
// resized (select-layout tiles them again, tmux 3.8).
func TestFloatingRestoreToTiled(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 120, 40)
	if !srv.AtLeast(3, 8) {
		t.Skipf("tmux %s cannot float panes", srv.Version())
	}
	g := srv.Grid()
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(), Control: tmux.ControlNever})
	t.Cleanup(func() { _ = c.Close() })
	s := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	shape := func() string {
		return srv.Display(g[0], "#{window_layout}") + " " + srv.Must("list-panes", "-t", g[0], "-F", "#{pane_id}:#{pane_index}:#{pane_active}")
	}
	want, err := c.ReadState(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	before := shape()
	for _, o := range []tmuxctl.Op{
		{Kind: tmuxctl.OpFloat, Pane: tmux.PaneID(g[3])},
		{Kind: tmuxctl.OpFloatMove, Pane: tmux.PaneID(g[3]), Dir: tmux.DirLeft, Cells: 2},
		{Kind: tmuxctl.OpFloat, Pane: tmux.PaneID(g[1])},
		{Kind: tmuxctl.OpFloatResize, Pane: tmux.PaneID(g[1]), Dir: tmux.DirDown, Cells: 2},
	} {
		if _, err := c.Act(t.Context(), s, o); err != nil {
			t.Fatalf("op %d: %v", o.Kind, err)
		}
	}
	cur, err := c.ReadState(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Act(t.Context(), s, tmuxctl.Op{Kind: tmuxctl.OpRestore, From: cur, Want: want}); err != nil {
		t.Fatalf("restore: %v", err)
	}
	if got := shape(); got != before {
		t.Errorf("restore:\n got %s\nwant %s", got, before)
	}
}

// TestFloatingRestoreTiledSwap: on 3.7 as on 3.8, undoing a swap of two
// tiled panes in a window with a floating pane gives the layout string
// back byte for byte, "<…>" included, without sending select-layout a
// layout it refuses.
func TestFloatingRestoreTiledSwap(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 120, 40)
	if !srv.AtLeast(3, 7) {
		t.Skipf("tmux %s has no floating panes", srv.Version())
	}
	tl := srv.Display("main:0", "#{pane_id}")
	tr := srv.Must("split-window", "-h", "-d", "-t", tl, "-P", "-F", "#{pane_id}", "exec sh")
	srv.Must("new-pane", "-d", "-t", tl, "-X", "10", "-Y", "5", "-x", "40", "-y", "10", "exec sh")
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(), Control: tmux.ControlNever})
	t.Cleanup(func() { _ = c.Close() })
	s := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	want, err := c.ReadState(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	before := srv.Display(tl, "#{window_layout}")
	r, err := c.Act(t.Context(), s, tmuxctl.Op{Kind: tmuxctl.OpSwap, Pane: tmux.PaneID(tl), With: tmux.PaneID(tr)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Act(t.Context(), s, tmuxctl.Op{Kind: tmuxctl.OpRestore, From: r.After, Want: want}); err != nil {
		t.Fatalf("restore: %v", err)
	}
	if got := srv.Display(tl, "#{window_layout}"); got != before {
		t.Errorf("restore: %s, want %s", got, before)
	}
}
