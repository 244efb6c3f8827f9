package layouts

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// scrambled is w's panes (ids, titles, commands, directories kept) laid
// out by a random tree of width×height in a random pane order, as a
// preset layout, swaps and a resize would leave them.
func scrambled(t testing.TB, r *rand.Rand, w *tmux.Window, width, height int) *tmux.Window {
	t.Helper()
	for range 100 {
		s := randomTree(r, width, height, len(w.Panes), 1).String()
		n := windowOf(t, s)
		if len(n.Panes) != len(w.Panes) {
			continue // the size had no room for that many
		}
		perm := r.Perm(len(w.Panes))
		for i := range n.Panes {
			q := w.Panes[perm[i]]
			q.Index, q.Active = i, i == 0
			q.Left, q.Top, q.Width, q.Height = n.Panes[i].Left, n.Panes[i].Top, n.Panes[i].Width, n.Panes[i].Height
			n.Panes[i] = q
		}
		return n
	}
	t.Fatalf("no %dx%d layout of %d panes", width, height, len(w.Panes))
	return nil
}

// randomSaved is a window laid out by a random tree that has room for
// panes panes or fewer.
func randomSaved(t testing.TB, r *rand.Rand) *tmux.Window {
	width, height := 20+r.IntN(230), 10+r.IntN(70)
	return windowOf(t, randomTree(r, width, height, 1+r.IntN(12), 1+r.IntN(50)).String())
}

// TestPlanSameSizeGivesTheSavedLayout: whatever the window's panes went
// through since (another layout, swaps), a plan at the size the layout
// was saved at gives back #{window_layout} as saved, byte for byte, with
// each pane in its slot by id.
func TestPlanSameSizeGivesTheSavedLayout(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 43))
	for range 500 {
		saved := randomSaved(t, r)
		l := layoutOf(t, saved)
		w := scrambled(t, r, saved, saved.Width, saved.Height)
		p, err := MakePlan(l, w, false, false)
		if err != nil {
			t.Fatalf("%q: %v", saved.Layout, err)
		}
		checkPlanLayout(t, p, w)
		var want []tmux.PaneID
		for _, s := range l.Slots {
			want = append(want, tmux.PaneID(s.Pane))
		}
		if p.Layout != saved.Layout || !slices.Equal(p.Order, want) || len(p.Dropped)+len(p.Extra)+len(p.Create) > 0 {
			t.Fatalf("saved %q, scrambled %q: plan %q, order %v, want %v", saved.Layout, w.Layout, p.Layout, p.Order, want)
		}
		for _, m := range p.Moves {
			if m.From != "id" {
				t.Fatalf("%q: move %+v", saved.Layout, m)
			}
		}
	}
}

// TestPlanOtherSizeKeepsShares: at any size the layout fits, the plan's
// layout is one tmux takes for that size, with the saved tree, and every
// cell within 1 cell of its share of its split's room wherever no cell's
// minimum (a cell a pane, a border between) took from the shares.
func TestPlanOtherSizeKeepsShares(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(2, 43))
	for range 500 {
		saved := randomSaved(t, r)
		l := layoutOf(t, saved)
		root := cellsOf(l.Tree, func(int) tmux.PaneID { return "" })
		mw, mh := root.minSize(SplitH), root.minSize(SplitV)
		width, height := mw+r.IntN(250), mh+r.IntN(80)
		w := scrambled(t, r, saved, max(width, len(saved.Panes)*2), max(height, len(saved.Panes)*2))
		w.Width, w.Height = width, height // MakePlan reads places as shares of the window
		p, err := MakePlan(l, w, false, false)
		if err != nil {
			t.Fatalf("%q at %dx%d: %v", saved.Layout, width, height, err)
		}
		checkPlanLayout(t, p, w)
		got, _ := tmux.ParseLayoutTree(p.Layout)
		if why := keepsShares(l.Tree, got); why != "" {
			t.Fatalf("%q at %dx%d: %q: %s", saved.Layout, width, height, p.Layout, why)
		}
	}
}

