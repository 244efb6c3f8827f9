package applying

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
)

// tmuxSwap is what swap-pane does to one window's pane list and active
// pane (cmd-swap-pane.c, the same from 3.2a to master): the two panes
// exchange places; without -d the target becomes active, with -d the
// source does when either was active.
func tmuxSwap(list []tmux.PaneID, active tmux.PaneID, cmd []string) ([]tmux.PaneID, tmux.PaneID) {
	var src, dst tmux.PaneID
	d := false
	for i := 0; i < len(cmd); i++ {
		switch cmd[i] {
		case "-d":
			d = true
		case "-s":
			i++
			src = tmux.PaneID(cmd[i])
		case "-t":
			i++
			dst = tmux.PaneID(cmd[i])
		}
	}
	i, j := slices.Index(list, src), slices.Index(list, dst)
	list[i], list[j] = list[j], list[i]
	switch {
	case !d:
		active = dst
	case active == src || active == dst:
		active = src
	}
	return list, active
}

// TestSwapsPutPanesInOrder: for every order of up to seven panes, any
// active pane and any pane to focus, the swaps leave the panes in the
// order wanted and the active pane the one swaps says; and when they move
// the pane to focus, that pane.
func TestSwapsPutPanesInOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 3000 {
		n := 1 + round%7
		w := &tmux.Window{ID: "@1"}
		for i := range n {
			w.Panes = append(w.Panes, tmux.Pane{ID: tmux.PaneID(fmt.Sprintf("%%%d", i)), Index: i})
		}
		w.Panes[r.IntN(n)].Active = true
		order := make([]tmux.PaneID, n)
		for i, p := range r.Perm(n) {
			order[i] = w.Panes[p].ID
		}
		want := order[r.IntN(n)]
		cmds, active := swaps(w, order, want)
		list := make([]tmux.PaneID, n)
		var got tmux.PaneID
		for i, p := range w.Panes {
			list[i] = p.ID
			if p.Active {
				got = p.ID
			}
		}
		moved := false
		for _, c := range cmds {
			list, got = tmuxSwap(list, got, c)
			moved = moved || slices.Contains(c, string(want))
		}
		if !slices.Equal(list, order) || got != active || moved && got != want || len(cmds) >= n && n > 1 {
			t.Fatalf("%v to %v (focus %s): %v leave %v, %s active; swaps says %s", w.Panes, order, want, cmds, list, got, active)
		}
	}
}

// TestCheckRefuses: a plan that is missing, for another window, with a
// bad name, layout or pane id, or with new panes that do not match its
// empty places, is refused naming the value.
func TestCheckRefuses(t *testing.T) {
	good := func() *layouts.Plan {
		return &layouts.Plan{Window: "@1", Layout: "f075,160x48,0,0[160x23,0,0,1,160x24,0,24,2]", Order: []tmux.PaneID{"%2", "%1"}, Active: "%2"}
	}
	if err := Check("@1", good(), "dev"); err != nil {
		t.Fatalf("a good plan: %v", err)
	}
	for _, c := range []struct {
		what   string
		w      tmux.WindowID
		plan   func(p *layouts.Plan) *layouts.Plan
		name   string
		errHas string
	}{
		{"no plan", "@1", func(*layouts.Plan) *layouts.Plan { return nil }, "dev", "needs a plan"},
		{"another window", "@2", func(p *layouts.Plan) *layouts.Plan { return p }, "dev", "not @2"},
		{"a bad window", "1;", func(p *layouts.Plan) *layouts.Plan { return p }, "dev", `"1;"`},
		{"a bad name", "@1", func(p *layouts.Plan) *layouts.Plan { return p }, "../x", `"../x"`},
		{"a bad layout", "@1", func(p *layouts.Plan) *layouts.Plan { p.Layout = "0000,1x1,0,0,1"; return p }, "dev", "checksum"},
		{"a bad pane", "@1", func(p *layouts.Plan) *layouts.Plan { p.Order[0] = "%2;"; return p }, "dev", `"%2;"`},
		{"a bad active pane", "@1", func(p *layouts.Plan) *layouts.Plan { p.Active = "{marked}"; return p }, "dev", `"{marked}"`},
		{"new panes without places", "@1", func(p *layouts.Plan) *layouts.Plan { p.Create = []layouts.Slot{{}}; return p }, "dev", "1 new panes for 0"},
	} {
		err := Check(c.w, c.plan(good()), c.name)
		if tmux.KindOf(err) != tmux.KindInvalidInput || !strings.Contains(err.Error(), c.errHas) {
			t.Errorf("%s: %v, want an invalid-input error with %q", c.what, err, c.errHas)
		}
	}
}

// TestCreateKeepsPathsLiteral: a saved directory reaches split-window
// -c, a format, with every # doubled, so tmux expands nothing in it.
func TestCreateKeepsPathsLiteral(t *testing.T) {
	p := &layouts.Plan{Window: "@1", Create: []layouts.Slot{{Cwd: "/src/#(touch x)/#{pane_id}"}, {}}}
	cmds := Create(p, &tmux.Window{Width: 80, Height: 24})
	if len(cmds) != 2 || !slices.Contains(cmds[0], "/src/##(touch x)/##{pane_id}") || slices.Contains(cmds[1], "-c") {
		t.Errorf("Create: %q", cmds)
	}
}
