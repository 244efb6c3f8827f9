package tmuxctl

import (
	"context"
	"fmt"

	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/applying"
	"github.com/panemap/panemap/tmuxctl/floating"
)

// readForApply is op, an OpApplyLayout, with the window its script
// starts from: From's read of it (the caller's, which its plan was made
// from), else a read now. A plan that makes panes has them made first, in
// a list of their own (see applying.Create), and starts from the window
// with them.
func (c *Client) readForApply(ctx context.Context, op Op) (Op, error) {
	if err := c.checkOp(ctx, op); err != nil {
		return op, err
	}
	var err error
	if op.From != nil {
		op.read, _ = op.From.Window(op.Window)
	}
	if op.read == nil {
		if op.read, err = c.ListPanes(ctx, op.Window); err != nil {
			return op, err
		}
	}
	if len(op.read.FloatingPanes()) > 0 {
		v, err := c.serverVersion(ctx)
		if err != nil {
			return op, err
		}
		if err := applying.CheckWindow(op.Plan, op.read, floating.Supported(v)); err != nil {
			return op, err
		}
	}
	if len(op.Plan.Create) == 0 {
		return op, nil
	}
	out, err := c.run(ctx, applying.Create(op.Plan, op.read)...)
	if err != nil {
		return op, c.nameGone(err, string(op.Window))
	}
	op.Plan, op.read, err = applying.Created(op.Plan, op.read, out)
	return op, err
}

// NameLayout sets window w's options to say it has layout name now, as
// a save of it does (see applying.Remember). The name goes inside an
// if-shell, as one quoted command line: over tmux processes an argument
// ending in ';' would end the command (see tmuxctl/label).
func (c *Client) NameLayout(ctx context.Context, w tmux.WindowID, name string) error {
	if _, err := tmux.ParseWindowID(string(w)); err != nil {
		return err
	}
	if err := layouts.CheckName(name); err != nil {
		return err
	}
	if _, err := c.run(ctx, ifShell(string(w), "1", applying.Remember(w, name), nil)); err != nil {
		return c.nameGone(err, string(w))
	}
	return nil
}

// ApplyLayout runs op, an OpApplyLayout, as ActForAgent does but
// without the read of the window after it (panemap layout apply: the plan
// says what the window became), one entry fewer in tmux's message log.
func (c *Client) ApplyLayout(ctx context.Context, op Op) error {
	if op.Kind != OpApplyLayout {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: fmt.Sprint(op.Kind), Message: fmt.Sprintf("ApplyLayout runs OpApplyLayout, not operation %d", op.Kind)}
	}
	op, err := c.readForApply(ctx, op)
	if err != nil {
		return err
	}
	out, err := c.script(ctx, op.script(agent, "")...)
	if err != nil {
		return c.opErr(op, err)
	}
	return op.refusal(out)
}