// keepsShares compares a plan's layout tree with the saved one.
func keepsShares(n *Node, c *tmux.LayoutNode) string {
	if (n.Split == "") != (c.Split == 0) || n.Split == SplitH && c.Split != '{' || n.Split == SplitV && c.Split != '[' || len(n.Children) != len(c.Children) {
		return fmt.Sprintf("cell %+v is not the saved %+v", c.Rect, n)
	}
	if n.Split == "" {
		return ""
	}
	room, sum, fits := along(n.Split, c.Rect)-len(c.Children)+1, 0.0, true
	for i, k := range n.Children {
		sum += k.Share
		mins := cellsOf(k, func(int) tmux.PaneID { return "" }).minSize(n.Split)
		fits = fits && k.Share*float64(room) >= float64(mins)+1 && along(n.Split, c.Children[i].Rect) >= mins
	}
	for i, k := range n.Children {
		ideal := k.Share / sum * float64(room)
		if got := along(n.Split, c.Children[i].Rect); fits && math.Abs(float64(got)-ideal) >= 1 {
			return fmt.Sprintf("cell %+v has %d cells of %d, its share %.3f gives %.2f", c.Children[i].Rect, got, room, k.Share, ideal)
		}
		if why := keepsShares(k, c.Children[i]); why != "" {
			return why
		}
	}
	return ""
}

// TestPlanAnyPaneCount: a random layout applied to a random window with
// fewer, as many or more panes, some of them the saved ones, with or
// without create: the layout has a cell for each pane (and each pane
// Create makes), every slot is moved to, dropped or created exactly once,
// every pane is in Order once, and the layout tmux takes for the window's
// size; or, where the window is too small, an error saying so.
func TestPlanAnyPaneCount(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 43))
	for i := range 1000 {
		checkAnyPlan(t, r.Uint64(), r.Uint64(), i%2 == 0)
	}
}

// checkAnyPlan is TestPlanAnyPaneCount's check of one random case, and
// FuzzPlan's.
func checkAnyPlan(t *testing.T, seed, size uint64, create bool) {
	r := rand.New(rand.NewPCG(seed, 43))
	saved := randomSaved(t, r)
	l := layoutOf(t, saved)
	data, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	if back, why := decode(l.Name, data); why != "" || !reflect.DeepEqual(back, l) {
		t.Fatalf("%q through JSON: %s\n got %+v\nwant %+v", saved.Layout, why, back, l)
	}
	width, height := 1+int(size%300), 1+int(size>>16%100)
	n := 1 + int(size>>32%16)
	w := windowOf(t, randomTree(r, 250, 100, n, 1+r.IntN(60)).String())
	w.Width, w.Height = width, height
	p, err := MakePlan(l, w, create, false)
	if err != nil {
		if tmux.KindOf(err) != tmux.KindInvalidInput || !strings.Contains(err.Error(), "does not fit") || !strings.Contains(err.Error(), fmt.Sprintf("is %dx%d", width, height)) {
			t.Fatalf("%q on %d panes at %dx%d: %v", saved.Layout, len(w.Panes), width, height, err)
		}
		return
	}
	checkPlanLayout(t, p, w)
	slots := map[int]int{}
	for _, m := range p.Moves {
		slots[m.Slot]++
	}
	for _, d := range p.Dropped {
		slots[d]++
	}
	made := 0
	for _, id := range p.Order {
		if id == "" {
			made++
		}
	}
	panes := slices.Clone(p.Order)
	slices.Sort(panes)
	panes = slices.Compact(panes)
	if made != len(p.Create) || len(slots)+made != len(l.Slots) || len(p.Moves)+len(p.Extra) != len(w.Panes) ||
		len(p.Order) != len(w.Panes)+made || len(panes) != len(w.Panes)+min(made, 1) || create && len(p.Dropped) > 0 {
		t.Fatalf("%q on %d panes at %dx%d (create %v): order %v, moves %+v, dropped %v, create %d, extra %v", saved.Layout, len(w.Panes), width, height, create, p.Order, p.Moves, p.Dropped, len(p.Create), p.Extra)
	}
	for s, k := range slots {
		if k != 1 {
			t.Fatalf("%q: slot %d moved to or dropped %d times", saved.Layout, s, k)
		}
	}
	if after := p.After(w); len(after.Panes) != len(p.Order) {
		t.Fatalf("After has %d panes for %d cells", len(after.Panes), len(p.Order))
	}
}

// FuzzPlan: no layout, window size or pane count makes MakePlan panic or
// answer a layout tmux would refuse (checkAnyPlan).
func FuzzPlan(f *testing.F) {
	f.Add(uint64(1), uint64(80|24<<16|3<<32), false)
	f.Add(uint64(2), uint64(200|50<<16|12<<32), true)
	f.Add(uint64(3), uint64(5|5<<16|9<<32), false)
	f.Fuzz(func(t *testing.T, seed, size uint64, create bool) {
		checkAnyPlan(t, seed, size, create)
	})
}
