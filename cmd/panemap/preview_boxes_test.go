package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// paneBox is a pane's box on the map: the rows and columns of its border.
type paneBox struct {
	top, left, bottom, right int
	index                    string // the label, tmux's pane index
}

// inside reports whether row, col is inside the box's border.
func (b paneBox) inside(row, col int) bool {
	return row > b.top && row < b.bottom && col > b.left && col < b.right
}

// onBox reports whether row, col is the box or its border.
func (b paneBox) onBox(row, col int) bool {
	return row >= b.top && row <= b.bottom && col >= b.left && col <= b.right
}

// inPreview reports whether row, col is in the box's preview: inside,
// below the label line.
func (b paneBox) inPreview(row, col int) bool { return b.inside(row, col) && row > b.top+1 }

func (b paneBox) String() string {
	return fmt.Sprintf("rows %d-%d, columns %d-%d", b.top, b.bottom, b.left, b.right)
}

var labelRE = regexp.MustCompile(`^ ([0-9]+)  (%[0-9]+)(?:[^0-9]|$)`)

const (
	vertical    = "│┃║"
	horizontal  = "─━═"
	topLeft     = "╭┌┏╔"
	topRight    = "╮┐┓╗"
	bottomLeft  = "╰└┗╚"
	bottomRight = "╯┘┛╝"
)

func isOf(set, s string) bool { return s != "" && strings.Contains(set, s) }

// boxes finds every full pane box on the screen by its label line: a
// vertical border, then "N  %id", under a top-left corner; the box is
// closed by the corners along its top border and its left one.
func (ts termScreen) boxes() map[string]paneBox {
	found := map[string]paneBox{}
	for y, row := range ts {
		for x := range row {
			if !isOf(vertical, ts.at(y, x)) || !isOf(topLeft, ts.at(y-1, x)) {
				continue
			}
			m := labelRE.FindStringSubmatch(ts.line(y, x+1, len(row)))
			if m == nil {
				continue
			}
			b := paneBox{top: y - 1, left: x, index: m[1]}
			for b.right = x + 1; isOf(horizontal, ts.at(b.top, b.right)); b.right++ {
			}
			for b.bottom = y; isOf(vertical, ts.at(b.bottom, x)); b.bottom++ {
			}
			if isOf(topRight, ts.at(b.top, b.right)) && isOf(bottomLeft, ts.at(b.bottom, b.left)) &&
				isOf(bottomRight, ts.at(b.bottom, b.right)) {
				found[m[2]] = b
			}
		}
	}
	return found
}

// boxText is the box's inside, line by line, each cut of trailing blanks.
func (ts termScreen) boxText(b paneBox) []string {
	var lines []string
	for y := b.top + 1; y < b.bottom; y++ {
		lines = append(lines, strings.TrimRight(ts.line(y, b.left+1, b.right), " "))
	}
	return lines
}

// inBox reports whether text shows in the preview of pane's box.
func (ts termScreen) inBox(pane, text string) bool {
	b, ok := ts.boxes()[pane]
	if !ok {
		return false
	}
	for _, at := range ts.find(text) {
		if b.inPreview(at[0], at[1]) && b.inPreview(at[0], at[1]+len([]rune(text))-1) {
			return true
		}
	}
	return false
}

// popupDefault is how tmux draws the popup's cells that the navigator
// leaves in the default colours: the colours of most of its blank cells.
// tmux may draw them in colours of its own: master draws a popup's
// default colours as explicit RGB.
func (ts termScreen) popupDefault() termCell {
	f, _ := ts.popupFrame()
	count := map[termCell]int{}
	for y := f.top + 1; y < f.bottom; y++ {
		for x := f.left + 1; x < f.right && x < len(ts[y]); x++ {
			if c := ts[y][x]; c.text == " " {
				c.text = ""
				count[c]++
			}
		}
	}
	var def termCell
	for c, n := range count {
		if n > count[def] {
			def = c
		}
	}
	return def
}

// previewing reports whether pane's box shows a preview: its first line
// then carries the pane's command after its id.
func (ts termScreen) previewing(pane, command string) bool {
	b, ok := ts.boxes()[pane]
	return ok && strings.HasSuffix(strings.TrimSpace(ts.boxText(b)[0]), pane+" "+command)
}

// waitInBox waits until text shows in the preview of pane's box.
func (s *navSession) waitInBox(t *testing.T, pane, text string) termScreen {
	t.Helper()
	return s.waitTerm(t, fmt.Sprintf("%q in the box of %s", text, pane), func(ts termScreen) bool { return ts.inBox(pane, text) })
}

// waitWords waits until every pane's word shows in its box.
func (s *navSession) waitWords(t *testing.T, panes []string) termScreen {
	t.Helper()
	return s.waitTerm(t, "every pane's word in its box", func(ts termScreen) bool {
		for _, p := range panes {
			if !ts.inBox(p, wordIn(p)) {
				return false
			}
		}
		return true
	})
}

// wordColours are the SGRs the panes print their words in, by pane.
var wordColours = []string{"31", "1;38;5;208", "44", "38;2;0;200;0"}

// wordIn is the word pane prints: unique to the pane, and never typed
// whole (its halves are printf's arguments), so only the output shows it.
func wordIn(pane string) string { return "PMw" + strings.TrimPrefix(pane, "%") + "q" }

// printIn types a printf into pane's shell: format has one %s%s that
// becomes the two halves of word. It waits until the pane shows the word.
func printIn(t *testing.T, srv *tmuxtest.Server, pane, format, word string) {
	t.Helper()
	half := len(word) / 2
	srv.TypeLine([]string{pane}, fmt.Sprintf("printf '%s' %s %s", format, word[:half], word[half:]))
	tmuxtest.Eventually(t, wait, func() bool { return strings.Contains(srv.Must("capture-pane", "-p", "-t", pane), word) },
		"pane %s did not print %s", pane, word)
}

// printWords has every pane of main:0 print its word, coloured, and
// returns the panes in index order.
func printWords(t *testing.T, srv *tmuxtest.Server) []string {
	t.Helper()
	panes := strings.Fields(srv.Must("list-panes", "-t", "main:0", "-F", "#{pane_id}"))
	for i, p := range panes {
		printIn(t, srv, p, `\033[`+wordColours[i%len(wordColours)]+`m%s%s\033[0m\n`, wordIn(p))
	}
	return panes
}

var scripts atomic.Int64

// runScript has pane's shell run body (sh), as a file: escape sequences
// are written as printf spells them. It does not wait.
func runScript(t *testing.T, srv *tmuxtest.Server, pane, body string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), fmt.Sprintf("s%d.sh", scripts.Add(1)))
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	srv.TypeLine([]string{pane}, "sh "+path)
}

// marker is a printf that prints text, split so that the typed line does
// not contain it.
func marker(text string) string {
	half := len(text) / 2
	return fmt.Sprintf("printf '%%s%%s\\n' %s %s\n", text[:half], text[half:])
}

// red reports whether an SGR colour is red as the test prints it (31),
// however the navigator spells it for the terminal.
func red(fg string) bool {
	switch fg {
	case "31", "91", "38;5;1", "38;5;9", "38;5;160", "38;5;196", "38:5:1", "38:5:9":
		return true
	}
	if rgb, ok := strings.CutPrefix(fg, "38;2;"); ok {
		var r, g, b int
		if _, err := fmt.Sscanf(rgb, "%d;%d;%d", &r, &g, &b); err == nil {
			return r >= 128 && g < 100 && b < 100
		}
	}
	return false
}
