package tmuxctl

import (
	"context"
	"crypto/rand"
	"errors"
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

// runScript runs cmds as one command list and answers with their output
// and the first failure among them.
func (t *ControlTransport) runScript(ctx context.Context, cmds [][]string) (string, bool, error) {
	if countCommands(cmds) == 0 {
		return "", true, nil
	}
	line, err := commandLine(cmds)
	if err != nil {
		return "", true, err
	}
	marker := "=panemap-end-" + rand.Text()
	req := &request{until: marker, done: make(chan struct{})}
	out, err := t.wait(ctx, req, line+"\n"+"display-message -p "+marker)
	return out, true, err
}

// deliverScript takes one block of a script's answer (t.mu held).
func (t *ControlTransport) deliverScript(req *request, fr frame) {
	if fr.failed {
		if req.err == nil {
			msg := strings.TrimPrefix(strings.TrimSpace(strings.Join(fr.lines, "\n")), "parse error: ")
			req.err = ClassifyTmuxError(msg, t.sock, errors.New(msg))
		}
		return
	}
	text := blockText(fr.lines)
	if strings.TrimSuffix(text, "\n") == req.until {
		t.pending = t.pending[1:]
		close(req.done)
		return
	}
	// After a failure inside an inserted command the list goes on, as it
	// does over exec, and so does its output.
	req.out.WriteString(text)
}
