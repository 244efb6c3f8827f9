package tmuxctl

import (
	"context"

	"github.com/panemap/panemap/tmuxctl/scripts"
)

// A script is a command list whose later commands depend on tmux's state
// when it runs: if-shell -F picks between command lists by a format, and
// run-shell -C runs a command whose arguments a format computed. It lets
// one tmux process do what would otherwise take a read, a decision here
// and a second process, and the decision is made on tmux's state at that
// very moment rather than on one read earlier.
//
// Over tmux processes a script is one process; over control mode one line
// (and, unless it ends in a read, a marker line that says where its
// answer ends: see
// transport/control_script.go), so one round trip.

// script runs cmds, which change things, as a script: one whose answer
// was lost with its connection is not run again.
func (c *Client) script(ctx context.Context, cmds ...[]string) (string, error) {
	return c.send.RunScript(ctx, false, cmds...)
}

// caller is who an op's script is built for (see Op.script): Act's
// navigator, which reads its session around the change, or
// ActForAgent's agent, which reads nothing first.
type caller int

const (
	navigator caller = iota + 1
	agent
)

// The builders of scripts' commands are tmuxctl/scripts'.
var (
	ifShell    = scripts.IfShell
	renderList = scripts.List
)

// fmtHasLast is "1" in a window that has a last (previously active) pane.
const fmtHasLast = scripts.HasLast

// answerMarker separates the parts of one script's output. The nonce
// makes a marker line impossible to forge from pane text (a path or a
// title printed before it).
func answerMarker(nonce string) []string {
	return []string{"display-message", "-p", "=panemap-" + nonce}
}
