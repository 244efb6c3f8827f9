package main

import (
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// termCell is one cell of the terminal around the popup: its text (empty
// for the second half of a wide character) and the colours set on it, as
// SGR parameters ("31", "38;5;208"; "" for the default).
type termCell struct {
	text       string
	fg, bg, ul string
}

// colouredOn reports whether c has a colour other than the default's.
func (c termCell) colouredOn(def termCell) bool {
	return c.fg != def.fg || c.bg != def.bg || c.ul != def.ul
}

// termScreen is the outer pane's screen, row by row.
type termScreen [][]termCell

// term reads what the user's terminal shows now, colours included.
func (s *navSession) term(t *testing.T) termScreen {
	t.Helper()
	return parseTerm(s.Outer.Must("capture-pane", "-e", "-p", "-t", s.OuterPane))
}

// waitTerm polls the terminal until cond holds, failing with the last
// screen after the usual wait.
func (s *navSession) waitTerm(t *testing.T, what string, cond func(ts termScreen) bool) termScreen {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		ts := s.term(t)
		if cond(ts) {
			return ts
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s; screen:\n%s", wait, what, ts)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// parseTerm reads capture-pane -e -p output: text and the SGR state
// carried over it; any other sequence (tmux writes none here) is skipped.
func parseTerm(capture string) termScreen {
	var ts termScreen
	var cur termCell
	for _, line := range strings.Split(strings.TrimSuffix(capture, "\n"), "\n") {
		var row []termCell
		for i := 0; i < len(line); {
			if line[i] == 0x1b {
				n, params, sgr := escapeAt(line[i:])
				if sgr {
					applySGR(&cur, params)
				}
				i += n
				continue
			}
			r, size := utf8.DecodeRuneInString(line[i:])
			i += size
			c := cur
			c.text = string(r)
			switch ansi.StringWidth(c.text) {
			case 0:
				if len(row) > 0 {
					row[len(row)-1].text += c.text
				}
			case 2:
				row = append(row, c)
				c.text = ""
				row = append(row, c)
			default:
				row = append(row, c)
			}
		}
		ts = append(ts, row)
	}
	return ts
}

// escapeAt measures the escape sequence at the start of s; for an SGR it
// returns its parameters.
func escapeAt(s string) (n int, params string, sgr bool) {
	if len(s) < 2 {
		return len(s), "", false
	}
	switch s[1] {
	case '[':
		j := 2
		for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
			j++
		}
		if j == len(s) {
			return j, "", false
		}
		return j + 1, s[2:j], s[j] == 'm'
	case ']', 'P', '_', '^', 'X':
		for j := 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1, "", false
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2, "", false
			}
		}
		return len(s), "", false
	case '(', ')', '#':
		return min(3, len(s)), "", false
	}
	return 2, "", false
}

// applySGR keeps track of the colours an SGR sets and clears.
func applySGR(c *termCell, params string) {
	ps := strings.Split(params, ";")
	for i := 0; i < len(ps); i++ {
		p := ps[i]
		if head, _, ok := strings.Cut(p, ":"); ok { // 38:5:n, 48:2::r:g:b, 4:3…
			switch head {
			case "38":
				c.fg = p
			case "48":
				c.bg = p
			case "58":
				c.ul = p
			}
			continue
		}
		n, _ := strconv.Atoi(p) // "" is 0
		switch {
		case n == 0:
			c.fg, c.bg, c.ul = "", "", ""
		case n >= 30 && n <= 37, n >= 90 && n <= 97:
			c.fg = p
		case n >= 40 && n <= 47, n >= 100 && n <= 107:
			c.bg = p
		case n == 39:
			c.fg = ""
		case n == 49:
			c.bg = ""
		case n == 59:
			c.ul = ""
		case n == 38 || n == 48 || n == 58:
			end := i + 1
			if i+1 < len(ps) && ps[i+1] == "5" {
				end = i + 3
			} else if i+1 < len(ps) && ps[i+1] == "2" {
				end = i + 5
			}
			end = min(end, len(ps))
			spec := strings.Join(ps[i:end], ";")
			i = end - 1
			switch n {
			case 38:
				c.fg = spec
			case 48:
				c.bg = spec
			default:
				c.ul = spec
			}
		}
	}
}

// at is the text of the cell at row, col ("" outside the screen).
func (ts termScreen) at(row, col int) string {
	if row < 0 || row >= len(ts) || col < 0 || col >= len(ts[row]) {
		return ""
	}
	return ts[row][col].text
}

// line is row's text from column from up to (not including) to; cells
// past the end of the row are blanks.
func (ts termScreen) line(row, from, to int) string {
	var b strings.Builder
	for col := from; col < to; col++ {
		if row < 0 || row >= len(ts) || col < 0 || col >= len(ts[row]) {
			b.WriteByte(' ')
		} else {
			b.WriteString(ts[row][col].text)
		}
	}
	return b.String()
}

// width is the widest row's width.
func (ts termScreen) width() int {
	w := 0
	for _, row := range ts {
		w = max(w, len(row))
	}
	return w
}

// cell is the cell at row, col: a default blank past the end of a row.
func (ts termScreen) cell(row, col int) termCell {
	if row < 0 || row >= len(ts) || col < 0 || col >= len(ts[row]) {
		return termCell{text: " "}
	}
	return ts[row][col]
}

// changedOutside is the first cell outside b whose text or colours
// differ between two screens; ok is false when there is none.
func changedOutside(before, after termScreen, b paneBox) (row, col int, ok bool) {
	for y := range max(len(before), len(after)) {
		for x := range max(before.width(), after.width()) {
			if !b.onBox(y, x) && before.cell(y, x) != after.cell(y, x) {
				return y, x, true
			}
		}
	}
	return 0, 0, false
}

func (ts termScreen) String() string {
	lines := make([]string, len(ts))
	for y, row := range ts {
		lines[y] = ts.line(y, 0, len(row))
	}
	return strings.Join(lines, "\n")
}

// find is every place text (one cell per rune) starts: row and column.
func (ts termScreen) find(text string) [][2]int {
	want := []rune(text)
	var at [][2]int
	for y, row := range ts {
		for x := 0; x+len(want) <= len(row); x++ {
			match := true
			for i, r := range want {
				if row[x+i].text != string(r) {
					match = false
					break
				}
			}
			if match {
				at = append(at, [2]int{y, x})
			}
		}
	}
	return at
}
