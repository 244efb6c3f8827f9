// Package scripts builds the commands of tmuxctl's scripts: command lists
// whose later commands depend on tmux's state as they run (see tmuxctl's
// script.go), and the scripts too long to keep in tmuxctl itself.
package scripts

import (
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// IfShell is `if-shell -F -t target cond then [else]`: tmux expands cond
// in target's context and, unless it is empty or "0", runs the command
// list then, else the list otherwise (none when otherwise is empty). The
// lists are rendered for tmux's command parser with every argument
// quoted, so nothing in them can be read as anything but the words given. target must be a validated id.
func IfShell(target, cond string, then, otherwise [][]string) []string {
	cmd := []string{"if-shell", "-F", "-t", target, cond, List(then)}
	if len(otherwise) > 0 {
		cmd = append(cmd, List(otherwise))
	}
	return cmd
}

// List renders a command list as one string for tmux's parser. The
// words come from validated ids, fixed flags and formats made here, none
// of which holds a newline or NUL, the only bytes it cannot carry.
func List(cmds [][]string) string {
	line, err := transport.CommandLine(cmds)
	if err != nil {
		// Unreachable with the words scripts are made of; refuse loudly
		// rather than send something else.
		panic("tmuxctl/scripts: script word cannot be quoted: " + err.Error())
	}
	return line
}

// HasPane is a format that, in a pane's context, is "1" when pane p is
// in the same window and empty otherwise.
func HasPane(p tmux.PaneID) string {
	return "#{P:#{?#{==:#{pane_id}," + string(p) + "},1,}}"
}

// OnPane is a format that, in any pane's context, is non-empty when pane
// p, wherever it is, makes cond true in its own context: every pane of
// every session is looked at (#{S:#{W:#{P:…}}}), so a pane in another
// window, or a window linked in two sessions, is seen too.
func OnPane(p tmux.PaneID, cond string) string {
	return "#{S:#{W:#{P:#{?#{&&:#{==:#{pane_id}," + string(p) + "}," + cond + "},1,}}}}"
}

// HasLast is "1" in a window that has a last (previously active) pane.
const HasLast = "#{P:#{?pane_last,1,}}"

// SingleLast is "1" on tmux 3.2 and 3.3, whose windows remember one
// last pane instead of a history of them (3.4 and newer): a cross-window
// swap there forgets the last pane of a window whose active pane left.
const SingleLast = "#{m:3.[23]*,#{version}}"

// RunIn is run-shell -C running the command line format prints in pane
// p's context. A missing -t pane would have run-shell expand it in
// another pane's context, or none (cmd-run-shell.c: CMD_FIND_CANFAIL):
// then it runs has-session alone, which fails naming p.
func RunIn(p tmux.PaneID, format string) []string {
	sp := string(p)
	return []string{"run-shell", "-C", "-t", sp, "#{?#{==:#{pane_id}," + sp + "}," + format + "," +
		List([][]string{{"has-session", "-t", sp}}) + "}"}
}

// Literal is text for a format that expands to text itself: '#', ','
// and '}' escaped with '#' (format.c, format_expand1 and format_skip),
// so that a command line holding formats of its own (a read's) can be
// what a run-shell -C format prints, its formats left for the command.
func Literal(text string) string {
	return literal.Replace(text)
}

var literal = strings.NewReplacer("#", "##", ",", "#,", "}", "#}")
