package transport

import (
	"context"
	"crypto/rand"
	"slices"
	"strings"
)

// Scripts over control mode. tmux answers every command a script inserts
// (if-shell -F, run-shell -C) with a block of its own, so how many blocks
// answer a script's line is not known when it is sent; and a failing
// command ends its line's list only when it is one of the line's own
// commands, not an inserted one. So a script's line is followed by a
// second line with one marker command: tmux runs a control client's lines
// in order, each after everything the previous one inserted, so the
// marker's block is the last of the script's, however the script went.

// RunScript runs cmds as one command list and answers with their output
// and the first failure among them. A lost answer is never retried here
// (Auto may retry a read-only one over exec). A script that inserts no
// command is answered block by block as Run answers it, without the
// marker: the marker is one more entry in tmux's message log, which
// records every command a client runs.
func (t *Control) RunScript(ctx context.Context, cmds ...[]string) (string, error) {
	if countCommands(cmds) == 0 {
		return "", nil
	}
	if !slices.ContainsFunc(cmds, inserts) {
		return t.Run(ctx, cmds...)
	}
	line, err := CommandLine(cmds)
	if err != nil {
		return "", err
	}
	marker := "=panemap-end-" + rand.Text()
	req := &request{until: marker, done: make(chan struct{})}
	return t.wait(ctx, req, line+"\n"+"display-message -p "+marker)
}

// inserts reports whether cmd may make tmux run commands that are not
// the line's own (their blocks not known in advance), or wait for
// something: any command that takes commands or a shell command to run.
func inserts(cmd []string) bool {
	if len(cmd) == 0 {
		return false
	}
	switch cmd[0] {
	case "if-shell", "if", "run-shell", "run", "source-file", "source",
		"confirm-before", "confirm", "command-prompt", "display-menu", "menu",
		"display-popup", "popup", "wait-for", "wait":
		return true
	}
	return false
}

// takeScript takes one block of a script's answer (t.mu held) and
// reports whether it was the last.
func (t *Control) takeScript(req *request, fr frame) bool {
	if fr.failed {
		if req.err == nil {
			req.err = t.blockErr(fr)
		}
		return false
	}
	text := blockText(fr.lines)
	if strings.TrimSuffix(text, "\n") == req.until {
		return true
	}
	// After a failure inside an inserted command the list goes on, as it
	// does over exec, and so does its output.
	req.out.WriteString(text)
	return false
}
