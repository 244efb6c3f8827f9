package main

// panemap layout save|list|apply|delete against real tmux: a window
// saved, scrambled (a preset layout, swaps, a resize) and applied comes
// back as it was; at another size, with fewer or more panes, or with
// panes to create, it comes back as the plan says. Each pane printed a
// line before, which is still in that pane after: panes move, none is
// killed or respawned.

import (
	"errors"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/floating"
)

// layoutEnv is a server and the config directory its layouts are kept
// in (XDG_CONFIG_HOME), for panemap layout.
type layoutEnv struct {
	t      *testing.T
	srv    *tmuxtest.Server
	config string
	path   string // PATH for panemap ("" the test's)
}

func newLayoutEnv(t *testing.T, srv *tmuxtest.Server) *layoutEnv {
	return &layoutEnv{t: t, srv: srv, config: t.TempDir()}
}

// run runs panemap -L srv args and answers its stdout, stderr and exit
// code.
func (e *layoutEnv) run(args ...string) (string, string, int) {
	e.t.Helper()
	cmd := exec.Command(tmuxtest.Panemap(e.t), append([]string{"-L", e.srv.Name}, args...)...)
	cmd.Env = append(tmuxtest.Env(), "XDG_CONFIG_HOME="+e.config)
	if e.path != "" {
		cmd.Env = append(cmd.Env, "PATH="+e.path)
	}
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	var x *exec.ExitError
	if errors.As(err, &x) {
		code = x.ExitCode()
	} else if err != nil {
		e.t.Fatal(err)
	}
	return out.String(), errOut.String(), code
}

