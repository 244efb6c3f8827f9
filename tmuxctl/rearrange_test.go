package tmuxctl_test

import (
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// world builds the same windows on any server: window 0 a 2x2 grid
// (g[0..3]), window 1 two panes side by side (w1[0..1]), window 2 one
// pane (w2). Pane and window ids come out the same on twin servers.
type world struct {
	g       [4]string
	w1      [2]string
	w2      string
	win     [3]string
	session string
}

func buildWorld(t *testing.T, srv *tmuxtest.Server) *world {
	t.Helper()
	w := &world{g: srv.Grid()}
	// The other windows and their ids and the session's, in one tmux
	// client: the same commands in the same order (main:1 names window
	// 1's only pane, w1[0], for the split; main:1 and main:2 name the
	// windows of w1[0] and w2).
	out := strings.Split(srv.Must("new-window", "-d", "-t", "main:1", "-P", "-F", "#{pane_id}",
		";", "split-window", "-d", "-h", "-t", "main:1", "-P", "-F", "#{pane_id}",
		";", "new-window", "-d", "-t", "main:2", "-P", "-F", "#{pane_id}",
		";", "display-message", "-p", "-t", w.g[0], "#{window_id}",
		";", "display-message", "-p", "-t", "main:1", "#{window_id}",
		";", "display-message", "-p", "-t", "main:2", "#{window_id}",
		";", "display-message", "-p", "-t", "main:", "#{session_id}"), "\n")
	if len(out) != 7 {
		t.Fatalf("tmux answered %q building the world", out)
	}
	w.w1[0], w.w1[1], w.w2 = out[0], out[1], out[2]
	copy(w.win[:], out[3:6])
	w.session = out[6]
	// automatic-rename names a window after its active pane's command,
	// which is the user's shell until sh takes over: wait for that. (Not
	// in the list above: a new window is named sh from its command before
	// tmux first renames it after the shell.)
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		names := srv.Must("list-windows", "-t", "main", "-F", "#{?automatic-rename,#{window_name},sh}")
		return strings.Trim(strings.ReplaceAll(names, "sh", ""), "\n") == ""
	}, "the windows to be named sh")
	return w
}

// shape is everything a rearrangement can change, as tmux reports it,
// read by one tmux client (the same text as a read of each).
func shape(srv *tmuxtest.Server) string {
	return srv.Must("list-windows", "-t", "main", "-F", "#{window_index} #{window_id} #{window_layout} zoom=#{window_zoomed_flag} current=#{window_active}",
		";", "list-panes", "-s", "-t", "main", "-F", "#{pane_id} in #{window_id}.#{pane_index} active=#{pane_active} marked=#{pane_marked}")
}

