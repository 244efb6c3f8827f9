package tmuxctl

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// Options say which tmux server a Client talks to, and how.
type Options struct {
	Socket tmux.Socket
	// Caller is the environment panemap runs in: it tells which pane is
	// panemap's own and which session a popup belongs to.
	Caller tmux.Env
	Binary string   // the tmux executable; "" is tmux from PATH
	Env    []string // tmux's process environment; nil is os.Environ()
	// Control says when a control-mode connection may be used (see
	// tmux.PlanControl); the default keeps tmux servers that a control
	// client can crash on tmux processes.
	Control tmux.ControlPolicy
	// DeferDial keeps the client on tmux processes until Connect or
	// Events: a program that may only hand over to another (the popup
	// launcher) attaches no control client at all.
	DeferDial bool
}

// Open returns a client for o. It connects lazily, on first use.
func Open(o Options) *Client {
	t := transport.NewAuto(o.Socket)
	t.Binary, t.Env, t.Policy, t.DeferDial = o.Binary, o.Env, o.Control, o.DeferDial
	return NewClient(t, o.Caller)
}

// Connect opens the client's control-mode connection now, and reports
// whether control mode is in use; an error says why it is not.
func (c *Client) Connect(ctx context.Context) (bool, error) {
	return c.t.Connect(ctx)
}

// RunProcess runs cmds as a tmux process of its own, never over the
// control connection: for the command lists that open and close a modal
// pane (tmuxctl/modal).
func (c *Client) RunProcess(ctx context.Context, cmds ...[]string) (string, error) {
	return c.t.Exec().Run(ctx, cmds...)
}