// must runs panemap and fails the test unless it exits 0.
func (e *layoutEnv) must(args ...string) string {
	e.t.Helper()
	out, errOut, code := e.run(args...)
	if code != 0 {
		e.t.Fatalf("panemap %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errOut)
	}
	return out
}

// load is the saved layout name.
func (e *layoutEnv) load(name string) *layouts.Layout {
	e.t.Helper()
	l, err := (&layouts.Store{Dir: filepath.Join(e.config, "panemap", "layouts")}).Load(name)
	if err != nil {
		e.t.Fatal(err)
	}
	return l
}

// panesLine is how a test compares a window's panes: each pane's id,
// index, place and size, and the active one.
const panesLine = "#{pane_id} #{pane_index} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}#{?pane_active, active,}"

func (e *layoutEnv) panes(w string) string {
	return e.srv.Must("list-panes", "-t", w, "-F", panesLine)
}

func (e *layoutEnv) window(w string) string {
	return strings.TrimSpace(e.srv.Must("display-message", "-p", "-t", w, "#{window_layout} #{window_zoomed_flag}"))
}

// split makes a pane beside (-h) or below (-v) pane p and answers its id.
func (e *layoutEnv) split(p, dir string) string {
	return strings.TrimSpace(e.srv.Must("split-window", dir, "-t", p, "-P", "-F", "#{pane_id}", "exec sh"))
}

// mark prints a line naming each pane in it, and waits for it.
func (e *layoutEnv) mark(panes ...string) {
	e.t.Helper()
	for _, p := range panes {
		e.srv.TypeLine([]string{p}, "echo mark-"+strings.TrimPrefix(p, "%")+"-here")
	}
	e.marked(panes...)
}

// marked waits until each pane shows its line.
func (e *layoutEnv) marked(panes ...string) {
	e.t.Helper()
	for _, p := range panes {
		want := "mark-" + strings.TrimPrefix(p, "%") + "-here\n"
		tmuxtest.Eventually(e.t, wait, func() bool {
			return strings.Contains(e.srv.Must("capture-pane", "-p", "-t", p), want)
		}, "pane %s does not show %q:\n%s", p, want, e.srv.Must("capture-pane", "-p", "-t", p))
	}
}

// fourPanes splits main:0 into %a | (%b over (%c | %d)), of uneven
// sizes, with each pane's line printed, and answers the window and panes.
func (e *layoutEnv) fourPanes() (string, []string) {
	e.t.Helper()
	w := strings.TrimSpace(e.srv.Must("display-message", "-p", "-t", "main:0", "#{window_id}"))
	a := e.srv.Active(w)
	b := e.split(a, "-h")
	c := e.split(b, "-v")
	d := e.split(c, "-h")
	e.srv.Must("resize-pane", "-t", a, "-x", "97", ";", "resize-pane", "-t", b, "-y", "13", ";", "resize-pane", "-t", c, "-x", "21", ";", "select-pane", "-t", c)
	e.mark(a, b, c, d)
	return w, []string{a, b, c, d}
}

// scramble moves everything: a preset layout, two swaps, a resize and
// another pane focused.
func (e *layoutEnv) scramble(w string, p []string) {
	last := p[len(p)-1]
	e.srv.Must("select-layout", "-t", w, "tiled", ";", "swap-pane", "-d", "-s", p[0], "-t", last, ";",
		"swap-pane", "-d", "-s", p[1], "-t", p[2], ";", "resize-pane", "-t", p[1], "-R", "3", ";", "select-pane", "-t", last)
}

// TestE2ELayoutApplyRestoresWindow: save, scramble, apply: every pane is
// back in its place with its size (list-panes), the same ids, the same
// active pane, #{window_layout} as saved, each pane's line still in it,
// and the window's options name the layout.
func TestE2ELayoutApplyRestoresWindow(t *testing.T) {
	t.Parallel()
	e := newLayoutEnv(t, tmuxtest.Start(t, 160, 48))
	w, p := e.fourPanes()
	saved, savedWindow := e.panes(w), e.window(w)
	e.must("layout", "save", "dev", "-t", w)
	e.scramble(w, p)
	if e.panes(w) == saved {
		t.Fatal("the scramble changed nothing")
	}
	out := e.must("layout", "apply", "dev", "-t", w)
	if got := e.panes(w); got != saved {
		t.Errorf("tmux %s: after apply the panes are\n%s\nwant\n%s\n(panemap said %s)", e.srv.Version(), got, saved, out)
	}
	if got := e.window(w); got != savedWindow {
		t.Errorf("after apply window_layout and zoom are %s, want %s", got, savedWindow)
	}
	e.marked(p...)
	layout, _, _ := strings.Cut(savedWindow, " ")
	if got := strings.TrimSpace(e.srv.Must("show-options", "-wqv", "-t", w, "@panemap-layout")); got != "dev" {
		t.Errorf("@panemap-layout is %q, want dev", got)
	}
	if got := strings.TrimSpace(e.srv.Must("show-options", "-wqv", "-t", w, "@panemap-layout-applied")); got != layout {
		t.Errorf("@panemap-layout-applied is %q, want %q", got, layout)
	}
}

// TestE2ELayoutApplyZoomed: a layout saved zoomed comes back zoomed on
// its active pane, with the window's cells as saved.
func TestE2ELayoutApplyZoomed(t *testing.T) {
	t.Parallel()
	e := newLayoutEnv(t, tmuxtest.Start(t, 160, 48))
	w, p := e.fourPanes()
	e.srv.Must("resize-pane", "-Z", "-t", p[1])
	savedWindow, order := e.window(w), e.srv.Must("list-panes", "-t", w, "-F", "#{pane_id} #{pane_index}")
	e.must("layout", "save", "dev", "-t", w)
	e.srv.Must("resize-pane", "-Z", "-t", p[1])
	e.scramble(w, p)
	e.must("layout", "apply", "dev", "-t", w)
	if got := e.window(w); got != savedWindow {
		t.Errorf("tmux %s: after apply window_layout and zoom are %s, want %s", e.srv.Version(), got, savedWindow)
	}
	if got := e.srv.Must("list-panes", "-t", w, "-F", "#{pane_id} #{pane_index}"); got != order {
		t.Errorf("panes by index are\n%s\nwant\n%s", got, order)
	}
	if got := e.srv.Active(w); got != p[1] {
		t.Errorf("active pane is %s, want %s", got, p[1])
	}
	e.marked(p...)
}

// TestE2ELayoutApplyOtherSize: a layout saved at 200 columns with a
// 150|49 split comes back at 100 columns as 75|24 (select-layout of the
// saved string gives 98|1); and a tree of four panes saved at 160x48
// comes back at 120x40 with the same tree and order, each cell within
// one cell of its saved share.
func TestE2ELayoutApplyOtherSize(t *testing.T) {
	t.Parallel()
	t.Run("150|49", func(t *testing.T) {
		t.Parallel()
		e := newLayoutEnv(t, tmuxtest.Start(t, 200, 50))
		w := strings.TrimSpace(e.srv.Must("display-message", "-p", "-t", "main:0", "#{window_id}"))
		a := e.srv.Active(w)
		b := e.split(a, "-h")
		e.srv.Must("resize-pane", "-t", a, "-x", "150")
		e.mark(a, b)
		if got := e.srv.Must("list-panes", "-t", w, "-F", "#{pane_width}"); got != "150\n49" {
			t.Fatalf("widths %q, want 150 and 49", got)
		}
		e.must("layout", "save", "wide", "-t", w)
		e.srv.Must("resize-window", "-t", w, "-x", "100", "-y", "50", ";", "select-layout", "-t", w, "even-horizontal")
		e.must("layout", "apply", "wide", "-t", w)
		if got := e.srv.Must("list-panes", "-t", w, "-F", "#{pane_id} #{pane_width}"); got != a+" 75\n"+b+" 24" {
			t.Errorf("tmux %s: at 100 columns the panes are\n%s\nwant %s 75 and %s 24", e.srv.Version(), got, a, b)
		}
		e.marked(a, b)
	})
	t.Run("tree", func(t *testing.T) {
		t.Parallel()
		e := newLayoutEnv(t, tmuxtest.Start(t, 160, 48))
		w, p := e.fourPanes()
		e.must("layout", "save", "dev", "-t", w)
		e.srv.Must("resize-window", "-t", w, "-x", "120", "-y", "40")
		e.scramble(w, p)
		e.must("layout", "apply", "dev", "-t", w)
		layout, _, _ := strings.Cut(e.window(w), " ")
		got, err := tmux.ParseLayoutTree(layout)
		if err != nil {
			t.Fatal(err)
		}
		if got.Width != 120 || got.Height != 40 {
			t.Fatalf("window is %dx%d, want 120x40", got.Width, got.Height)
		}
		l := e.load("dev")
		var ids []string
		sameTree(t, l, l.Tree, got, &ids)
		if strings.Join(ids, " ") != strings.Join(p, " ") {
			t.Errorf("panes in the tree's order are %v, want %v", ids, p)
		}
		e.marked(p...)
	})
}

// sameTree checks that the window's cell c has saved node n's shape:
// the same split and children, each child's size within one cell of its
// share of the room (the parent's size less the borders between its
// children), and collects the panes in order.
func sameTree(t *testing.T, l *layouts.Layout, n *layouts.Node, c *tmux.LayoutNode, ids *[]string) {
	t.Helper()
	if n.Split == "" {
		if c.Split != 0 {
			t.Errorf("slot %d is a split %c", n.Slot, c.Split)
			return
		}
		*ids = append(*ids, fmt.Sprintf("%%%d", c.Pane))
		if want := l.Slots[n.Slot].Pane; want != fmt.Sprintf("%%%d", c.Pane) {
			t.Errorf("slot %d has pane %%%d, want %s", n.Slot, c.Pane, want)
		}
		return
	}
	split := map[string]byte{layouts.SplitH: '{', layouts.SplitV: '['}[n.Split]
	if c.Split != split || len(c.Children) != len(n.Children) {
		t.Errorf("a split %q of %d is %c of %d", n.Split, len(n.Children), c.Split, len(c.Children))
		return
	}
	size := func(r tmux.Rect) int {
		if n.Split == layouts.SplitH {
			return r.Width
		}
		return r.Height
	}
	room := size(c.Rect) - (len(c.Children) - 1)
	for i, k := range n.Children {
		if got, want := float64(size(c.Children[i].Rect)), k.Share*float64(room); math.Abs(got-want) > 1 {
			t.Errorf("a cell of %v cells is %v, more than one cell from its share %.3f of %d", want, got, k.Share, room)
		}
		sameTree(t, l, k, c.Children[i], ids)
	}
}

// planFor is the plan panemap makes for layout name on window w now, as
// apply makes it: what a fewer, more or create apply must leave.
func (e *layoutEnv) planFor(name, w string, create bool) (*layouts.Plan, *tmux.Window) {
	e.t.Helper()
	c := execClient(e.srv)
	defer c.Close()
	win, err := c.ListPanes(e.t.Context(), tmux.WindowID(w))
	if err != nil {
		e.t.Fatal(err)
	}
	v, err := c.RequireVersion(e.t.Context())
	if err != nil {
		e.t.Fatal(err)
	}
	plan, err := layouts.MakePlan(e.load(name), win, create, floating.Supported(v))
	if err != nil {
		e.t.Fatal(err)
	}
	return plan, win
}

// wantPlan checks that window w is as plan leaves before (list-panes:
// places, sizes, the active pane, ids where the plan knows them) and
// has the plan's layout string.
func (e *layoutEnv) wantPlan(w string, plan *layouts.Plan, before *tmux.Window) {
	e.t.Helper()
	after := plan.After(before)
	var want strings.Builder
	for _, q := range after.Panes {
		id := string(q.ID)
		if id == "" {
			id = "NEW"
		}
		active := ""
		if q.Active {
			active = " active"
		}
		fmt.Fprintf(&want, "%s %d %d,%d %dx%d%s\n", id, q.Index, q.Left, q.Top, q.Width, q.Height, active)
	}
	got := e.panes(w)
	var masked []string
	for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		id, rest, _ := strings.Cut(line, " ")
		if _, ok := before.Pane(tmux.PaneID(id)); !ok {
			id = "NEW"
		}
		if plan.Active == "" {
			rest = strings.TrimSuffix(rest, " active")
		}
		masked = append(masked, id+" "+rest)
	}
	wantText := want.String()
	if plan.Active == "" {
		wantText = strings.ReplaceAll(wantText, " active", "")
	}
	if strings.Join(masked, "\n")+"\n" != wantText {
		e.t.Errorf("tmux %s: the window's panes are\n%s\nwant (the plan's)\n%s", e.srv.Version(), got, wantText)
	}
	layout, _, _ := strings.Cut(e.window(w), " ")
	if layout != plan.Layout {
		e.t.Errorf("window_layout is %s, want the plan's %s", layout, plan.Layout)
	}
}

