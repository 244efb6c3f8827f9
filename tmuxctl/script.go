package tmuxctl

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// A script is a command list whose later commands depend on tmux's state
// when it runs: if-shell -F picks between command lists by a format, and
// run-shell -C runs a command whose arguments a format computed. It lets
// one tmux process do what would otherwise take a read, a decision here
// and a second process, and the decision is made on tmux's state at that
// very moment rather than on one read earlier.
//
// Over tmux processes a script is one process; over control mode one line
// (and a marker line that says where its answer ends: see
// transport/control_script.go), so one round trip.

// script runs cmds, which change things, as a script: one whose answer
// was lost with its connection is not run again.
func (c *Client) script(ctx context.Context, cmds ...[]string) (string, error) {
	return c.t.RunScript(ctx, false, cmds...)
}

// ifShell is `if-shell -F -t target cond then [else]`: tmux expands cond
// in target's context and, unless it is empty or "0", runs the command
// list then, else the list otherwise. The lists are rendered for tmux's
// command parser with every argument quoted, so nothing in them can be
// read as anything but the words given. target must be a validated id.
func ifShell(target, cond string, then, otherwise [][]string) []string {
	cmd := []string{"if-shell", "-F", "-t", target, cond, renderList(then)}
	if otherwise != nil {
		cmd = append(cmd, renderList(otherwise))
	}
	return cmd
}

// renderList renders a command list as one string for tmux's parser. The
// words come from validated ids, fixed flags and formats made here, none
// of which holds a newline or NUL, the only bytes it cannot carry.
func renderList(cmds [][]string) string {
	line, err := transport.CommandLine(cmds)
	if err != nil {
		// Unreachable with the words scripts are made of; refuse loudly
		// rather than send something else.
		panic("tmuxctl: script word cannot be quoted: " + err.Error())
	}
	return line
}

// fmtHasPane is a format that, in a pane's context, is "1" when pane p is
// in the same window and empty otherwise.
func fmtHasPane(p tmux.PaneID) string {
	return "#{P:#{?#{==:#{pane_id}," + string(p) + "},1,}}"
}

// fmtHasLast is "1" in a window that has a last (previously active) pane.
const fmtHasLast = "#{P:#{?pane_last,1,}}"

// fmtSingleLast is "1" on tmux 3.2 and 3.3, whose windows remember one
// last pane instead of a history of them (3.4 and newer): a cross-window
// swap there forgets the last pane of a window whose active pane left.
const fmtSingleLast = "#{m:3.[23]*,#{version}}"

// answerMarker separates the parts of one script's output. The nonce
// makes a marker line impossible to forge from pane text (a path or a
// title printed before it).
func answerMarker(nonce string) []string {
	return []string{"display-message", "-p", "=panemap-" + nonce}
}
