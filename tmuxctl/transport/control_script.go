package transport

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// Scripts over control mode. tmux answers every command a script inserts
// (if-shell -F, run-shell -C) with a block of its own, so how many blocks
// answer a script's line is not known when it is sent; and a failing
// command ends its line's list only when it is one of the line's own
// commands, not an inserted one. So a script's line is followed by a
// second line with one marker command: tmux runs a control client's lines
// in order, each after everything the previous one inserted, so the
// marker's block is the last of the script's, however the script went.
// A script that ends in a read (display-message -p) has the read print
// the marker instead (before its answer), and sends the marker line only after a failure
// (see waitEnded): the marker command is one more entry in tmux's message
// log.

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
	if last, ok := endsInRead(cmds); ok && !slices.ContainsFunc(cmds, waits) {
		// The script's last command prints the marker before its own
		// answer (see waitEnded): no marker command of its own. Not for
		// a script that may wait (a shell, a prompt): waitEnded holds the
		// writing lock until the script's answer is in. (Only Auto's
		// connection runs scripts: the output watch's, whose reader
		// writes lines itself, never does.)
		line, err = CommandLine(append(slices.Clip(cmds[:last]), markedRead(cmds[last], marker)))
		if err != nil {
			return "", err
		}
		req := &request{until: marker, ended: true, failed: make(chan struct{}), done: make(chan struct{})}
		return t.waitEnded(ctx, req, line)
	}
	req := &request{until: marker, done: make(chan struct{})}
	return t.wait(ctx, req, line+"\n"+"display-message -p "+marker)
}

// endsInRead reports whether the last command of cmds is a
// display-message -p that prints a format, and its index.
func endsInRead(cmds [][]string) (int, bool) {
	for i := len(cmds) - 1; i >= 0; i-- {
		c := cmds[i]
		if len(c) == 0 {
			continue
		}
		ok := len(c) >= 3 && c[0] == "display-message" && c[1] == "-p" &&
			(len(c) == 3 || len(c) == 5 && c[2] == "-t")
		return i, ok
	}
	return 0, false
}

// markedRead is read (see endsInRead) printing marker first, on its
// answer's line: tmux expands nothing in the marker. First, not last: an
// expansion that fails part-way (a pane loop over a window gone by the
// time the read runs) ends the format there, and prints what came
// before it (format_expand1 stops at a failed replacement), so a marker
// at the end was lost and the request waited for it until its caller
// gave up (TestMCPChaos on 3.7c, a select whose pane was killed between
// its run-shell -C and its read).
func markedRead(read []string, marker string) []string {
	c := slices.Clone(read)
	c[len(c)-1] = marker + c[len(c)-1]
	return c
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

// waits reports whether cmd may keep tmux from answering for more than a
// turn of its event loop: any command that inserts others but if-shell -F
// and run-shell -C.
func waits(cmd []string) bool {
	if !inserts(cmd) {
		return false
	}
	quick := len(cmd) > 1 && (cmd[0] == "if-shell" && cmd[1] == "-F" || cmd[0] == "run-shell" && cmd[1] == "-C")
	return !quick
}

// takeScript takes one block of a script's answer (t.mu held) and
// reports whether it was the last.
func (t *Control) takeScript(req *request, fr frame) bool {
	if fr.failed {
		if req.err == nil {
			req.err = t.blockErr(fr)
		}
		if req.ended && req.fallback == "" {
			req.fallback = "=panemap-end-" + rand.Text()
			close(req.failed)
		}
		return false
	}
	text := blockText(fr.lines)
	if req.ended {
		body, marked := strings.CutPrefix(text, req.until)
		if marked {
			req.out.WriteString(body)
			// After a failure the fallback marker ends the request.
			return req.fallback == ""
		}
		if req.fallback != "" && strings.TrimSuffix(text, "\n") == req.fallback {
			return true
		}
	} else if strings.TrimSuffix(text, "\n") == req.until {
		return true
	}
	// After a failure inside an inserted command the list goes on, as it
	// does over exec, and so does its output.
	req.out.WriteString(text)
	return false
}

// waitEnded runs a script whose last command prints its marker (see
// endsInRead). That command runs only when no command of the line's own
// failed before it (tmux ends a line's list at its first failing command,
// but not at a failing command if-shell or run-shell inserted), and which
// one failed cannot be told from the blocks. So after a failure, or when
// ctx ends first, a marker line of its own follows (the same as
// RunScript's other scripts send every time), and its block ends the
// request: the line's blocks all come before it. No other line is written
// meanwhile, so that no other request's blocks come between.
func (t *Control) waitEnded(ctx context.Context, req *request, line string) (string, error) {
	t.writeMu.Lock()
	defer t.writeMu.Unlock()
	if err := t.sendLocked(req, line); err != nil {
		return "", err
	}
	select {
	case <-req.done:
		return req.out.String(), req.err
	case <-req.failed:
	case <-ctx.Done():
	}
	t.mu.Lock()
	select {
	case <-req.done: // finished meanwhile
		t.mu.Unlock()
		return req.out.String(), req.err
	default:
	}
	if req.fallback == "" {
		req.fallback = "=panemap-end-" + rand.Text()
		close(req.failed)
	}
	fallback := req.fallback
	t.mu.Unlock()
	if _, err := io.WriteString(t.stdin, "display-message -p "+fallback+"\n"); err != nil {
		t.kill()
	}
	select {
	case <-req.done:
		return req.out.String(), req.err
	case <-ctx.Done():
		return "", &tmux.Error{Kind: tmux.KindServerGone, Message: fmt.Sprintf("tmux did not answer: %v", ctx.Err()), Err: ctx.Err()}
	}
}
