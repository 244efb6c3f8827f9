package tmuxctl_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// dirPlan is a window to build alike several times: its splits (each
// detached, so no split makes a pane active), the panes made active
// after them in order (each one bumps tmux's recency counter), a
// direction, and the pane select_pane starts from.
type dirPlan struct {
	splits []string // split-window's flags, its target's index last
	visits []int
	dir    tmux.Direction
	from   int // select_pane's pane, by index (the arrows start from the active one)
}

func newDirPlan(rng *rand.Rand) dirPlan {
	var p dirPlan
	n := 4 + rng.IntN(4)
	for i := 1; i < n; i++ {
		flag := "-v"
		if rng.IntN(2) == 0 {
			flag = "-h"
		}
		p.splits = append(p.splits, flag, "-l", fmt.Sprintf("%d%%", 25+rng.IntN(51)), fmt.Sprint(rng.IntN(i)))
	}
	// At most two visits half the time: then tmux's choice is one the
	// read can know (see tmux.Neighbour).
	visits := rng.IntN(2) // one more may come (see dirRound.check)
	if rng.IntN(2) == 0 {
		visits = 3 + rng.IntN(2*n)
	}
	for range visits {
		p.visits = append(p.visits, rng.IntN(n))
	}
	p.from = rng.IntN(n)
	p.dir = []tmux.Direction{tmux.DirUp, tmux.DirDown, tmux.DirLeft, tmux.DirRight}[rng.IntN(4)]
	return p
}

// build makes the plan's window at index idx of session main and
// returns its id and its panes' ids by index; no panes when a split
// found no room ("no space for new pane", master "no space for a new
// pane").
func (p dirPlan) build(t *testing.T, srv *tmuxtest.Server, idx int) (tmux.WindowID, []string) {
	t.Helper()
	win := fmt.Sprintf("main:%d", idx)
	// A size of its own (resize-window), room for seven panes either way.
	cmds := []string{"new-window", "-d", "-t", win, ";", "resize-window", "-t", win, "-x", "160", "-y", "60"}
	for i := 0; i < len(p.splits); i += 4 {
		cmds = append(cmds, ";", "split-window", "-d", p.splits[i], p.splits[i+1], p.splits[i+2], "-t", win+"."+p.splits[i+3])
	}
	for _, v := range p.visits {
		cmds = append(cmds, ";", "select-pane", "-t", fmt.Sprintf("%s.%d", win, v))
	}
	out, err := srv.Run(cmds...)
	if err != nil && !strings.Contains(out+err.Error(), "no space for") {
		t.Fatal(err)
	}
	var id string
	var panes []string
	for _, l := range strings.Split(srv.Must("list-panes", "-t", win, "-F", "#{window_id} #{pane_id}"), "\n") {
		w, pane, _ := strings.Cut(l, " ")
		id, panes = w, append(panes, pane)
	}
	if err != nil {
		srv.Must("kill-window", "-t", id)
		return "", nil
	}
	return tmux.WindowID(id), panes
}

// panesOf is window win's panes by index, its active pane and its last.
func panesOf(srv *tmuxtest.Server, win tmux.WindowID) (ids []string, active, last string) {
	for _, l := range strings.Split(srv.Must("list-panes", "-t", string(win), "-F", "#{pane_active}#{pane_last} #{pane_id}"), "\n") {
		flags, id, _ := strings.Cut(l, " ")
		ids = append(ids, id)
		if flags[0] == '1' {
			active = id
		}
		if len(flags) > 1 && flags[1] == '1' {
			last = id
		}
	}
	return ids, active, last
}

