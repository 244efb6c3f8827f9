package transport

import (
	"context"
	"crypto/rand"
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
// (Auto may retry a read-only one over exec).
func (t *Control) RunScript(ctx context.Context, cmds ...[]string) (string, error) {
	if countCommands(cmds) == 0 {
		return "", nil
	}
	line, err := CommandLine(cmds)
	if err != nil {
		return "", err
	}
	marker := "=panemap-end-" + rand.Text()
	req := &request{until: marker, done: make(chan struct{})}
	return t.wait(ctx, req, line+"\n"+"display-message -p "+marker)
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