// TestRearrangeMatchesTmux makes each operation through panemap on one
// server and through tmux's own commands on a twin: the layouts (and
// every pane's window, index and focus) must come out the same.
func TestRearrangeMatchesTmux(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		ours func(c *tmuxctl.Client, w *world) error
		tmux func(w *world) [][]string
	}{}
	for _, d := range []tmux.Direction{tmux.DirUp, tmux.DirDown, tmux.DirLeft, tmux.DirRight} {
		flag := map[tmux.Direction]string{tmux.DirUp: "-U", tmux.DirDown: "-D", tmux.DirLeft: "-L", tmux.DirRight: "-R"}[d]
		cases = append(cases, struct {
			name string
			ours func(c *tmuxctl.Client, w *world) error
			tmux func(w *world) [][]string
		}{"resize " + string(d), func(c *tmuxctl.Client, w *world) error {
			_, err := c.ResizePane(t.Context(), tmux.PaneID(w.g[0]), d, 7)
			return err
		}, func(w *world) [][]string { return [][]string{{"resize-pane", "-t", w.g[0], flag, "7"}} }})
	}
	layouts := map[string][]string{
		tmuxctl.LayoutNext:     {"next-layout"},
		tmuxctl.LayoutPrevious: {"previous-layout"},
		tmuxctl.LayoutSpread:   {"select-layout", "-E"},
	}
	for _, n := range tmuxctl.NamedLayouts {
		layouts[n] = []string{"select-layout", n}
	}
	for choice, cmd := range layouts {
		cases = append(cases, struct {
			name string
			ours func(c *tmuxctl.Client, w *world) error
			tmux func(w *world) [][]string
		}{"layout " + choice, func(c *tmuxctl.Client, w *world) error {
			_, err := c.ResizePane(t.Context(), tmux.PaneID(w.g[1]), tmux.DirLeft, 9) // uneven first
			if err == nil {
				_, err = c.SelectLayout(t.Context(), tmux.WindowID(w.win[0]), choice)
			}
			return err
		}, func(w *world) [][]string {
			sel := append([]string{cmd[0], "-t", w.win[0]}, cmd[1:]...)
			return [][]string{{"resize-pane", "-t", w.g[1], "-L", "9"}, sel}
		}})
	}
	cases = append(cases, []struct {
		name string
		ours func(c *tmuxctl.Client, w *world) error
		tmux func(w *world) [][]string
	}{
		{"move the active pane to a window of side-by-side panes", func(c *tmuxctl.Client, w *world) error {
			_, err := c.MovePane(t.Context(), tmux.PaneID(w.g[0]), tmux.WindowID(w.win[1]))
			return err
		}, func(w *world) [][]string {
			// Its active pane is 100x50: not more than twice as wide as tall.
			return [][]string{{"join-pane", "-v", "-s", w.g[0], "-t", w.win[1]}}
		}},
		{"move the active pane to a wide window", func(c *tmuxctl.Client, w *world) error {
			_, err := c.MovePane(t.Context(), tmux.PaneID(w.g[0]), tmux.WindowID(w.win[2]))
			return err
		}, func(w *world) [][]string {
			return [][]string{{"join-pane", "-h", "-s", w.g[0], "-t", w.win[2]}}
		}},
		{"move an inactive pane", func(c *tmuxctl.Client, w *world) error {
			_, err := c.MovePane(t.Context(), tmux.PaneID(w.g[3]), tmux.WindowID(w.win[2]))
			return err
		}, func(w *world) [][]string {
			return [][]string{{"join-pane", "-d", "-h", "-s", w.g[3], "-t", w.win[2]}}
		}},
		{"move a window's only pane (tmux closes the window)", func(c *tmuxctl.Client, w *world) error {
			_, err := c.MovePane(t.Context(), tmux.PaneID(w.w2), tmux.WindowID(w.win[0]))
			return err
		}, func(w *world) [][]string {
			// The active pane is 100x25: more than twice as wide as tall.
			return [][]string{{"join-pane", "-d", "-h", "-s", w.w2, "-t", w.win[0]}}
		}},
		{"break the active pane out", func(c *tmuxctl.Client, w *world) error {
			_, err := c.MovePane(t.Context(), tmux.PaneID(w.g[0]), "")
			return err
		}, func(w *world) [][]string {
			return [][]string{{"break-pane", "-s", w.g[0], "-t", w.session + ":"}}
		}},
		{"break an inactive pane out", func(c *tmuxctl.Client, w *world) error {
			_, err := c.MovePane(t.Context(), tmux.PaneID(w.w1[1]), "")
			return err
		}, func(w *world) [][]string {
			return [][]string{{"break-pane", "-d", "-s", w.w1[1], "-t", w.session + ":"}}
		}},
	}...)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv, c := newClient(t, tmux.Env{})
			twin := tmuxtest.Start(t, 0, 0)
			w, tw := buildWorld(t, srv), buildWorld(t, twin)
			before, twinBefore := shape(srv), shape(twin)
			if before != twinBefore {
				t.Fatalf("the twins differ before the test:\n%s\n%s", before, twinBefore)
			}
			if err := tc.ours(c, w); err != nil {
				t.Fatal(err)
			}
			for _, cmd := range tc.tmux(tw) {
				twin.Must(cmd...)
			}
			got, want := shape(srv), shape(twin)
			// (A layout after the uneven resize may well give the start
			// back: tmux's twin, which did the resize too, tells.)
			if got == before && !strings.HasPrefix(tc.name, "layout") {
				t.Fatalf("nothing changed:\n%s", got)
			}
			if got != want {
				t.Fatalf("panemap:\n%s\ntmux:\n%s", got, want)
			}
		})
	}
}

