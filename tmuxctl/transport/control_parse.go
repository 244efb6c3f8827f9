package transport

import (
	"strings"

	"github.com/panemap/panemap/tmux"
)

// Control-mode framing. tmux answers every command a control client sends
// with a block:
//
//	%begin TIME NUMBER FLAGS
//	output lines…
//	%end TIME NUMBER FLAGS      (or %error … when the command failed)
//
// TIME, NUMBER and FLAGS repeat exactly on the closing line. NUMBER is a
// server-wide command counter (checked on tmux 3.3a): every command of
// every client takes the next number, so a client cannot predict it and
// uses it only to recognise the closing line — an output line that merely
// looks like "%end …" does not close the block unless its numbers match.
// FLAGS is 1 for commands the control client sent itself and 0 for
// commands tmux ran on its behalf (the initial attach, hooks). A command
// list "a ; b" on one line gets one block per command; a parse error gets
// a single %error block for the whole line; a failing command ends its
// list, so the commands after it get no block. A command that waits
// (run-shell, wait-for) gets its %end at once, before it finishes, and
// holds the client's later commands until it does; tmuxctl sends none.
// Lines starting with '%' outside a block are notifications.

type frameKind int

const (
	frameNone   frameKind = iota // nothing complete yet, or a line to ignore
	frameBlock                   // a %begin … %end/%error block
	frameNotify                  // a notification
)

// frame is one complete unit of control-mode output.
type frame struct {
	kind   frameKind
	ours   bool       // block: FLAGS was 1, a command this client sent
	failed bool       // block: closed by %error
	lines  []string   // block: the output (or error message) lines
	event  tmux.Event // notification
}

// maxBlockBytes bounds how much of one block's output is kept; tmux's
// answers to panemap's commands are a few kilobytes.
const maxBlockBytes = 64 << 20

// framer turns control-mode output lines (without their newline) into
// frames. It never panics, whatever the input.
type framer struct {
	inBlock bool
	guard   string // "TIME NUMBER FLAGS" of the open block
	ours    bool
	lines   []string
	size    int
}

// feed takes one line and returns the frame it completes, if any.
func (f *framer) feed(line string) frame {
	if f.inBlock {
		if rest, ok := strings.CutPrefix(line, "%end "); ok && rest == f.guard {
			return f.close(false)
		}
		if rest, ok := strings.CutPrefix(line, "%error "); ok && rest == f.guard {
			return f.close(true)
		}
		if f.size+len(line) <= maxBlockBytes {
			f.lines = append(f.lines, line)
			f.size += len(line) + 1
		}
		return frame{}
	}
	if rest, ok := strings.CutPrefix(line, "%begin "); ok {
		if guard, ours, ok := parseGuard(rest); ok {
			f.inBlock, f.guard, f.ours, f.lines, f.size = true, guard, ours, nil, 0
			return frame{}
		}
	}
	if strings.HasPrefix(line, "%") && len(line) > 1 {
		return frame{kind: frameNotify, event: parseEvent(line)}
	}
	return frame{}
}

func (f *framer) close(failed bool) frame {
	fr := frame{kind: frameBlock, ours: f.ours, failed: failed, lines: f.lines}
	f.inBlock, f.guard, f.ours, f.lines, f.size = false, "", false, nil, 0
	return fr
}

// parseGuard checks "TIME NUMBER FLAGS" (three decimal numbers) and
// returns it verbatim with whether FLAGS marks the client's own command.
func parseGuard(s string) (string, bool, bool) {
	fields := strings.Split(s, " ")
	if len(fields) != 3 {
		return "", false, false
	}
	for _, f := range fields {
		if f == "" || len(f) > 20 {
			return "", false, false
		}
		for i := 0; i < len(f); i++ {
			if f[i] < '0' || f[i] > '9' {
				return "", false, false
			}
		}
	}
	return s, fields[2] != "0", true
}

// blockText joins a block's lines the way a tmux process prints them on
// stdout: every line ends with a newline.
func blockText(lines []string) string {
	n := 0
	for _, l := range lines {
		n += len(l) + 1
	}
	var b strings.Builder
	b.Grow(n)
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}