// TestDirectionAgreesWithTmux builds generated layouts (four to seven
// panes, split at random, then panes made active in a random order to
// set tmux's recency) several times alike, and in each finds the pane
// tmux's own select-pane picks in a direction, wrap and most recently
// used included; then the navigator's focus arrow (OpSelect from the
// window's active pane), its swap arrow (OpSwap with a Dir: the active
// pane and that pane exchange places, focus and last pane kept, and the
// navigator's undo, a restore, puts all back) and the select_pane tool
// (OpSelect from a pane, no session) must pick the same pane every
// time. Where at most two panes were visited, tmux.Neighbour's
// prediction must be that pane too.
func TestDirectionAgreesWithTmux(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	sess := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 41))
	rounds := tmuxtest.Rounds(30, 8)
	several, predicted := 0, 0
	for round := 0; round < rounds; {
		d := dirRound{t: t, srv: srv, c: c, sess: sess, p: newDirPlan(rng)}
		d.where = fmt.Sprintf("seed %d round %d (%+v)", seed, round, d.p)
		choice, prediction, built := d.check()
		if !built {
			continue // another plan
		}
		round++
		if choice {
			several++
		}
		if prediction {
			predicted++
		}
	}
	t.Logf("seed %d: %d of %d rounds with two or more panes to choose from, %d checking the prediction", seed, several, rounds, predicted)
	// The sweep is worth its name only with panes that have a choice.
	if several < rounds/2 || predicted == 0 {
		t.Errorf("seed %d: %d of %d rounds had two or more panes to choose from, %d checked the prediction", seed, several, rounds, predicted)
	}
}

type dirRound struct {
	t     *testing.T
	srv   *tmuxtest.Server
	c     *tmuxctl.Client
	sess  tmux.SessionID
	p     dirPlan
	where string
}

var dirFlag = map[tmux.Direction]string{tmux.DirUp: "-U", tmux.DirDown: "-D", tmux.DirLeft: "-L", tmux.DirRight: "-R"}

