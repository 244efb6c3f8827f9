package ui

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// printable is s as the map may draw it: names, titles, commands and paths
// come from the panes (any process can set a title or make a directory)
// and reach the terminal otherwise, so every control character (C0, DEL,
// C1: ESC among them), and every byte that is not UTF-8 (a lone 0x9b is
// CSI to an 8-bit terminal), is drawn as U+FFFD instead of being sent.
func printable(s string) string {
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
