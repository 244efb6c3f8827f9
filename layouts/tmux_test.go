package layouts

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
)

// Most of these tests compute; the ones here wait on tmux servers.
func TestMain(m *testing.M) { os.Exit(tmuxtest.Main(m)) }

// readWindow reads window target of s as tmuxctl would for FromWindow
// and MakePlan: ids, places, the active pane, the size and the layout.
func readWindow(t *testing.T, s *tmuxtest.Server, target string) *tmux.Window {
	t.Helper()
	head := strings.Fields(s.Display(target, "#{window_id} #{window_width} #{window_height} #{window_layout}"))
	w := &tmux.Window{ID: tmux.WindowID(head[0]), Layout: head[3]}
	w.Width, _ = strconv.Atoi(head[1])
	w.Height, _ = strconv.Atoi(head[2])
	for _, line := range strings.Split(s.Must("list-panes", "-t", target, "-F", "#{pane_id} #{pane_index} #{pane_left} #{pane_top} #{pane_width} #{pane_height} #{pane_active}"), "\n") {
		var p tmux.Pane
		var active int
		if _, err := fmt.Sscanf(line, "%s %d %d %d %d %d %d", &p.ID, &p.Index, &p.Left, &p.Top, &p.Width, &p.Height, &active); err != nil {
			t.Fatalf("list-panes line %q: %v", line, err)
		}
		p.Active, p.Command, p.WindowID = active == 1, "sh", w.ID
		w.Panes = append(w.Panes, p)
	}
	return w
}

// applyPlan carries p out as tmuxctl does, in short: the panes swapped
// into Order by id, then the layout.
func applyPlan(t *testing.T, s *tmuxtest.Server, p *Plan) {
	t.Helper()
	for i, id := range p.Order {
		at := strings.Fields(s.Must("list-panes", "-t", string(p.Window), "-F", "#{pane_id}"))[i]
		if at != string(id) {
			s.Must("swap-pane", "-d", "-s", string(id), "-t", at)
		}
	}
	s.Must("select-layout", "-t", string(p.Window), p.Layout)
}

// TestPlansOnTmux: on a real server, a layout saved at 200x50 with the
// issue's 150|49 split comes back at 100 columns as 75|24, where tmux's
// select-layout of the saved string gives 98|1; random layouts saved,
// scrambled (another layout, swaps, another size) and applied give tmux's
// #{window_layout} as the plan says at any size, and as saved at the size
// saved; and a plan for a window that lost a pane gives the layout tmux
// itself left when the pane was killed.
func TestPlansOnTmux(t *testing.T) {
	t.Parallel()
	s := tmuxtest.Start(t, 200, 50)
	s.Must("split-window", "-d", "-h", "-t", "main", "-l", "49")
	l := layoutOf(t, readWindow(t, s, "main"))
	if l.Tree.Children[0].Cells != 150 {
		t.Fatalf("saved %q", l.Raw)
	}
	s.Must("resize-window", "-t", "main", "-x", "100", "-y", "50")
	w := readWindow(t, s, "main")
	p, err := MakePlan(l, w, false, false)
	if err != nil {
		t.Fatal(err)
	}
	applyPlan(t, s, p)
	if got := s.Must("list-panes", "-t", "main", "-F", "#{pane_width}"); got != "75\n24" || s.Display("main", "#{window_layout}") != p.Layout {
		t.Errorf("at 100 columns the plan gave %q (%s), want 75|24 (%s)", got, s.Display("main", "#{window_layout}"), p.Layout)
	}
	s.Must("resize-window", "-t", "main", "-x", "200", "-y", "50")
	s.Must("select-layout", "-t", "main", l.Raw)
	s.Must("resize-window", "-t", "main", "-x", "100", "-y", "50")
	s.Must("select-layout", "-t", "main", l.Raw)
	t.Logf("tmux's own select-layout of the saved string at 100 columns: %s", strings.ReplaceAll(s.Must("list-panes", "-t", "main", "-F", "#{pane_width}"), "\n", "|"))

	s.Must("resize-window", "-t", "main", "-x", "200", "-y", "50")
	for range 4 {
		s.Must("split-window", "-d", "-t", "main")
		s.Must("select-layout", "-t", "main", "tiled")
	}
	r := rand.New(rand.NewPCG(4, 43))
	for round := range 12 {
		s.Must("resize-window", "-t", "main", "-x", "200", "-y", "50")
		s.Must("select-layout", "-t", "main", randomTree(r, 200, 50, 6, 0).String())
		saved := readWindow(t, s, "main")
		l := layoutOf(t, saved)
		s.Must("select-layout", "-t", "main", randomTree(r, 200, 50, 6, 0).String())
		s.Must("swap-pane", "-d", "-s", string(saved.Panes[0].ID), "-t", string(saved.Panes[1+r.IntN(5)].ID))
		width, height := 30+r.IntN(200), 12+r.IntN(60)
		s.Must("resize-window", "-t", "main", "-x", strconv.Itoa(width), "-y", strconv.Itoa(height))
		p, err := MakePlan(l, readWindow(t, s, "main"), false, false)
		if err != nil {
			t.Fatalf("round %d, %q at %dx%d: %v", round, l.Raw, width, height, err)
		}
		applyPlan(t, s, p)
		if got := s.Display("main", "#{window_layout}"); got != p.Layout {
			t.Errorf("round %d at %dx%d: tmux has %q, the plan %q", round, width, height, got, p.Layout)
		}
		s.Must("resize-window", "-t", "main", "-x", "200", "-y", "50")
		if p, err = MakePlan(l, readWindow(t, s, "main"), false, false); err != nil {
			t.Fatal(err)
		}
		applyPlan(t, s, p)
		if got := s.Display("main", "#{window_layout}"); got != l.Raw {
			t.Errorf("round %d back at 200x50: tmux has %q, saved %q", round, got, l.Raw)
		}
	}

	// Fewer panes: tmux's layout once a pane is killed is the plan's. The
	// pane killed is one between two others where there is one, which
	// tmux gives the room of to the one before, or from 3.8 after.
	v, err := tmux.ParseServerVersion(s.Display("main", "#{version}"))
	if err != nil {
		t.Fatal(err)
	}
	v38 := v.AtLeast(3, 8)
	for round := range 6 {
		s.Must("select-layout", "-t", "main", randomTree(r, 200, 50, len(readWindow(t, s, "main").Panes), 0).String())
		saved := readWindow(t, s, "main")
		l := layoutOf(t, saved)
		kill := saved.Panes[r.IntN(len(saved.Panes))].ID
		if m := middleSlot(l.Tree); m >= 0 {
			kill = tmux.PaneID(l.Slots[m].Pane)
		}
		s.Must("kill-pane", "-t", string(kill))
		w := readWindow(t, s, "main")
		p, err := MakePlan(l, w, false, v38)
		if err != nil {
			t.Fatal(err)
		}
		if p.Layout != w.Layout || len(p.Dropped) != 1 {
			t.Errorf("round %d: %q less a pane: tmux has %q, the plan %q (dropped %v)", round, l.Raw, w.Layout, p.Layout, p.Dropped)
		}
		if len(w.Panes) < 3 {
			break
		}
	}
}

// middleSlot is a slot of the tree under n with a cell before it and one
// after, or -1.
func middleSlot(n *Node) int {
	for i, k := range n.Children {
		if k.Split == "" && i > 0 && i < len(n.Children)-1 {
			return k.Slot
		}
		if m := middleSlot(k); m >= 0 {
			return m
		}
	}
	return -1
}
