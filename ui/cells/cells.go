// Package cells fits text to terminal cells for the navigator's views:
// text made safe to draw (Printable), and lines and blocks cut or padded
// to an exact width and height, and errors worded for the person at the
// keyboard (ErrorText). It imports nothing of panemap but the tmux
// vocabulary.
package cells

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Printable is s as the navigator may draw it: names, titles, commands
// and paths come from the panes (any process can set a title or make a
// directory) and reach the terminal otherwise, so every control
// character (C0, DEL, C1: ESC among them), and every byte that is not
// UTF-8 (a lone 0x9b is CSI to an 8-bit terminal), is drawn as U+FFFD
// instead of being sent.
func Printable(s string) string {
	if utf8.ValidString(s) && strings.IndexFunc(s, unicode.IsControl) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return '\uFFFD'
		}
		return r
	}, s)
}

// FitLine cuts or pads one line to exactly width cells.
func FitLine(l string, width int) string {
	w := ansi.StringWidth(l)
	if w > width {
		l = ansi.Truncate(l, width, "")
		w = ansi.StringWidth(l)
	}
	if w < width {
		l += strings.Repeat(" ", width-w)
	}
	return l
}

// FitBlock makes s exactly width x height cells: lines cut or padded,
// rows cut or added.
func FitBlock(s string, width, height int) string {
	if width <= 0 || height <= 0 {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > height {
		lines = lines[:height]
	}
	for len(lines) < height {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = FitLine(l, width) // most are drawn at the width already
	}
	return strings.Join(lines, "\n")
}
