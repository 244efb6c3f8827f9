package transport

import "context"

// RunScript runs a script (a command list whose later commands tmux
// chooses as it runs them: if-shell -F, run-shell -C, so how many answers
// come back is not known in advance) over the connection, or as a tmux
// process while there is none. readOnly says the script changes nothing:
// one whose answer was lost with its connection is then run again over
// exec; one that changes things and may have run is not.
func (t *Auto) RunScript(ctx context.Context, readOnly bool, cmds ...[]string) (string, error) {
	return t.runVia(ctx, cmds, readOnly, func(ctl *Control) (string, error) {
		return ctl.RunScript(ctx, cmds...)
	})
}
