package tmuxctl_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestResizeBesideFloating: on tmux master (next-3.8), a tiled pane in a
// window with floating panes is resized where tmux's resize reaches only
// tiled cells, with a session (the navigator) and without (the MCP
// tools), and refused, changing nothing, where it would take room from
// or give it to a floating pane's cell (the tiled panes would then reach
// past the window) or, for the last tiled pane of a container whose
// other cells float, crash the server. Every tiled pane, every direction:
// after each, the tiled panes still tile the window and the floating
// panes kept their place and size.
func TestResizeBesideFloating(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 120, 40)
	if !srv.AtLeast(3, 8) {
		t.Skipf("tmux %s resizes floating panes as tiled: refused (TestResizePaneFloating in mcp)", srv.Version())
	}
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(), Control: tmux.ControlNever})
	t.Cleanup(func() { _ = c.Close() })
	s := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	// Window 0: a|b, a over d, a floating pane made from a (its cell
	// after a's, in the column): a's and d's left-right resizes reach
	// only b; a's down and d's up reach the floating cell.
	a := srv.Display("main:0", "#{pane_id}")
	srv.Must("split-window", "-h", "-d", "-t", a, "exec sh")
	srv.Must("split-window", "-v", "-d", "-t", a, "exec sh")
	srv.Must("new-pane", "-d", "-t", a, "-x", "30", "-y", "8", "exec sh")
	// Window 1: x|y with x floated in place: y is the last cell and only
	// floating cells come before it (tmux would crash).
	x := srv.Must("new-window", "-d", "-t", "main:1", "-P", "-F", "#{pane_id}", "exec sh")
	srv.Must("split-window", "-h", "-d", "-t", x, "exec sh")
	srv.Must("break-pane", "-W", "-d", "-s", x)

	resized, refused := 0, 0
	defer func() { t.Logf("%d resized, %d refused", resized, refused) }()
	for _, win := range []string{"main:0", "main:1"} {
		for _, p := range strings.Fields(srv.Display(win, "#{P:#{?pane_floating_flag,,#{pane_id} }}")) {
			for _, d := range []tmux.Direction{tmux.DirLeft, tmux.DirRight, tmux.DirUp, tmux.DirDown} {
				for _, alone := range []bool{false, true} {
					before := paneBoxes(t, srv, win)
					op := tmuxctl.Op{Kind: tmuxctl.OpResize, Pane: tmux.PaneID(p), Dir: d, Cells: 2}
					var err error
					if alone {
						_, err = c.Act(t.Context(), "", op)
					} else {
						_, err = c.Act(t.Context(), s, op)
					}
					after := paneBoxes(t, srv, win)
					what := fmt.Sprintf("resize %s %s (alone %v) in %s", p, d, alone, before.layout)
					if err != nil {
						refused++
						if tmux.KindOf(err) != tmux.KindRefused || !strings.Contains(err.Error(), "tile the floating panes or move them to another window first") {
							t.Errorf("%s: %v, want the refusal", what, err)
						}
						if after.layout != before.layout {
							t.Errorf("%s was refused but changed the window: %s", what, after.layout)
						}
						continue
					}
					if after.floating != before.floating {
						t.Errorf("%s moved a floating pane: %s, was %s", what, after.floating, before.floating)
					}
					if bad := after.untiled(); bad != "" {
						t.Errorf("%s broke the tiling: %s (%s)", what, bad, after.layout)
					}
					if after.tiled != before.tiled {
						resized++
					}
				}
			}
		}
	}
	if resized == 0 || refused == 0 {
		t.Errorf("%d resizes changed the window and %d were refused: want some of each", resized, refused)
	}
	if _, err := srv.Run("has-session"); err != nil {
		t.Fatalf("the server is gone: %v", err)
	}
}

type boxes struct {
	layout, tiled, floating string
	w, h                    int
	rects                   [][4]int // tiled panes: left, top, width, height
}

func paneBoxes(t *testing.T, srv *tmuxtest.Server, win string) boxes {
	t.Helper()
	var b boxes
	b.layout = srv.Display(win, "#{window_layout}")
	if _, err := fmt.Sscanf(srv.Display(win, "#{window_width} #{window_height}"), "%d %d", &b.w, &b.h); err != nil {
		t.Fatalf("window size: %v", err)
	}
	for _, l := range strings.Split(srv.Must("list-panes", "-t", win, "-F", "#{pane_floating_flag} #{pane_id} #{pane_left} #{pane_top} #{pane_width} #{pane_height}"), "\n") {
		var fl int
		var id string
		var r [4]int
		if _, err := fmt.Sscanf(l, "%d %s %d %d %d %d", &fl, &id, &r[0], &r[1], &r[2], &r[3]); err != nil {
			t.Fatalf("pane %q: %v", l, err)
		}
		if fl == 1 {
			b.floating += l + ";"
			continue
		}
		b.tiled += l + ";"
		b.rects = append(b.rects, r)
	}
	return b
}

// untiled says how the tiled panes fail to tile the window, or "": each
// pane with the border right of and below it covers a (w+1)x(h+1) grid
// exactly once.
func (b boxes) untiled() string {
	seen := make([]bool, (b.w+1)*(b.h+1))
	for _, r := range b.rects {
		if r[0] < 0 || r[1] < 0 || r[0]+r[2] > b.w || r[1]+r[3] > b.h {
			return fmt.Sprintf("a pane at %v reaches past the %dx%d window", r, b.w, b.h)
		}
		for y := r[1]; y <= r[1]+r[3]; y++ {
			for x := r[0]; x <= r[0]+r[2]; x++ {
				if seen[y*(b.w+1)+x] {
					return fmt.Sprintf("panes overlap at %d,%d", x, y)
				}
				seen[y*(b.w+1)+x] = true
			}
		}
	}
	for i, ok := range seen {
		if !ok {
			return fmt.Sprintf("a gap at %d,%d", i%(b.w+1), i/(b.w+1))
		}
	}
	return ""
}
