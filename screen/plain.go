package screen

import "strings"

// plainChunk is how many lines Lines parses at a time, so that a long
// capture (10,000 lines of history) never needs its whole grid at once.
const plainChunk = 256

// Lines reads a capture of a pane width columns wide (capture-pane -e -p,
// any number of lines, each ending in "\n") as Parse does and returns each
// line as plain text, trailing spaces cut: every escape sequence and
// control character dropped, SGR included, tabs expanded to spaces, wide
// and combining characters in their cells, broken UTF-8 as U+FFFD. This is
// the form in which pane text reaches an agent.
func Lines(capture string, width int) []string {
	width = min(max(width, 1), maxSize)
	n := strings.Count(capture, "\n")
	if capture != "" && !strings.HasSuffix(capture, "\n") {
		n++
	}
	out := make([]string, 0, n)
	var b strings.Builder
	for rest := capture; len(out) < n; {
		chunk, count := rest, 0
		for i := 0; i < len(rest); i++ {
			if rest[i] == '\n' {
				if count++; count == plainChunk {
					chunk, rest = rest[:i+1], rest[i+1:]
					break
				}
			}
		}
		if count < plainChunk {
			rest, count = "", n-len(out)
		}
		for _, cells := range Parse(chunk, width, count).Lines {
			b.Reset()
			for _, c := range cells {
				b.WriteString(c.Text)
			}
			out = append(out, strings.TrimRight(b.String(), " "))
		}
	}
	return out
}
