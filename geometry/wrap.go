package geometry

import "strings"

// wrapWords breaks s into lines of at most width bytes at spaces, and
// splits a word longer than a line.
func wrapWords(s string, width int) []string {
	width = max(width, 1)
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		for len(word) > width {
			if line != "" {
				lines, line = append(lines, line), ""
			}
			lines, word = append(lines, word[:width]), word[width:]
		}
		switch {
		case line == "":
			line = word
		case len(line)+1+len(word) <= width:
			line += " " + word
		default:
			lines, line = append(lines, line), word
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