// check builds five copies of the plan's window: tmux's answers (from
// the active pane, and from select_pane's pane on a copy of its own),
// the focus arrow's, the swap arrow's and select_pane's; it reports
// whether the active pane had two or more panes to choose from, and
// whether the prediction was checked; built is false, and nothing was
// checked, when the plan's splits found no room.
func (d dirRound) check() (choice, predicted, built bool) {
	t, srv, c, p, where := d.t, d.srv, d.c, d.p, d.where
	t.Helper()
	refWin, ref := p.build(t, srv, 1)
	if ref == nil {
		return false, false, false
	}
	w, err := c.ListPanes(ctx(t), refWin)
	if err != nil {
		t.Fatal(err)
	}
	_, act, _ := panesOf(srv, refWin)
	// The plan's direction from the active pane, or else a pane and a
	// direction with a choice, where the layout has one: that pane is
	// visited last (it becomes the active pane) in every copy.
	cands, _ := tmux.Adjacent(w, tmux.PaneID(act), p.dir)
	for _, q := range w.Panes {
		for dir := range dirFlag {
			if other, _ := tmux.Adjacent(w, q.ID, dir); len(cands) < 2 && len(other) > 1 {
				p.dir, cands, act = dir, other, string(q.ID)
			}
		}
	}
	if i := indexOf(ref, act); len(p.visits) == 0 || p.visits[len(p.visits)-1] != i {
		p.visits = append(p.visits, i)
		srv.Must("select-pane", "-t", act)
	}
	where += fmt.Sprintf(" %s from index %d, visits %v", p.dir, indexOf(ref, act), p.visits)
	fromWin, fromRef := p.build(t, srv, 2)
	focusWin, focus := p.build(t, srv, 3)
	swapWin, swap := p.build(t, srv, 4)
	mcpWin, mcp := p.build(t, srv, 5)
	defer srv.Must("kill-window", "-t", string(refWin), ";", "kill-window", "-t", string(fromWin), ";",
		"kill-window", "-t", string(focusWin), ";", "kill-window", "-t", string(swapWin), ";", "kill-window", "-t", string(mcpWin))

	from := fromRef[p.from]
	wantFrom := indexOf(fromRef, srv.Active(string(fromWin), "select-pane", "-t", from, dirFlag[p.dir], ";"))
	got, err := c.ActForAgent(ctx(t), tmuxctl.Op{Kind: tmuxctl.OpSelect, Pane: tmux.PaneID(mcp[p.from]), Dir: p.dir})
	switch {
	case err != nil && wantFrom != p.from:
		t.Fatalf("%s: select_pane: %v", where, err)
	case err == nil && indexOf(mcp, string(got.Pane.ID)) != wantFrom:
		t.Errorf("%s: select_pane from index %d went to index %d, tmux's select-pane to %d", where, p.from, indexOf(mcp, string(got.Pane.ID)), wantFrom)
	}

	if len(cands) == 0 {
		return false, false, true // one row or column that way: tmux does nothing
	}
	if w, err = c.ListPanes(ctx(t), refWin); err != nil {
		t.Fatal(err)
	}
	prediction, _ := tmux.Neighbour(w, tmux.PaneID(act), p.dir, true)
	want := indexOf(ref, srv.Active(string(refWin), "select-pane", "-t", act, dirFlag[p.dir], ";"))
	if len(p.visits) <= 2 {
		predicted = true
		if got := indexOf(ref, string(prediction)); got != want {
			t.Errorf("%s: tmux.Neighbour predicts index %d, tmux picks %d", where, got, want)
		}
	}

	if _, err := c.Act(ctx(t), d.sess, tmuxctl.Op{Kind: tmuxctl.OpSelect, Window: focusWin, Dir: p.dir}); err != nil {
		t.Fatalf("%s: focus arrow: %v", where, err)
	}
	if got := indexOf(focus, srv.Active(string(focusWin))); got != want {
		t.Errorf("%s: the focus arrow went to index %d, tmux's select-pane to %d", where, got, want)
	}

	before, active, last := panesOf(srv, swapWin)
	// Every other round with the pane zoomed: the swap keeps the zoom.
	zoomed := len(p.visits)%2 == 1
	if zoomed {
		srv.Must("resize-pane", "-Z", "-t", active)
	}
	r, err := c.Act(ctx(t), d.sess, tmuxctl.Op{Kind: tmuxctl.OpSwap, Pane: tmux.PaneID(active), Dir: p.dir})
	if err != nil {
		t.Fatalf("%s: swap arrow: %v", where, err)
	}
	at := indexOf(swap, active)
	wantAfter := slices.Clone(before)
	wantAfter[at], wantAfter[want] = wantAfter[want], wantAfter[at]
	// A window with no last pane gets one: tmux cannot forget a last
	// pane, and a swap with the active pane leaves the other one there,
	// as swaps by id always have (see scripts.Swap).
	wantLast := last
	if last == "" {
		wantLast = before[want]
	}
	after, active2, last2 := panesOf(srv, swapWin)
	if z := srv.Display(string(swapWin), "#{window_zoomed_flag}") == "1"; z != zoomed {
		t.Errorf("%s: the swap arrow left the window zoomed %v, want %v", where, z, zoomed)
	}
	if !slices.Equal(after, wantAfter) || active2 != active || last2 != wantLast {
		t.Errorf("%s: the swap arrow made panes %v (active %s, last %q) of %v (active %s, last %q); tmux's select-pane picks index %d, so want %v (last %q)",
			where, after, active2, last2, before, active, last, want, wantAfter, wantLast)
	}
	if _, err := c.Act(ctx(t), d.sess, tmuxctl.Op{Kind: tmuxctl.OpRestore, From: r.After, Want: r.Before}); err != nil {
		t.Fatalf("%s: undo: %v", where, err)
	}
	if z := srv.Display(string(swapWin), "#{window_zoomed_flag}") == "1"; z != zoomed {
		t.Errorf("%s: undo left the window zoomed %v, want %v", where, z, zoomed)
	}
	if undone, a, l := panesOf(srv, swapWin); !slices.Equal(undone, before) || a != active || l != wantLast {
		t.Errorf("%s: undo left panes %v (active %s, last %q), want %v (active %s, last %q)", where, undone, a, l, before, active, wantLast)
	}
	return len(cands) > 1, predicted, true
}
