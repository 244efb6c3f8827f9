package tmuxctl

import (
	"context"
	"crypto/rand"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/floating"
	"github.com/panemap/panemap/tmuxctl/label"
	"github.com/panemap/panemap/tmuxctl/records"
	"github.com/panemap/panemap/tmuxctl/restoring"
)

// Result is what Act and ActForAgent answer with.
type Result struct {
	// Before and After are, for Act (the navigator), session s's state
	// just before and just after the change; After is nil when the
	// change failed.
	Before, After *tmux.State
	// Window is, for ActForAgent, the window the op's target is in
	// afterwards, and Pane the pane the op is about in it: for a select
	// the pane tmux landed on, else op.Pane. After a select Window holds
	// that pane alone, after a swap op.Pane alone.
	Window *tmux.Window
	Pane   tmux.Pane
	// Was is, for an agent's resize or move, the window op.Pane was in
	// just before the change, read in the same command list: what
	// changed, and what became of the window a pane left.
	Was *tmux.Window
	// Beside is, for an agent's move into a window whose active pane
	// floats, the pane the moved pane joined beside (see
	// tmux.Window.JoinBeside), or "".
	Beside tmux.PaneID
}

// Act makes one change, op, for the navigator of session s, and answers
// with s's state just before and just after the change; when the change
// fails, Before may still be set. An agent's call, with no session in
// view, is ActForAgent's: its scripts and its answer differ.
//
// All of it is one command list (one tmux process, or one control-mode
// round trip), in which tmux decides what depends on its state at that
// moment (which pane is active, which is at an edge, whether a window
// has a last pane), and the reads of the answer; only a restore that
// moves panes between windows takes steps.
func (c *Client) Act(ctx context.Context, s tmux.SessionID, op Op) (Result, error) {
	if s == "" {
		return Result{}, &tmux.Error{Kind: tmux.KindInvalidInput, Message: "Act needs the navigator's session; an agent's call is ActForAgent"}
	}
	if _, err := tmux.ParseSessionID(string(s)); err != nil {
		return Result{}, err
	}
	if err := c.checkOp(ctx, op); err != nil {
		return Result{}, err
	}
	var err error
	if op.Kind == OpJump && op.Client == "" {
		if op.Client, err = c.ClientOf(ctx, s); err != nil {
			return Result{}, err
		}
	}
	if op.Kind == OpLayout && isFloatingLayout(op.Layout) {
		return c.floatingLayout(ctx, navigator, s, op)
	}
	if op.Kind == OpApplyLayout {
		if op, err = c.readForApply(ctx, op); err != nil {
			return Result{}, err
		}
	}
	if op.Kind == OpRestore && restoring.Moved(op.From, op.Want) {
		return c.restoreInSteps(ctx, s, op.Want, op.Names)
	}
	if op.Kind == OpRestore {
		if op.floatOps, err = c.floatOps(ctx, op.Want); err != nil {
			return Result{}, err
		}
	}
	nonce := rand.Text()
	var cmds [][]string
	cmds = append(cmds, readStateCmds(s)...)
	cmds = append(cmds, answerMarker(nonce+"F"), foreignCmd(s), answerMarker(nonce+"O"))
	cmds = append(cmds, op.script(navigator, s)...)
	cmds = append(cmds, answerMarker(nonce+"A"))
	cmds = append(cmds, readStateCmds(s)...)
	cmds = append(cmds, answerMarker(nonce+"G"), foreignCmd(s))
	out, err := c.script(ctx, cmds...)
	parts := splitMarkers(out, nonce, "F", "O", "A", "G")
	before, readErr := stateFromParts(s, parts[0], parts[1])
	r := Result{Before: before}
	if next, ok := op.rejudge(parts[2]); ok && readErr == nil && err == nil {
		again, err := c.Act(ctx, s, next)
		again.Before = before
		return again, err
	}
	switch {
	case readErr != nil && err != nil: // the session itself is gone, or tmux
		return Result{}, c.nameGone(err, string(s))
	case readErr != nil:
		return Result{}, readErr
	case err != nil: // the change failed
		return r, c.opErr(op, err)
	case op.refusal(parts[2]) != nil:
		return r, op.refusal(parts[2])
	case op.Kind == OpRestore && restoring.Positions(r.Before) != restoring.Positions(op.From):
		// The panes moved since the caller's read: the guarded swaps
		// did not run. Restore reads and works it out again.
		if _, err := c.restoreAll(ctx, op.Want, op.Names); err != nil {
			return r, err
		}
		r.After, err = c.ReadState(ctx, s)
		return r, err
	}
	r.After, err = stateFromParts(s, parts[3], parts[4])
	return r, err
}

// restoreInSteps is a restore that moves panes between windows: reads
// between its steps (see restoreAll). after.Recreated names the windows
// it had to recreate.
func (c *Client) restoreInSteps(ctx context.Context, s tmux.SessionID, want *tmux.State, names map[string]bool) (Result, error) {
	var r Result
	var err error
	if r.Before, err = c.ReadState(ctx, s); err != nil {
		return Result{}, err
	}
	recreated, err := c.restoreAll(ctx, want, names)
	if err != nil {
		return r, err
	}
	r.After, err = c.ReadState(ctx, s)
	if r.After != nil {
		r.After.Recreated = recreated
	}
	return r, err
}

// checkOp is op.Check, and for a name or title that only some tmux
// versions store exactly, or for an op on floating panes, a refusal on
// the versions that cannot, by the server's version (read once per server,
// see serverVersion; the command list itself would change nothing there,
// see label).
func (c *Client) checkOp(ctx context.Context, op Op) error {
	if err := op.Check(); err != nil {
		return err
	}
	if what := floatingWhat[op.Kind]; what != "" {
		v, err := c.serverVersion(ctx)
		if err != nil {
			return err
		}
		if !floating.Supported(v) {
			return floating.Unsupported(v, what)
		}
		return nil
	}
	window := op.Kind == OpRenameWindow
	if !window && op.Kind != OpSetTitle || !label.Versioned(window, op.Text) {
		return nil
	}
	v, err := c.serverVersion(ctx)
	if err != nil {
		return err
	}
	return label.Stores(window, op.Text, v.Raw)
}

// foreignCmd reads the marked pane's window and panes, when there is a
// marked pane (it may lie outside the session).
func foreignCmd(s tmux.SessionID) []string {
	return ifShell(string(s), "#{pane_marked_set}", [][]string{
		{"display-message", "-p", "-t", "{marked}", records.WindowFormat},
		{"list-panes", "-t", "{marked}", "-F", records.PaneFormat},
	}, nil)
}

// splitMarkers cuts out at the markers nonce+k, in order: one part before
// each marker and the rest after the last; a missing marker leaves its
// part and those after it empty.
func splitMarkers(out, nonce string, keys ...string) []string {
	parts := make([]string, 0, len(keys)+1)
	for _, k := range keys {
		before, after, ok := strings.Cut(out, "=panemap-"+nonce+k+"\n")
		if !ok {
			before, after = out, ""
		}
		parts = append(parts, before)
		out = after
	}
	return append(parts, out)
}

// stateFromParts reads a session read and its foreign-window read.
func stateFromParts(s tmux.SessionID, main, foreign string) (*tmux.State, error) {
	st, markedWin, err := parseState(s, main)
	if err != nil {
		return nil, err
	}
	if markedWin != "" {
		if l, err := records.Parse(foreign); err == nil {
			for _, w := range l.Windows {
				if w.ID == markedWin {
					st.Foreign = w
				}
			}
		}
	}
	return st, nil
}