// TestRotateKeepsFocusWithContent: tmux's rotate-window moves the focus
// to whichever pane lands in the active pane's place; panemap's keeps it
// on the pane that was active, and the last pane on the one that was last.
func TestRotateKeepsFocusWithContent(t *testing.T) {
	t.Parallel()
	for _, zoomed := range []bool{false, true} {
		srv, c := newClient(t, tmux.Env{})
		w := buildWorld(t, srv)
		srv.Must("select-pane", "-t", w.g[2])
		srv.Must("select-pane", "-t", w.g[1])
		if zoomed {
			srv.Must("resize-pane", "-Z", "-t", w.g[1])
		}
		order := srv.Must("list-panes", "-t", w.win[0], "-F", "#{pane_id}")
		sid := tmux.SessionID(w.session)
		for _, d := range []tmux.Direction{tmux.DirDown, tmux.DirUp, tmux.DirUp} {
			if _, err := c.Act(t.Context(), sid, tmuxctl.Op{Kind: tmuxctl.OpRotate, Window: tmux.WindowID(w.win[0]), Dir: d}); err != nil {
				t.Fatal(err)
			}
			if got := srv.Active(w.win[0]); got != w.g[1] {
				t.Fatalf("zoomed=%v rotate %s: active %s, want %s", zoomed, d, got, w.g[1])
			}
			if got := srv.Must("list-panes", "-t", w.win[0], "-f", "#{pane_last}", "-F", "#{pane_id}"); got != w.g[2] {
				t.Fatalf("zoomed=%v rotate %s: last pane %q, want %s", zoomed, d, got, w.g[2])
			}
			if got := srv.Display(w.win[0], "#{window_zoomed_flag}"); got != map[bool]string{true: "1", false: "0"}[zoomed] {
				t.Fatalf("zoomed=%v rotate %s: zoom flag %s", zoomed, d, got)
			}
		}
		after := srv.Must("list-panes", "-t", w.win[0], "-F", "#{pane_id}")
		lines := strings.Split(order, "\n")
		// down, up, up: one step up from the start.
		if want := strings.Join(append(lines[1:], lines[0]), "\n"); after != want {
			t.Fatalf("zoomed=%v: order %q, want %q", zoomed, after, want)
		}
	}
}

// TestRearrangeKeepsZoomAndMark: a zoomed window stays zoomed through a
// resize, a layout and a move out of it or into it; a marked pane that
// moves stays marked.
func TestRearrangeKeepsZoomAndMark(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	w := buildWorld(t, srv)
	srv.Must("select-pane", "-m", "-t", w.g[3]) // tmux marks only a visible pane
	srv.Must("resize-pane", "-Z", "-t", w.g[0])
	srv.Must("resize-pane", "-Z", "-t", w.w1[0])
	zoomed := func(win string) bool { return srv.Display(win, "#{window_zoomed_flag}") == "1" }

	// A hidden pane, then the zoomed one: each is resized (the layout
	// tmux keeps under the zoom changes), and the window zoomed again
	// on the pane it was.
	for _, p := range []string{w.g[3], w.g[0]} {
		layout := srv.Display(w.win[0], "#{window_layout}")
		if _, err := c.ResizePane(t.Context(), tmux.PaneID(p), tmux.DirUp, 3); err != nil {
			t.Fatal(err)
		}
		if !zoomed(w.win[0]) || srv.Active(w.win[0]) != w.g[0] {
			t.Fatalf("resize %s: zoom %v on %s", p, zoomed(w.win[0]), srv.Active(w.win[0]))
		}
		// #{window_layout} is the layout under the zoom.
		if srv.Display(w.win[0], "#{window_layout}") == layout {
			t.Fatalf("resize %s: nothing resized", p)
		}
	}
	if _, err := c.SelectLayout(t.Context(), tmux.WindowID(w.win[0]), "tiled"); err != nil {
		t.Fatal(err)
	}
	if !zoomed(w.win[0]) {
		t.Fatal("layout: window unzoomed")
	}
	// The marked, inactive g[3] leaves the zoomed window 0 for the zoomed window 1.
	win, err := c.MovePane(t.Context(), tmux.PaneID(w.g[3]), tmux.WindowID(w.win[1]))
	if err != nil {
		t.Fatal(err)
	}
	if string(win.ID) != w.win[1] {
		t.Fatalf("moved into %s, want %s", win.ID, w.win[1])
	}
	if !zoomed(w.win[0]) || !zoomed(w.win[1]) {
		t.Fatalf("move: zoom %v %v", zoomed(w.win[0]), zoomed(w.win[1]))
	}
	if srv.Active(w.win[1]) != w.w1[0] || srv.Active(w.win[0]) != w.g[0] {
		t.Fatalf("move took the focus: active %s and %s", srv.Active(w.win[0]), srv.Active(w.win[1]))
	}
	if got := srv.Display(w.g[3], "#{pane_marked}"); got != "1" {
		t.Fatal("the moved pane lost its mark")
	}
	if _, err := c.MovePane(t.Context(), tmux.PaneID(w.g[3]), ""); err != nil {
		t.Fatal(err)
	}
	if srv.Display(w.g[3], "#{pane_marked}") != "1" || srv.Display(w.g[3], "#{window_panes}") != "1" {
		t.Fatal("break: the pane lost its mark or is not alone")
	}
	if got := srv.Display("main:", "#{window_id}"); got != w.win[0] {
		t.Fatalf("breaking an inactive pane out changed the current window to %s", got)
	}
}

