package tmux_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
)

// floatingWindow is a 160x46 window of two tiled columns and six floating
// panes, placed (as new-pane -X -Y -x -y would, see buildFloatingWindow)
// to touch each other and the tiled panes' edges:
//
//	%0 tiled  0,0 80x46     %1 tiled  81,0 79x46
//	%2 F      10,20 20x5    %3 G      31,22 10x3   (G right of F)
//	%4 K      50,40 10x5    (its bottom is the window's second last row)
//	%5 H      81,10 20x5    (its left edge is %1's)
//	%6 L      -9,-2 18x4    (partly above and left of the window)
//	%7 R      140,5 19x3    (its right is the window's second last column)
func floatingWindow() *tmux.Window {
	w := &tmux.Window{ID: "@1", Width: 160, Height: 46}
	for i, g := range [][4]int{{0, 0, 80, 46}, {81, 0, 79, 46}, {10, 20, 20, 5}, {31, 22, 10, 3}, {50, 40, 10, 5}, {81, 10, 20, 5}, {-9, -2, 18, 4}, {140, 5, 19, 3}} {
		w.Panes = append(w.Panes, tmux.Pane{ID: tmux.PaneID("%" + strconv.Itoa(i)), Index: i, Left: g[0], Top: g[1], Width: g[2], Height: g[3], Floating: i >= 2, Z: max(0, 7-i)})
	}
	return w
}

// floatingMoves is what window_pane_find_up/down/left/right (window.c on
// master) give on floatingWindow, worked out from their code: every pane
// is a candidate by its geometry, floating or not; the edges wrap at 0
// and at w->sy, w->sx.
var floatingMoves = []struct {
	from  string
	d     tmux.Direction
	want  []tmux.PaneID
	wraps bool
}{
	// From tiled panes: a floating pane on the edge is a candidate.
	{"%0", tmux.DirRight, []tmux.PaneID{"%1", "%5"}, false},
	{"%1", tmux.DirLeft, []tmux.PaneID{"%0"}, false},
	{"%0", tmux.DirLeft, []tmux.PaneID{"%1"}, true},
	{"%0", tmux.DirDown, nil, true},
	{"%1", tmux.DirUp, nil, true},
	// From floating panes: what touches their edge, else nothing.
	{"%2", tmux.DirRight, []tmux.PaneID{"%3"}, false},
	{"%3", tmux.DirLeft, []tmux.PaneID{"%2"}, false},
	{"%2", tmux.DirLeft, nil, false}, // %6's right edge is there, but not its rows
	{"%2", tmux.DirUp, nil, false},
	{"%2", tmux.DirDown, nil, false},
	{"%5", tmux.DirLeft, []tmux.PaneID{"%0"}, false},
	{"%5", tmux.DirRight, nil, false},
	// One row short of the bottom: tmux wraps down all the same.
	{"%4", tmux.DirDown, []tmux.PaneID{"%0"}, true},
	{"%4", tmux.DirUp, nil, false},
	{"%7", tmux.DirRight, []tmux.PaneID{"%0"}, true},
	// Above and left of the window: no wrap, no candidates.
	{"%6", tmux.DirUp, nil, false},
	{"%6", tmux.DirLeft, nil, false},
	{"%6", tmux.DirRight, nil, false},
	{"%6", tmux.DirDown, nil, false},
}

func TestAdjacentFloating(t *testing.T) {
	t.Parallel()
	w := floatingWindow()
	for _, c := range floatingMoves {
		got, wraps := tmux.Adjacent(w, tmux.PaneID(c.from), c.d)
		if !slices.Equal(got, c.want) || wraps != c.wraps {
			t.Errorf("Adjacent(%s, %s) = %v, wraps %v; want %v, %v", c.from, c.d, got, wraps, c.want, c.wraps)
		}
	}
	// The floating panes' offsets do not move the window's edges.
	tiled := &tmux.Window{Width: 160, Height: 46, Panes: w.Panes[:2]}
	for _, d := range moves {
		for _, p := range tiled.Panes {
			want, wantWraps := tmux.Adjacent(tiled, p.ID, d)
			got, wraps := tmux.Adjacent(w, p.ID, d)
			got = slices.DeleteFunc(got, func(id tmux.PaneID) bool { q, _ := w.Pane(id); return q.Floating })
			if !slices.Equal(got, want) || wraps != wantWraps {
				t.Errorf("%s %s: %v, %v among floating panes; %v, %v without", p.ID, d, got, wraps, want, wantWraps)
			}
		}
	}
}

