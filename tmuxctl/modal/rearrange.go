package modal

import (
	"context"
	"slices"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/restoring"
)

// pass is op made by the client, tmux's current window then put back to
// the modal pane's own if op changed it (a move of another window's
// active pane takes the session's focus along, which would hide the
// navigator); the window op went to stays current on the map.
func (n *Nav) pass(ctx context.Context, s tmux.SessionID, op tmuxctl.Op) (tmuxctl.Result, error) {
	r, err := n.c.Act(ctx, s, op)
	if err != nil || r.After == nil || r.After.Current == n.win {
		return n.viewResult(r, err)
	}
	went := r.After.Current
	back, err := n.c.Act(ctx, s, tmuxctl.Op{Kind: tmuxctl.OpSelectWindow, Window: n.win})
	if back.After != nil {
		r.After = back.After
	}
	n.mu.Lock()
	n.current = went
	n.mu.Unlock()
	return n.viewResult(r, err)
}

// follow is a move or a swap of a pane, which, with Follow, takes the
// focus along on the map alone: in tmux it would select the pane's new
// window.
func (n *Nav) follow(ctx context.Context, s tmux.SessionID, op tmuxctl.Op) (tmuxctl.Result, error) {
	follow := op.Follow
	op.Follow = false
	r, err := n.pass(ctx, s, op)
	if err != nil || !follow || r.After == nil {
		return r, err
	}
	p, _, ok := r.After.FindPane(op.Pane)
	if !ok {
		return r, nil
	}
	if p.WindowID != n.win {
		// Another window: tmux's focus there can move.
		sel, err := n.c.Act(ctx, s, tmuxctl.Op{Kind: tmuxctl.OpSelect, Pane: op.Pane})
		if err != nil {
			return r, err
		}
		if sel.After != nil {
			r.After = sel.After
		}
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	n.current = p.WindowID
	if p.WindowID == n.win && op.Pane != n.cursor {
		n.last, n.cursor = n.cursor, op.Pane
	}
	r.After = n.viewLocked(r.After)
	return r, nil
}

// jump is made by the client as it is (the navigator closes after it):
// its select-pane in the modal pane's window changes nothing there, so
// the pane becomes the cursor, which Close selects.
func (n *Nav) jump(ctx context.Context, s tmux.SessionID, op tmuxctl.Op) (tmuxctl.Result, error) {
	r, err := n.c.Act(ctx, s, op)
	if err == nil {
		n.mu.Lock()
		n.jumped = true
		if op.Window == n.win && op.Pane != "" {
			n.cursor = op.Pane
		}
		n.mu.Unlock()
	}
	return n.viewResult(r, err)
}

// restore puts a state back. The state was a view: tmux's panes include
// the modal pane, so it is put back into what the client compares (the
// session as it is now, read again, and the state wanted), as the active
// pane of its window; the cursor then goes where the state had the focus.
func (n *Nav) restore(ctx context.Context, s tmux.SessionID, op tmuxctl.Op) (tmuxctl.Result, error) {
	now, err := n.c.ReadState(ctx, s)
	if err != nil {
		return tmuxctl.Result{}, err
	}
	want := op.Want
	op.From = now
	op.Want = n.withOwn(want, now)
	r, err := n.pass(ctx, s, op)
	if err != nil {
		return r, err
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	n.current = want.Current
	if w, ok := want.Window(n.win); ok {
		if a, ok := w.ActivePane(); ok {
			n.cursor = a.ID
		}
		n.layout = nil
		switch {
		case w.Zoomed:
		case len(w.FloatingPanes()) > 0:
			// Other panes float: select-layout would refuse the window
			// its tiled layout, so all tile into it and float again.
			n.layout, _ = restoring.Refloat(w)
		default:
			if l, err := tmux.TiledWithout(w.Layout, n.own.Num()); err == nil {
				n.layout = [][]string{{"select-layout", "-t", string(n.win), l}}
			}
		}
		n.last = ""
		if l, ok := w.LastPane(); ok {
			n.last = l.ID
		}
	}
	if r.After != nil {
		r.After = n.viewLocked(r.After)
	}
	return r, nil
}

// withOwn is view v with the modal pane (as now has it) back in its
// window, at the index it had in v (the gap the view left), as that
// window's active pane, and with tmux's current window: the window the
// modal pane is in.
func (n *Nav) withOwn(v, now *tmux.State) *tmux.State {
	rw, ok1 := now.Window(n.win)
	own, ok2 := tmux.Pane{}, false
	if ok1 {
		own, ok2 = rw.Pane(n.own)
	}
	out := *v
	out.Current = now.Current
	out.Windows = make([]*tmux.Window, len(v.Windows))
	for i, w := range v.Windows {
		c := *w
		c.Active = w.ID == out.Current
		if w.ID == n.win && ok2 {
			own.Index = gap(w.Panes)
			c.Panes = make([]tmux.Pane, 0, len(w.Panes)+1)
			for _, p := range w.Panes {
				p.Active = false
				c.Panes = append(c.Panes, p)
			}
			at := slices.IndexFunc(c.Panes, func(p tmux.Pane) bool { return p.Index > own.Index })
			if at < 0 {
				at = len(c.Panes)
			}
			c.Panes = slices.Insert(c.Panes, at, own)
		}
		out.Windows[i] = &c
	}
	return &out
}

// gap is the pane index a view's window lacks: the modal pane's, which
// the view left out of tmux's contiguous numbering; after the last when
// there is no gap (the modal pane was made last, as it usually is).
func gap(panes []tmux.Pane) int {
	used := map[int]bool{}
	low, high := 0, -1
	for i, p := range panes {
		used[p.Index] = true
		if i == 0 || p.Index < low {
			low = p.Index
		}
		high = max(high, p.Index)
	}
	for i := low; i < high; i++ {
		if !used[i] {
			return i
		}
	}
	return high + 1
}