// TestRearrangeNoOps: a pane moved to its own window, or broken out of a
// window it is alone in, stays where it is.
func TestRearrangeNoOps(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	w := buildWorld(t, srv)
	before := shape(srv)
	if _, err := c.MovePane(t.Context(), tmux.PaneID(w.g[1]), tmux.WindowID(w.win[0])); err != nil {
		t.Fatal(err)
	}
	if _, err := c.MovePane(t.Context(), tmux.PaneID(w.w2), ""); err != nil {
		t.Fatal(err)
	}
	if got := shape(srv); got != before {
		t.Fatalf("changed:\n%s\nwas:\n%s", got, before)
	}
}

// TestRearrangeRefusesBadInput: nothing reaches tmux, nothing changes,
// and the error names the value.
func TestRearrangeRefusesBadInput(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	w := buildWorld(t, srv)
	before := shape(srv)
	layout := srv.Display(w.win[0], "#{window_layout}")
	other := srv.Display(w.win[1], "#{window_layout}")
	badSum := "0000" + layout[4:]
	if badSum == layout {
		badSum = "1111" + layout[4:]
	}
	for _, tc := range []struct {
		name, value string
		call        func() error
	}{
		{"pane id", "1; kill-server", func() error {
			_, err := c.ResizePane(t.Context(), "1; kill-server", tmux.DirUp, 1)
			return err
		}},
		{"cells", "0", func() error {
			_, err := c.ResizePane(t.Context(), tmux.PaneID(w.g[0]), tmux.DirUp, 0)
			return err
		}},
		{"cells", "1001", func() error {
			_, err := c.ResizePane(t.Context(), tmux.PaneID(w.g[0]), tmux.DirUp, 1001)
			return err
		}},
		{"direction", "next", func() error {
			_, err := c.ResizePane(t.Context(), tmux.PaneID(w.g[0]), tmux.DirNext, 1)
			return err
		}},
		{"layout name", "spiral", func() error { _, err := c.SelectLayout(t.Context(), tmux.WindowID(w.win[0]), "spiral"); return err }},
		{"checksum", badSum, func() error { _, err := c.SelectLayout(t.Context(), tmux.WindowID(w.win[0]), badSum); return err }},
		{"another window's layout", other, func() error { _, err := c.SelectLayout(t.Context(), tmux.WindowID(w.win[0]), other); return err }},
		{"window id", "main:1", func() error { _, err := c.MovePane(t.Context(), tmux.PaneID(w.g[0]), "main:1"); return err }},
	} {
		err := tc.call()
		if tmux.KindOf(err) != tmux.KindInvalidInput || tmux.AsError(err).Value != tc.value {
			t.Errorf("%s %q: got %v, want invalid_input naming it", tc.name, tc.value, err)
		}
	}
	if got := shape(srv); got != before {
		t.Fatalf("bad input changed tmux:\n%s\nwas:\n%s", got, before)
	}
	// A window with no room says so, and changes nothing.
	for i := 0; i < 500; i++ {
		if _, err := srv.Run("split-window", "-d", "-v", "-t", w.win[2]); err != nil {
			if _, err := srv.Run("split-window", "-d", "-h", "-t", w.win[2]); err != nil {
				break
			}
		}
	}
	before = shape(srv)
	// tmux says "pane too small" (3.2a to 3.6b) or "no space for a new
	// pane" (3.7 and later).
	if _, err := c.MovePane(t.Context(), tmux.PaneID(w.g[0]), tmux.WindowID(w.win[2])); tmux.KindOf(err) != tmux.KindRefused ||
		!strings.Contains(err.Error(), "too small") && !strings.Contains(err.Error(), "no space") {
		t.Fatalf("move into a full window: %v", err)
	}
	if got := shape(srv); got != before {
		t.Fatalf("a refused move changed tmux:\n%s\nwas:\n%s", got, before)
	}
}
