package tmuxctl

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/applying"
	"github.com/panemap/panemap/tmuxctl/floating"
	"github.com/panemap/panemap/tmuxctl/records"
)

// ActForAgent makes one change, op, for an agent (the MCP tools), with
// no session in view, and answers with the window the op leaves its
// target in (see Result): op, checked, and the read of its answer (see
// answerCmds) in the same command list. Its scripts are built for a
// caller that has read nothing first (see Op.script): a layout string is
// checked against the window as tmux applies it (layoutStringAlone), a
// move into a window whose active pane floats takes a second command
// list, which decides again as it runs (see Op.rest), and a move out to
// a new window makes it in the pane's own session. A select of a window,
// a restore and a jump need a session: they are Act's.
func (c *Client) ActForAgent(ctx context.Context, op Op) (Result, error) {
	if err := c.checkOp(ctx, op); err != nil {
		return Result{}, err
	}
	switch op.Kind {
	case OpSelectWindow, OpRestore, OpJump:
		return Result{}, &tmux.Error{Kind: tmux.KindInvalidInput, Value: fmt.Sprint(op.Kind), Message: fmt.Sprintf("operation %d needs a session", op.Kind)}
	}
	if op.Kind == OpLayout && isFloatingLayout(op.Layout) {
		return c.floatingLayout(ctx, agent, "", op)
	}
	if op.Kind == OpApplyLayout {
		var err error
		if op, err = c.readForApply(ctx, op); err != nil {
			return Result{}, err
		}
	}
	return c.actAndRead(ctx, op)
}

// actAndRead runs op's script (built for an agent) and reads its answer: for a resize or a
// move, the pane's window before it too (Result.Was).
func (c *Client) actAndRead(ctx context.Context, op Op) (Result, error) {
	target := op.from()
	var cmds [][]string
	nonce := ""
	if op.Kind == OpResize || op.Kind == OpMove {
		nonce = rand.Text() // the marker ends the read's line
		cmds = readWindowCmds(target)
		cmds[0][len(cmds[0])-1] += answerMarker(nonce)[2]
	}
	cmds = append(cmds, op.script(agent, "")...)
	out, err := c.script(ctx, append(cmds, op.answerCmds()...)...)
	if err != nil {
		return Result{}, c.opErr(op, err)
	}
	if next, ok := op.rest(out, nonce); ok {
		r, err := c.actAndRead(ctx, next)
		if err == nil {
			r.Beside = next.Beside
		}
		return r, err
	}
	var r Result
	if nonce != "" {
		parts := splitMarkers(out, nonce, "")
		if r.Was, err = oneWindow(parts[0]+"\n", target); err != nil {
			return Result{}, err
		}
		out = parts[1]
	}
	if next, ok := op.rejudge(out); ok {
		return c.actAndRead(ctx, next)
	}
	if err := op.refusal(out); err != nil {
		return Result{}, err
	}
	if rest, ok := strings.CutPrefix(out, misfitLine+"\n"); ok {
		// The window as the layout string found it (see
		// layoutStringAlone), and the read after, which is the same.
		if w, err := oneWindow(rest, target); err == nil {
			if err := fitsWindow(op.Layout, w); err != nil {
				return Result{}, err
			}
		}
		return Result{}, &tmux.Error{Kind: tmux.KindGone, Value: target, Message: fmt.Sprintf("window %s changed size or panes just now: layout %s no longer fits it, nothing changed (read the window again)", target, tmux.Quote(op.Layout))}
	}
	w, err := oneWindow(out, target)
	if err != nil {
		return Result{}, err
	}
	r.Window = w
	id := op.Pane
	if op.Kind == OpSelect {
		a, ok := w.ActivePane()
		if !ok {
			return Result{}, tmux.Gone("pane", target)
		}
		id = a.ID
	}
	if id != "" {
		var ok bool
		if r.Pane, ok = w.Pane(id); !ok {
			return Result{}, tmux.Gone("pane", string(id))
		}
	}
	return r, nil
}

