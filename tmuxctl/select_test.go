package tmuxctl_test

import (
	"testing"

	"github.com/panemap/panemap/tmux"
)

// TestSelectDirectionsMatchTmux compares every directional move from every
// pane of a 2x2 grid with what tmux itself does on a twin server.
func TestSelectDirectionsMatchTmux(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	twin, _ := newClient(t, tmux.Env{})
	g := srv.Grid()
	tg := twin.Grid()
	flags := map[tmux.Direction]string{tmux.DirUp: "-U", tmux.DirDown: "-D", tmux.DirLeft: "-L", tmux.DirRight: "-R"}
	for i := range g {
		for d, flag := range flags {
			srv.Must("select-pane", "-t", g[i])
			got, err := c.SelectPane(ctx(t), tmux.PaneID(g[i]), d)
			if err != nil {
				t.Fatalf("SelectPane(%s, %s): %v", g[i], d, err)
			}
			// The twin (another server: nothing panemap does reaches it)
			// focuses the cell, moves, and says where it landed, in one
			// tmux client.
			wantIdx := indexOf(tg[:], twin.Active(tg[0], "select-pane", "-t", tg[i], ";", "select-pane", "-t", tg[i], flag, ";"))
			if gotIdx := indexOf(g[:], string(got.ID)); gotIdx != wantIdx {
				t.Errorf("from grid cell %d %s: panemap landed on cell %d, tmux on %d", i, d, gotIdx, wantIdx)
			}
			if active := srv.Active(g[0]); active != string(got.ID) || !got.Active {
				t.Errorf("from %s %s: answered %s (active=%v) but tmux's active pane is %s", g[i], d, got.ID, got.Active, active)
			}
		}
	}
}

func indexOf(xs []string, x string) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

func TestSelectNextPreviousWrap(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	// tmux's order is pane index order: tl(0) bl(1) tr(2) br(3) after the splits.
	order := []string{}
	for _, id := range []string{"0", "1", "2", "3"} {
		order = append(order, srv.Display("main:0."+id, "#{pane_id}"))
	}
	last := order[len(order)-1]
	// next is relative to the named pane, not the active one.
	srv.Must("select-pane", "-t", g[0])
	got, err := c.SelectPane(ctx(t), tmux.PaneID(last), tmux.DirNext)
	if err != nil || string(got.ID) != order[0] {
		t.Fatalf("next from %s = %v, %v; want %s (wrap)", last, got.ID, err, order[0])
	}
	got, err = c.SelectPane(ctx(t), tmux.PaneID(order[0]), tmux.DirPrevious)
	if err != nil || string(got.ID) != last {
		t.Fatalf("previous from %s = %v, %v; want %s (wrap)", order[0], got.ID, err, last)
	}
	got, err = c.SelectPane(ctx(t), tmux.PaneID(order[1]), tmux.DirNext)
	if err != nil || string(got.ID) != order[2] {
		t.Fatalf("next from %s = %v, %v; want %s", order[1], got.ID, err, order[2])
	}
}

func TestSelectKeepsZoom(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	srv.Must("resize-pane", "-Z", "-t", g[0])
	for _, d := range []tmux.Direction{tmux.DirRight, tmux.DirNext, tmux.DirNone, tmux.DirLast} {
		got, err := c.SelectPane(ctx(t), tmux.PaneID(srv.Active(g[0])), d)
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		if z := srv.Display(g[0], "#{window_zoomed_flag}"); z != "1" {
			t.Fatalf("after %s the window is no longer zoomed", d)
		}
		if srv.Display(string(got.ID), "#{pane_active}") != "1" {
			t.Fatalf("after %s the answered pane %s is not active", d, got.ID)
		}
	}
	w, err := c.WindowOf(ctx(t), tmux.PaneID(g[0]))
	if err != nil {
		t.Fatal(err)
	}
	if !w.Zoomed {
		t.Fatal("model does not show the zoom")
	}
	// Geometry comes from the unzoomed layout: four distinct cells.
	seen := map[[2]int]bool{}
	for _, p := range w.Panes {
		seen[[2]int{p.Left, p.Top}] = true
		if p.Width >= w.Width {
			t.Errorf("pane %s reported as %d wide in a zoomed %d-wide window", p.ID, p.Width, w.Width)
		}
	}
	if len(seen) != 4 {
		t.Errorf("zoomed window map has %d distinct cells, want 4", len(seen))
	}
}

func TestSelectGoneAndInvalid(t *testing.T) {
	t.Parallel()
	_, c := newClient(t, tmux.Env{})
	_, err := c.SelectPane(ctx(t), "%999", tmux.DirUp)
	if tmux.KindOf(err) != tmux.KindGone {
		t.Fatalf("missing pane: got %v (%s), want gone", err, tmux.KindOf(err))
	}
	for _, bad := range []string{"1", "acc:0.0", "{marked}", "%1; kill-server", "%1\n", "%01", "", "%", "%99999999999"} {
		_, err := c.SelectPane(ctx(t), tmux.PaneID(bad), tmux.DirNone)
		if tmux.KindOf(err) != tmux.KindInvalidInput {
			t.Errorf("SelectPane(%q): got %v, want invalid input", bad, err)
		}
	}
}
