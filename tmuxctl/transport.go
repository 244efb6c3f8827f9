package tmuxctl

import "context"

// Transport runs tmux commands on one server. A command is its argv without
// the tmux binary and socket flags, e.g. {"select-pane", "-t", "%1"}.
// Several commands passed together run as one tmux command list, in order,
// without another client's command in between; the output is theirs,
// concatenated. Failures are *Error values.
//
// Implementations: ExecTransport (a tmux process per call) and the
// control-mode transport (one persistent connection).
type Transport interface {
	Run(ctx context.Context, cmds ...[]string) (string, error)
	Close() error
}