// TestE2ELayoutApplyOtherPaneCounts: the four-pane layout applied to a
// window of three panes (a slot closed, its room given to a neighbour),
// of five (the extra pane shares the largest slot), and of three with
// --create (a new pane, a shell in the saved directory): each window is
// as the plan says, and each pane keeps its line.
func TestE2ELayoutApplyOtherPaneCounts(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		change func(e *layoutEnv, w string, p []string) []string // answers the panes left
		create bool
	}{
		{"fewer", func(e *layoutEnv, w string, p []string) []string {
			e.srv.Must("kill-pane", "-t", p[3])
			return p[:3]
		}, false},
		{"more", func(e *layoutEnv, w string, p []string) []string {
			n := e.split(p[0], "-v")
			e.mark(n)
			return append(p, n)
		}, false},
		{"create", func(e *layoutEnv, w string, p []string) []string {
			e.srv.Must("kill-pane", "-t", p[1])
			return []string{p[0], p[2], p[3]}
		}, true},
		// The saved active pane's slot: the pane made there is focused.
		{"create-active", func(e *layoutEnv, w string, p []string) []string {
			e.srv.Must("kill-pane", "-t", p[2])
			return []string{p[0], p[1], p[3]}
		}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := newLayoutEnv(t, tmuxtest.Start(t, 160, 48))
			w, p := e.fourPanes()
			dir := t.TempDir()
			e.srv.Must("send-keys", "-t", p[1], "cd "+dir, "Enter")
			tmuxtest.Eventually(t, wait, func() bool {
				return strings.TrimSpace(e.srv.Display(p[1], "#{pane_current_path}")) == dir
			}, "pane %s did not cd to %s", p[1], dir)
			e.must("layout", "save", "dev", "-t", w)
			left := c.change(e, w, p)
			e.scramble(w, left)
			plan, before := e.planFor("dev", w, c.create)
			args := []string{"layout", "apply", "dev", "-t", w}
			if c.create {
				args = append(args, "--create")
			}
			e.must(args...)
			e.wantPlan(w, plan, before)
			e.marked(left...)
			if c.create {
				var made []string
				for _, line := range strings.Split(e.srv.Must("list-panes", "-t", w, "-F", "#{pane_id} #{pane_current_path} #{pane_current_command}"), "\n") {
					if id, _, _ := strings.Cut(line, " "); line != "" && !strings.Contains(strings.Join(left, " "), id) {
						made = append(made, line)
					}
				}
				wantDir := dir
				if c.name == "create-active" {
					wantDir = e.load("dev").Slots[2].Cwd
				}
				if len(made) != 1 || !strings.Contains(made[0], " "+wantDir+" ") || !strings.HasSuffix(made[0], "sh") {
					t.Errorf("made %q, want one pane running sh in %s", made, wantDir)
				}
				if len(made) != 1 {
					return
				}
				if id, _, _ := strings.Cut(made[0], " "); c.name == "create-active" && e.srv.Active(w) != id {
					t.Errorf("the active pane is %s, want %s, made in the saved active slot", e.srv.Active(w), id)
				}
			}
		})
	}
}
