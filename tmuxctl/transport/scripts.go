package transport

import "context"

// RunScript runs cmds as one tmux process.
func (t *Exec) RunScript(ctx context.Context, _ bool, cmds ...[]string) (string, error) {
	return t.Run(ctx, cmds...)
}

// RunScript runs cmds over the connection, or as a tmux process while
// there is none. A script that changes things and may have run is not
// run again.
func (t *Auto) RunScript(ctx context.Context, readOnly bool, cmds ...[]string) (string, error) {
	return t.runVia(ctx, cmds, readOnly, func(ctl *Control) (string, error) {
		return ctl.RunScript(ctx, readOnly, cmds...)
	})
}