// rest is the op to run after op's first command list (run by
// actAndRead, out its answer, nonce the marker of the read before) said
// it left the change to a second one, and true; or false. Only a move
// into a window whose active pane floats does (see moveFirst): beside
// the pane JoinBeside picks from the window's read in out.
func (op Op) rest(out, nonce string) (Op, bool) {
	if op.second || op.Kind != OpMove || nonce == "" {
		return Op{}, false
	}
	read, ok := strings.CutPrefix(splitMarkers(out, nonce, "")[1], besideLine+" ")
	if !ok {
		return Op{}, false
	}
	op.second = true
	if l, err := records.Parse(read); err == nil {
		for _, w := range l.Windows {
			if a, ok := w.ActivePane(); w.ID == op.Window && ok && a.Floating {
				if b, ok := w.JoinBeside(); ok {
					op.Beside = b.ID
				}
			}
		}
	}
	return op, true
}

// rejudge is, for a resize refused for a layout tmux printed (see
// resizeScript), the resize again with that layout judged, when it
// reaches no floating pane's cell there, and true; or false, when it does
// (op.refusal says so) or was judged already: the window changed in
// between, and op.refusal says no.
func (op Op) rejudge(out string) (Op, bool) {
	layout, ok := floating.ResizeLayout(out)
	if !ok || op.Kind != OpResize || op.judged != "" {
		return Op{}, false
	}
	if reaches, err := tmux.ResizeReachesFloating(layout, op.Pane, op.Dir, op.Cells); err != nil || reaches {
		return Op{}, false
	}
	op.judged = layout
	return op, true
}

// answerCmds read what ActForAgent answers with: the window op's target is
// in, with every pane; for a select only its active pane, for a swap only
// op.Pane (a pane's command and path cost tmux a look into /proc each,
// so the other panes are left out).
func (op Op) answerCmds() [][]string {
	target := op.from()
	switch op.Kind {
	case OpSelect:
		// #{P:,X}: nothing for each pane, X for the active one.
		return [][]string{{"display-message", "-p", "-t", target, records.WindowFormat + "#{P:," + records.PaneFormat + "}"}}
	case OpSwap:
		return [][]string{{"display-message", "-p", "-t", target, records.WindowFormat + records.PaneFormat}}
	}
	return readWindowCmds(target)
}

// opErr is the error a change tmux refused answers with: tmux's "can't
// find" names the op's target (see nameGone), and a select of the last
// pane where there is none says so.
func (c *Client) opErr(op Op, err error) error {
	err = c.nameGone(err, op.from())
	if op.Kind == OpSelect && op.Dir == tmux.DirLast && tmux.KindOf(err) == tmux.KindRefused {
		return &tmux.Error{Kind: tmux.KindRefused, Value: op.from(), Message: fmt.Sprintf("no last pane in the window of pane %s", op.from()), Err: err}
	}
	if op.Kind == OpMove && strings.Contains(err.Error(), "can't split a floating pane") {
		// join-pane goes beside the window's active pane, and tmux
		// 3.7+ splits no floating pane (layout.c, layout_get_tiled_cell).
		return &tmux.Error{Kind: tmux.KindRefused, Value: string(op.Window), Message: fmt.Sprintf("the active pane of window %s floats, and tmux moves a pane in only beside a tiled pane (it splits no floating pane): select a tiled pane of %s first, or tile one. Nothing changed", op.Window, op.Window), Err: err}
	}
	return err
}

// refusal is the error for a floating guard's refusal in out, the
// output of op's script (see floating.Guard), or nil.
func (op Op) refusal(out string) error {
	if op.Kind == OpApplyLayout {
		return applying.Refusal(out, op.Window)
	}
	subject := string(op.Window)
	if op.Kind == OpResize {
		subject = string(op.Pane)
	}
	if op.Kind == OpSwap {
		subject = "panes " + string(op.Pane) + " and " + string(op.With)
		if op.With == "" {
			subject = "pane " + string(op.Pane) + " and its neighbour " + string(op.Dir)
		}
	}
	return floating.Refusal(out, subject, op.Layout)
}
