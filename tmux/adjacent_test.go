package tmux_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

var (
	moveFlag = map[tmux.Direction]string{tmux.DirUp: "-U", tmux.DirDown: "-D", tmux.DirLeft: "-L", tmux.DirRight: "-R"}
	edgeVar  = map[tmux.Direction]string{tmux.DirUp: "pane_at_top", tmux.DirDown: "pane_at_bottom", tmux.DirLeft: "pane_at_left", tmux.DirRight: "pane_at_right"}
	moves    = []tmux.Direction{tmux.DirUp, tmux.DirDown, tmux.DirLeft, tmux.DirRight}
)

// adjacentLayouts builds each layout in its own window of main and
// returns the windows by name.
func adjacentLayouts(t *testing.T, srv *tmuxtest.Server) map[string]string {
	t.Helper()
	windows := map[string]string{}
	newWin := func(name string) (win, first string) {
		out := srv.Must("new-window", "-d", "-t", "main:", "-n", name, "-P", "-F", "#{window_id} #{pane_id}")
		_, err := fmt.Sscan(out, &win, &first)
		if err != nil {
			t.Fatal(err)
		}
		windows[name] = win
		return win, first
	}
	for _, l := range []struct {
		name, layout string
		panes        int
	}{{"even", "even-horizontal", 4}, {"mainv", "main-vertical", 5}, {"tiled", "tiled", 9}} {
		win, _ := newWin(l.name)
		for i := 1; i < l.panes; i++ {
			srv.Must("split-window", "-d", "-t", win, ";", "select-layout", "-t", win, "tiled")
		}
		srv.Must("select-layout", "-t", win, l.layout)
	}
	// Nested: split -h, then -v the right one, then -h the bottom right.
	// The same with pane status lines, which move tmux's edges.
	for _, name := range []string{"nested", "zoomed", "status-top", "status-bottom"} {
		win, left := newWin(name)
		right := srv.Must("split-window", "-h", "-t", left, "-P", "-F", "#{pane_id}")
		bottom := srv.Must("split-window", "-v", "-t", right, "-P", "-F", "#{pane_id}")
		srv.Must("split-window", "-h", "-t", bottom)
		if pos, ok := strings.CutPrefix(name, "status-"); ok {
			srv.Must("set-option", "-w", "-t", win, "pane-border-status", pos)
		}
	}
	srv.Must("resize-pane", "-Z", "-t", windows["zoomed"])
	// Pane scrollbars (3.6+) put their width between a pane and the
	// border, which tmux's select-pane counts as the pane's: on, on the
	// left, and modal (shown in copy mode, here in the first pane).
	if srv.AtLeast(3, 6) {
		for _, sb := range []struct{ name, mode, pos string }{{"scrollbars-right", "on", "right"}, {"scrollbars-left", "on", "left"}, {"scrollbars-modal", "modal", "right"}} {
			win, left := newWin(sb.name)
			srv.Must("set-option", "-w", "-t", win, "pane-scrollbars", sb.mode, ";", "set-option", "-w", "-t", win, "pane-scrollbars-position", sb.pos)
			right := srv.Must("split-window", "-h", "-t", left, "-P", "-F", "#{pane_id}")
			bottom := srv.Must("split-window", "-v", "-t", right, "-P", "-F", "#{pane_id}")
			srv.Must("split-window", "-h", "-t", bottom)
			if sb.mode == "modal" {
				srv.Must("copy-mode", "-t", left)
			}
		}
	}
	return windows
}

