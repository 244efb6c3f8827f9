package panetext

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/screen"
	"github.com/panemap/panemap/tmuxctl"
)

// printed is l's text as its programs printed it: a line that tmux
// wrapped at the pane's right edge onto the next rows is one line again,
// as capture-pane -J joins it (cmd-capture-pane.c: a row flagged
// GRID_LINE_WRAPPED, grid.c, is followed by the next with no newline;
// the same from 3.2a to master). rows gives, for each line, the row (an
// index into l's Back+Height rows) it starts on. Which rows join comes
// from l.Joined, checked against l.Text: when the two disagree (the pane
// printed between them, a wide character left a gap at the edge, or
// Joined was not read) the rows are the lines, as tmux shows them.
func printed(l tmuxctl.Lines) (lines []string, rows []int) {
	plain := screen.Lines(l.Text, l.Width)
	wrapped := wrappedRows(plain, l.Width, l.Joined)
	for i := 0; i < len(plain); i++ {
		start := i
		var b strings.Builder
		b.WriteString(plain[i])
		for wrapped != nil && wrapped[i] && i+1 < len(plain) {
			b.WriteString(strings.Repeat(" ", max(l.Width-ansi.StringWidth(plain[i]), 0)))
			i++
			b.WriteString(plain[i])
		}
		lines, rows = append(lines, b.String()), append(rows, start)
	}
	return lines, rows
}

// maxJoined is the longest joined line read, in cells (screen's most):
// a longer one is cut, no longer matches its rows, and so leaves the
// rows unjoined.
const maxJoined = 10_000

// wrappedRows says, for each of rows (a pane's rows as plain text,
// trailing spaces cut), whether it continues on the next: each line of
// joined (capture-pane -J's) must be the rows it spans, every one but the
// last filled out to width. nil when joined is nil or does not match.
func wrappedRows(rows []string, width int, joined []string) []bool {
	if joined == nil {
		return nil
	}
	wrapped := make([]bool, len(rows))
	i := 0
	for _, raw := range joined {
		if i >= len(rows) {
			return nil
		}
		line := ""
		if raw != "" {
			clean := screen.Lines(raw, min(len(raw), maxJoined))
			if len(clean) != 1 {
				return nil
			}
			line = clean[0]
		}
		acc := rows[i]
		for acc != line {
			pad := width - ansi.StringWidth(rows[i])
			if pad < 0 || i+1 >= len(rows) {
				return nil
			}
			acc += strings.Repeat(" ", pad)
			if !strings.HasPrefix(line, acc) {
				return nil
			}
			wrapped[i] = true
			i++
			acc += rows[i]
		}
		i++
	}
	if i != len(rows) {
		return nil
	}
	return wrapped
}
