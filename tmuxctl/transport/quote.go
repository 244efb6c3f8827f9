package transport

import (
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// QuoteArg renders one argument for tmux's command parser as a single
// literal word. Inside single quotes tmux's parser takes every byte
// literally (no $ or ~ expansion, no escapes, ';' and '#{' are plain text);
// a single quote itself cannot appear inside them, so each one becomes
// close-quote, backslash-quote, open-quote (as in sh), which the parser
// joins into the same word. Bare words made only of safe
// characters are left as they are, so command lines stay readable in
// logs; nothing a bare word may contain means anything to the parser.
//
// tmux reads control-mode commands one line at a time, so an argument
// with a newline (or a NUL, which would end the C string early) cannot be
// carried; the caller must refuse it first (see CommandLine).
func QuoteArg(s string) string {
	if isBareWord(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// isBareWord reports whether s can go to tmux's parser unquoted: not
// empty, only letters, digits and "-_.,:@%/+" — no quote, space, ';',
// '#', '$', '~', '=', '\\', braces or control characters — and not
// starting with '%' (which begins a parser directive such as %if).
func isBareWord(s string) bool {
	if s == "" || s[0] == '%' && !isPaneLike(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("-_.,:@%/+", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// isPaneLike is "%" followed by digits only, the one '%' word that is not
// a directive.
func isPaneLike(s string) bool {
	if len(s) < 2 {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// checkArg refuses what no tmux command line can carry.
func checkArg(s string) error {
	if strings.ContainsAny(s, "\n\x00") {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid argument %s: tmux commands cannot carry newlines or NUL bytes", tmux.Quote(s))}
	}
	return nil
}

// CommandLine renders a command list as one control-mode line: every
// argument quoted, commands joined with " ; ". The line has no newline.
func CommandLine(cmds [][]string) (string, error) {
	var b strings.Builder
	n := 0
	for _, c := range cmds {
		if len(c) == 0 {
			continue
		}
		if n > 0 {
			b.WriteString(" ; ")
		}
		n++
		for i, a := range c {
			if err := checkArg(a); err != nil {
				return "", err
			}
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(QuoteArg(a))
		}
	}
	return b.String(), nil
}

// countCommands is how many non-empty commands cmds holds: tmux answers
// each with its own %begin/%end block.
func countCommands(cmds [][]string) int {
	n := 0
	for _, c := range cmds {
		if len(c) > 0 {
			n++
		}
	}
	return n
}

// Words renders one command for tmux's parser, every argument quoted
// (QuoteArg). It is for the command lists tmuxctl nests inside if-shell
// and run-shell: their words are fixed flags, validated ids and formats
// made there, none with a newline or NUL.
func Words(ws ...string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = QuoteArg(w)
	}
	return strings.Join(q, " ")
}
