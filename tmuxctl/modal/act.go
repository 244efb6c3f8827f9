package modal

import (
	"context"
	"fmt"
	"slices"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// Act makes op as the navigator in a popup would, with what tmux cannot
// do while the modal pane is open done on the cursor instead:
//   - a select in the modal pane's window moves the cursor (tmux would
//     change nothing), with tmux's rule for directional moves;
//   - a select of another window only shows it: select-window would
//     hide the navigator's own pane;
//   - a restore puts the modal pane back into the states it compares (so
//     tmux's panes match them), and the cursor where the state had it;
//   - zoom, rotate and a tiled resize in the modal pane's window are
//     refused: a zoom would hide the navigator, a rotation could move
//     its pane, and a resize could take its room (the client refuses
//     that one too, in other words);
//   - a move, or a swap, that takes the focus along (Follow) takes it
//     only on the map.
//
// Everything else (swaps, the mark, layouts, names, floating panes, and
// whatever happens in other windows) is the client's, its answers shown
// as views.
func (n *Nav) Act(ctx context.Context, s tmux.SessionID, op tmuxctl.Op) (tmuxctl.Result, error) {
	if !keepsLayout[op.Kind] {
		n.mu.Lock()
		n.layout = nil // a restore sets it again
		n.mu.Unlock()
	}
	switch op.Kind {
	case tmuxctl.OpSelect:
		if n.inWin(ctx, op.Pane) || op.Pane == "" && op.Window == n.win {
			return n.selectHere(ctx, s, op)
		}
	case tmuxctl.OpRefocus:
		if n.inWin(ctx, op.With) {
			return n.onCursor(ctx, s, func(*tmux.State) error { n.cursor, n.last = op.With, op.Pane; return nil })
		}
	case tmuxctl.OpSelectWindow:
		return n.onCursor(ctx, s, func(*tmux.State) error { n.current = op.Window; return nil })
	case tmuxctl.OpZoom:
		if n.inWin(ctx, op.Pane) {
			return tmuxctl.Result{}, n.refuse("zoom a pane")
		}
	case tmuxctl.OpResize:
		// The modal pane is a floating leaf beside the tiled panes, and
		// tmux's resize-pane may take a tiled pane's room from it (see
		// tmux/FLOATING.md): the client refuses this too, in words about
		// floating panes that do not fit the navigator's own.
		if n.inWin(ctx, op.Pane) {
			return tmuxctl.Result{}, n.refuse("resize a tiled pane (tmux's resize-pane may take the room from the modal pane)")
		}
	case tmuxctl.OpRotate:
		if op.Window == n.win {
			return tmuxctl.Result{}, n.refuse("rotate its panes")
		}
	case tmuxctl.OpRestore:
		return n.restore(ctx, s, op)
	case tmuxctl.OpSwap:
		op, err := n.swapPartner(ctx, s, op)
		if err != nil {
			return tmuxctl.Result{}, err
		}
		return n.follow(ctx, s, op)
	case tmuxctl.OpMove:
		return n.follow(ctx, s, op)
	case tmuxctl.OpJump:
		return n.jump(ctx, s, op)
	}
	return n.pass(ctx, s, op)
}

// keepsLayout are the ops that change no window's layout.
var keepsLayout = map[tmuxctl.OpKind]bool{tmuxctl.OpSelect: true, tmuxctl.OpRefocus: true, tmuxctl.OpSelectWindow: true,
	tmuxctl.OpMark: true, tmuxctl.OpRenameWindow: true, tmuxctl.OpSetTitle: true, tmuxctl.OpJump: true}

// inWin reports whether p is a pane of the modal pane's window, as tmux
// has it now.
func (n *Nav) inWin(ctx context.Context, p tmux.PaneID) bool {
	if p == "" {
		return false
	}
	n.mu.Lock()
	cursor := n.cursor
	n.mu.Unlock()
	if p == cursor {
		return true
	}
	w, err := n.c.WindowOf(ctx, p)
	return err == nil && w.ID == n.win
}

// refuse says what cannot be done in the modal pane's window while
// panemap is open in it.
func (n *Nav) refuse(what string) error {
	return &tmux.Error{Kind: tmux.KindUnsupported, Value: string(n.win),
		Message: fmt.Sprintf("cannot %s in window %s while panemap is in a modal pane there (in a popup it can: @panemap-open popup)", what, n.win)}
}

// viewResult is r with its states as views.
func (n *Nav) viewResult(r tmuxctl.Result, err error) (tmuxctl.Result, error) {
	r.Before = n.View(r.Before)
	r.After = n.View(r.After)
	return r, err
}

// onCursor reads the session, changes the cursor with change, given the
// view of that read, and answers with the view before and after the
// change (only before when change fails).
func (n *Nav) onCursor(ctx context.Context, s tmux.SessionID, change func(before *tmux.State) error) (tmuxctl.Result, error) {
	st, err := n.c.ReadState(ctx, s)
	if err != nil {
		return tmuxctl.Result{}, err
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	before := n.viewLocked(st)
	if err := change(before); err != nil {
		return tmuxctl.Result{Before: before}, err
	}
	return tmuxctl.Result{Before: before, After: n.viewLocked(st)}, nil
}

// selectHere moves the cursor as op would move tmux's focus.
func (n *Nav) selectHere(ctx context.Context, s tmux.SessionID, op tmuxctl.Op) (tmuxctl.Result, error) {
	return n.onCursor(ctx, s, func(before *tmux.State) error {
		w, ok := before.Window(n.win)
		if !ok {
			return &tmux.Error{Kind: tmux.KindGone, Value: string(n.win), Message: fmt.Sprintf("window %s is gone", n.win)}
		}
		from := op.Pane
		if from == "" {
			from = n.cursor
		}
		if _, ok := w.Pane(from); !ok {
			return &tmux.Error{Kind: tmux.KindGone, Value: string(from), Message: fmt.Sprintf("pane %s is gone", from)}
		}
		if to := n.target(w, from, op); to != "" && to != n.cursor {
			n.last, n.cursor = n.cursor, to
		}
		return nil
	})
}

// target is where op goes from pane from of w (the view), "" for
// nowhere.
func (n *Nav) target(w *tmux.Window, from tmux.PaneID, op tmuxctl.Op) tmux.PaneID {
	switch op.Dir {
	case tmux.DirNone:
		return from
	case tmux.DirLast:
		if n.last != "" {
			return n.last
		}
		if len(w.Panes) == 2 { // tmux's fallback: the other pane
			if w.Panes[0].ID == from {
				return w.Panes[1].ID
			}
			return w.Panes[0].ID
		}
		return ""
	case tmux.DirNext, tmux.DirPrevious:
		i := slices.IndexFunc(w.Panes, func(q tmux.Pane) bool { return q.ID == from }) // selectHere found it
		step := 1
		if op.Dir == tmux.DirPrevious {
			step = -1
		}
		return w.Panes[((i+step)%len(w.Panes)+len(w.Panes))%len(w.Panes)].ID
	}
	// tmux's rule, as tmux.Neighbour predicts it: the view has the
	// cursor as the active pane and Nav's last pane as the last.
	to, _ := tmux.Neighbour(w, from, op.Dir, !op.Stop)
	return to
}

// swapPartner resolves a swap arrow's op (OpSwap with a Dir and no With)
// from a pane of the modal pane's window: tmux's select-pane changes
// nothing there, so tmux cannot be asked (see scripts.SwapToward), and
// the swap goes to the pane the cursor would move to, as the focus
// arrow's does (see target).
func (n *Nav) swapPartner(ctx context.Context, s tmux.SessionID, op tmuxctl.Op) (tmuxctl.Op, error) {
	if op.With != "" || !n.inWin(ctx, op.Pane) {
		return op, nil
	}
	st, err := n.c.ReadState(ctx, s)
	if err != nil {
		return op, err
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	w, ok := n.viewLocked(st).Window(n.win)
	if !ok {
		return op, &tmux.Error{Kind: tmux.KindGone, Value: string(n.win), Message: fmt.Sprintf("window %s is gone", n.win)}
	}
	if op.With = n.target(w, op.Pane, tmuxctl.Op{Dir: op.Dir}); op.With == "" {
		return op, &tmux.Error{Kind: tmux.KindRefused, Value: string(op.Pane), Message: fmt.Sprintf("no pane %s of pane %s to swap with", op.Dir, op.Pane)}
	}
	return op, nil
}