// buildFloatingWindow makes floatingWindow on srv and reads it back.
func buildFloatingWindow(t *testing.T, srv *tmuxtest.Server) *tmux.Window {
	split(srv, "main:0", "-h")
	want := floatingWindow()
	// From 3.8, -X and -Y place the border and -x and -y size the pane
	// with it; 3.7 places and sizes the pane itself.
	border := 0
	if srv.AtLeast(3, 8) {
		border = 1
	}
	for _, p := range want.Panes[2:] {
		srv.Must("new-pane", "-d", "-t", "main:0",
			"-X", strconv.Itoa(p.Left-border), "-Y", strconv.Itoa(p.Top-border),
			"-x", strconv.Itoa(p.Width+2*border), "-y", strconv.Itoa(p.Height+2*border), "exec sh")
	}
	got := &tmux.Window{Width: 160, Height: 46}
	out := srv.Must("list-panes", "-t", "main:0", "-F", "#{pane_id} #{pane_index} #{pane_left} #{pane_top} #{pane_width} #{pane_height} #{pane_floating_flag}")
	for _, line := range strings.Split(out, "\n") {
		var p tmux.Pane
		var id string
		var floating int
		if _, err := fmt.Sscan(line, &id, &p.Index, &p.Left, &p.Top, &p.Width, &p.Height, &floating); err != nil {
			t.Fatal(err)
		}
		p.ID, p.Floating = tmux.PaneID(id), floating == 1
		got.Panes = append(got.Panes, p)
	}
	for i, p := range got.Panes {
		q := want.Panes[i]
		if p.Left != q.Left || p.Top != q.Top || p.Width != q.Width || p.Height != q.Height || p.Floating != q.Floating {
			t.Fatalf("tmux made %+v, want %+v", p, q)
		}
	}
	return got
}

// TestAdjacentFloatingMatchesTmux holds Adjacent to select-pane on a real
// tmux with floating panes: for each pane p, direction and other pane x,
// x is made the most recently active pane but p, and the move from p
// lands on x exactly when Adjacent lists x (tmux takes the most recently
// active candidate), and stays on p when Adjacent lists none.
func TestAdjacentFloatingMatchesTmux(t *testing.T) {
	t.Parallel()
	if !tmuxtest.TmuxAtLeast(t, 3, 7) {
		t.Skip("floating panes are new in tmux 3.7")
	}
	srv := tmuxtest.Start(t, 160, 46)
	w := buildFloatingWindow(t, srv)
	for _, p := range w.Panes {
		for _, d := range moves {
			panes, _ := tmux.Adjacent(w, p.ID, d)
			for _, x := range w.Panes {
				if x.ID == p.ID {
					continue
				}
				got := tmux.PaneID(srv.Must("select-pane", "-t", string(x.ID), ";", "select-pane", "-t", string(p.ID), ";",
					"select-pane", "-t", string(p.ID), moveFlag[d], ";", "display-message", "-p", "-t", "main:0", "#{pane_id}"))
				switch {
				case len(panes) == 0 && got != p.ID:
					t.Errorf("%s %s: tmux went to %s; Adjacent lists no pane", p.ID, d, got)
				case len(panes) > 0 && (got == x.ID) != slices.Contains(panes, x.ID):
					t.Errorf("%s %s after %s: tmux went to %s; Adjacent lists %v", p.ID, d, x.ID, got, panes)
				}
			}
		}
	}
}