// TestAdjacentMatchesTmux checks, from every pane in every direction and
// after random focus histories, that tmux's own select-pane lands on one
// of Adjacent's panes (or stays where it was when there are none) and
// that wraps is tmux's pane_at_* flag. In the
// zoomed window the moves keep the zoom (-Z) and the wrap flags are
// compared with the same window unzoomed, since tmux's pane_at_* there
// describes the zoomed pane filling the window.
func TestAdjacentMatchesTmux(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	windows := adjacentLayouts(t, srv)
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 1))
	// The nested and zoomed windows are built alike, so their panes pair
	// up by index: index and direction -> wraps, unzoomed.
	unzoomedWraps := map[string]bool{}
	// Each step's move (select-pane in a direction) and the read of where
	// it landed go to tmux at the start of the next step's command list:
	// the same commands in the same order, one tmux client fewer a step.
	// run sends the pending move, if any, then cmds; checks where the
	// move landed; and returns cmds' output.
	var pendingMove []string
	var landedCheck func(landed string)
	run := func(cmds ...string) string {
		if pendingMove == nil {
			return srv.Must(cmds...)
		}
		list := append([]string{}, pendingMove...)
		if len(cmds) > 0 {
			list = append(append(list, ";"), cmds...)
		}
		landed, rest, _ := strings.Cut(srv.Must(list...), "\n")
		check := landedCheck
		pendingMove, landedCheck = nil, nil
		check(landed)
		return rest
	}
	for _, name := range []string{"even", "mainv", "tiled", "nested", "zoomed", "status-top", "status-bottom", "scrollbars-right", "scrollbars-left", "scrollbars-modal"} {
		win, ok := windows[name]
		if !ok {
			continue // no scrollbars before 3.6
		}
		// tmux's pane_at_* leave a pane's scrollbar out (the rightmost
		// pane is not at the right edge with its scrollbar on the
		// right), where select-pane counts it: there the moves say.
		scrollbars := strings.HasPrefix(name, "scrollbars-")
		zoomed := name == "zoomed"
		zflag := []string{}
		if zoomed {
			zflag = []string{"-Z"}
		}
		w := readOne(t, c, win)
		if w.Zoomed != zoomed {
			t.Fatalf("%s: zoomed %v", name, w.Zoomed)
		}
		for _, p := range w.Panes {
			for _, d := range moves {
				for range tmuxtest.Rounds(3, 1) {
					// A random focus history, so tmux's most-recently-used
					// choice among the candidates varies.
					var cmds []string
					for range 2 + r.IntN(4) {
						q := w.Panes[r.IntN(len(w.Panes))].ID
						cmds = append(cmds, "select-pane", "-t", string(q))
						cmds = append(cmds, zflag...)
						cmds = append(cmds, ";")
					}
					cmds = append(cmds, "display-message", "-p", "-t", string(p.ID), "#{"+edgeVar[d]+"}",
						";", "display-message", "-p", "-t", win, "#{pane_id}")
					var edge, before string
					if _, err := fmt.Sscan(run(cmds...), &edge, &before); err != nil {
						t.Fatal(err)
					}
					atEdge := edge == "1"
					now := readOne(t, c, win)
					panes, wraps := tmux.Adjacent(now, p.ID, d)
					key := fmt.Sprintf("%d %s", p.Index, d)
					switch {
					case !zoomed && !scrollbars && wraps != atEdge:
						t.Errorf("%s: %s %s: wraps %v, tmux %s says %v", name, p.ID, d, wraps, edgeVar[d], atEdge)
					case zoomed && wraps != unzoomedWraps[key]:
						t.Errorf("%s: %s %s: wraps %v zoomed, %v unzoomed", name, p.ID, d, wraps, unzoomedWraps[key])
					}
					if name == "nested" {
						unzoomedWraps[key] = wraps
					}
					move := append([]string{"select-pane", "-t", string(p.ID), moveFlag[d]}, zflag...)
					pendingMove = append(move, ";", "display-message", "-p", "-t", win, "#{pane_id}")
					if !alongEdge(now, panes, d) {
						t.Errorf("%s: %s %s: %v not ordered along the edge\n%s", name, p.ID, d, panes, geometry(now))
					}
					if len(panes) == 0 { // no candidate: tmux does nothing
						panes = []tmux.PaneID{tmux.PaneID(before)}
					}
					landedCheck = func(landed string) {
						if !slices.Contains(panes, tmux.PaneID(landed)) {
							t.Fatalf("%s: %s %s landed on %s, Adjacent says %v (wraps %v)\n%s", name, p.ID, d, landed, panes, wraps, geometry(now))
						}
					}
				}
			}
		}
		// The window's last move goes with this read.
		if run("display-message", "-p", "-t", win, "#{window_zoomed_flag}") != "1" && zoomed {
			t.Errorf("the zoomed window lost its zoom")
		}
	}
}

// readOne reads window win through List, scope window.
func readOne(t *testing.T, c *tmuxctl.Client, win string) *tmux.Window {
	t.Helper()
	l, err := c.List(t.Context(), tmuxctl.ListRequest{Scope: tmuxctl.ScopeWindow, Window: tmux.WindowID(win)})
	if err != nil || len(l.Windows) != 1 {
		t.Fatalf("list %s: %v %+v", win, err, l)
	}
	return l.Windows[0]
}

func geometry(w *tmux.Window) string {
	s := ""
	for _, p := range w.Panes {
		s += fmt.Sprintf("%s %d,%d %dx%d\n", p.ID, p.Left, p.Top, p.Width, p.Height)
	}
	return s
}

// alongEdge reports whether panes run left to right (up, down) or top to
// bottom (left, right).
func alongEdge(w *tmux.Window, panes []tmux.PaneID, d tmux.Direction) bool {
	last := -1
	for _, id := range panes {
		p, _ := w.Pane(id)
		at := p.Top
		if d == tmux.DirUp || d == tmux.DirDown {
			at = p.Left
		}
		if at < last {
			return false
		}
		last = at
	}
	return true
}
