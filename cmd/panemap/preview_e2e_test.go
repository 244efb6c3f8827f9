package main

// End-to-end tests of the map's live previews in a real popup (the
// nested pair of e2e_test.go): what panes print shows in their own boxes,
// in colour unless colour is off, and follows as they print more; with
// previews off no pane text is read at all; nothing a pane prints
// (clipboard writes, titles, screen controls, bells) gets through the map
// to tmux or to the terminal around the popup; and a window of 60 panes
// stays responsive with previews on.
//
// The screen is read from the outer pane with capture-pane -e, so each
// cell's colours are known, and each pane's box is found by its first
// line, "N  %id", inside box-drawing borders.

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/internal/tmuxtest"
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
	srv.Must("send-keys", "-t", pane, "-l", fmt.Sprintf("printf '%s' %s %s", format, word[:half], word[half:]))
	srv.Must("send-keys", "-t", pane, "Enter")
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
	srv.Must("send-keys", "-t", pane, "-l", "sh "+path)
	srv.Must("send-keys", "-t", pane, "Enter")
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

// TestE2EPreviewShowsEachPaneInItsBox: each pane of the grid prints a
// word of its own, in colour, before the navigator opens; the map shows
// each word once, inside the preview of that pane's box and nowhere else,
// in colour (the red one red).
func TestE2EPreviewShowsEachPaneInItsBox(t *testing.T) {
	var panes []string
	s := openNavigator(t, func(inner *tmuxtest.Server) { panes = printWords(t, inner) })
	ts := s.waitWords(t, panes)
	checkFrame(t, ts)
	frame, _ := ts.popupFrame()
	def := ts.popupDefault()
	boxes := ts.boxes()
	if len(boxes) != len(panes) {
		t.Errorf("%d boxes on the map, want %d: %v", len(boxes), len(panes), boxes)
	}
	for i, p := range panes {
		b := boxes[p]
		if idx := s.Inner.Display(p, "#{pane_index}"); b.index != idx {
			t.Errorf("the box of %s is labelled %s, want its pane index %s", p, b.index, idx)
		}
		word := wordIn(p)
		var at [][2]int // on the popup (the window beneath shows around it)
		for _, a := range ts.find(word) {
			if frame.inside(a[0], a[1]) {
				at = append(at, a)
			}
		}
		if len(at) != 1 {
			t.Errorf("%s shows %d times on the map, want once: %v\n%s", word, len(at), at, ts)
			continue
		}
		row, col := at[0][0], at[0][1]
		if !b.inPreview(row, col) || !b.inPreview(row, col+len(word)-1) {
			t.Errorf("%s (printed by %s) is at row %d, columns %d-%d: not in the preview of %s's box (%s)\n%s",
				word, p, row, col, col+len(word)-1, p, b, ts)
		}
		for q, other := range boxes {
			if q != p && other.onBox(row, col) {
				t.Errorf("%s (printed by %s) is in the box of %s", word, p, q)
			}
		}
		// The colour comes along.
		for x := col; x < col+len(word); x++ {
			c := ts[row][x]
			if !c.colouredOn(def) {
				t.Errorf("%s (printed in SGR %s) has no colour at column %d", word, wordColours[i%len(wordColours)], x)
				break
			}
			if i == 0 && !red(c.fg) {
				t.Errorf("%s, printed red (31), shows with foreground %q", word, c.fg)
				break
			}
		}
	}
	s.Keys("q")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after q", code)
	}
}

// TestE2EPreviewFollowsAPaneThatPrints: with the map open, a pane prints
// a new line; it shows in that pane's box, and the other boxes stay as
// they were.
func TestE2EPreviewFollowsAPaneThatPrints(t *testing.T) {
	var panes []string
	s := openNavigator(t, func(inner *tmuxtest.Server) { panes = printWords(t, inner) })
	before := s.waitWords(t, panes)
	printer := s.g[1]
	for round := range 3 {
		word := fmt.Sprintf("PMnew%dx", round)
		printIn(t, s.Inner, printer, `%s%s\n`, word)
		after := s.waitInBox(t, printer, word)
		frame, _ := after.popupFrame()
		n := 0
		for _, at := range after.find(word) {
			if frame.inside(at[0], at[1]) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s shows %d times on the map, want once:\n%s", word, n, after)
		}
		bb, ab := before.boxes(), after.boxes()
		for _, p := range panes {
			if p == printer {
				continue
			}
			if bb[p] != ab[p] {
				t.Errorf("the box of %s moved from %s to %s", p, bb[p], ab[p])
				continue
			}
			if was, is := before.boxText(bb[p]), after.boxText(ab[p]); !slices.Equal(was, is) {
				t.Errorf("%s printed, and the box of %s changed:\nbefore:\n%s\nafter:\n%s",
					printer, p, strings.Join(was, "\n"), strings.Join(is, "\n"))
			}
		}
	}
	s.Keys("q")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after q", code)
	}
}

// openFromPane runs panemap with args in the grid's top-left pane, which
// opens the navigator in a popup (passing settings on as flags), after
// prepare has readied the inner server. Close it with closeFromPane.
func openFromPane(t *testing.T, prepare func(inner *tmuxtest.Server), args ...string) *navSession {
	t.Helper()
	n := tmuxtest.StartNested(t, 120, 40)
	s := &navSession{Nested: n, g: n.Inner.Grid()}
	if prepare != nil {
		prepare(n.Inner)
	}
	bin := tmuxtest.Panemap(t)
	n.Inner.Must("send-keys", "-t", s.g[0], "-l", strings.Join(append([]string{bin}, args...), " ")+"; echo EXITED=$?")
	n.Inner.Must("send-keys", "-t", s.g[0], "Enter")
	s.WaitScreen(wait, "the popup map", func(scr string) bool { return strings.Contains(scr, "NAV") })
	s.waitMap(t)
	return s
}

// closeFromPane closes a navigator openFromPane opened with q and checks
// that panemap exited 0.
func (s *navSession) closeFromPane(t *testing.T) {
	t.Helper()
	s.Keys("q")
	tmuxtest.Eventually(t, wait, func() bool {
		return strings.Contains(s.Inner.Must("capture-pane", "-p", "-t", s.g[0]), "EXITED=0")
	}, "panemap in the pane did not exit 0 after q")
}

// countTmux makes every tmux process the popup starts go through a
// Counter, one process per command list (PANEMAP_CONTROL=never): the
// popup takes its environment from the server's global one.
func countTmux(t *testing.T, inner *tmuxtest.Server) *tmuxtest.Counter {
	t.Helper()
	c := tmuxtest.CountingTmux(t)
	for _, kv := range c.Env() {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			inner.Must("set-environment", "-g", "PATH", v)
		}
	}
	inner.Must("set-environment", "-g", "PANEMAP_CONTROL", "never")
	return c
}

// captures are the tmux processes that captured a pane.
func captures(c *tmuxtest.Counter) []string {
	var out []string
	for _, call := range c.Calls() {
		if strings.Contains(call, "capture-pane") {
			out = append(out, call)
		}
	}
	return out
}

// TestE2EPreviewOff: with previews off (the tmux option, or the flag
// given to panemap run in a pane), the boxes show each pane's command and
// directory and none of what the panes printed, before the navigator
// opened or while it is open, and no pane is ever captured: the popup
// runs a tmux process per command list (PANEMAP_CONTROL=never) through a
// wrapper that logs each. With previews on, the same log shows captures.
func TestE2EPreviewOff(t *testing.T) {
	for _, tc := range []struct {
		name   string
		option string
		args   []string
		on     bool
	}{
		{name: "@panemap-preview off", option: "off"},
		{name: "--preview=off", args: []string{"--preview=off"}},
		{name: "on, for comparison", on: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var panes []string
			var counter *tmuxtest.Counter
			prepare := func(inner *tmuxtest.Server) {
				panes = printWords(t, inner)
				if tc.option != "" {
					inner.Must("set", "-g", "@panemap-preview", tc.option)
				}
				counter = countTmux(t, inner)
			}
			var s *navSession
			if tc.args != nil {
				s = openFromPane(t, prepare, tc.args...)
			} else {
				s = openNavigator(t, prepare)
			}
			if tc.on {
				s.waitWords(t, panes)
				if len(captures(counter)) == 0 {
					t.Errorf("previews are on and showing, yet no tmux process captured a pane: the count is broken:\n%s",
						strings.Join(counter.Calls(), "\n"))
				}
				s.Keys("q")
				if code := s.closed(t); code != 0 {
					t.Errorf("exit status %d after q", code)
				}
				return
			}
			// A pane prints while the map is open, and the navigator
			// does a round of work (a move, the help shown and hidden).
			printIn(t, s.Inner, s.g[1], `%s%s\n`, "PMlater")
			s.Keys("l")
			s.active(t, s.g[1], "l")
			settled(t, s)
			ts := s.waitTerm(t, "every box", func(ts termScreen) bool { return len(ts.boxes()) == len(panes) })
			printed := []string{"PMlater"}
			for _, p := range panes {
				printed = append(printed, wordIn(p))
			}
			frame, ok := ts.popupFrame()
			if !ok {
				t.Fatalf("no popup on screen:\n%s", ts)
			}
			for _, w := range printed {
				for _, at := range ts.find(w) {
					if frame.inside(at[0], at[1]) {
						t.Errorf("previews are off, yet %q (printed in a pane) shows on the map at %v:\n%s", w, at, ts)
					}
				}
			}
			for p, b := range ts.boxes() {
				lines := ts.boxText(b)
				cmd := s.Inner.Display(p, "#{pane_current_command}")
				if len(lines) < 3 || strings.TrimSpace(lines[1]) != cmd || !strings.ContainsAny(lines[2], "/~") {
					t.Errorf("the box of %s shows %q, want its command %q and then its directory", p, lines, cmd)
				}
			}
			if c := captures(counter); len(c) > 0 {
				t.Errorf("previews are off, yet the navigator captured panes:\n%s", strings.Join(c, "\n"))
			}
			if tc.args != nil {
				s.closeFromPane(t)
			} else {
				s.Keys("q")
				if code := s.closed(t); code != 0 {
					t.Errorf("exit status %d after q", code)
				}
			}
		})
	}
}

// TestE2EPreviewColourOff: with NO_COLOR in the popup's environment,
// @panemap-color never, or --color=never, the words the panes print in
// colour show in their boxes without any colour (bold and reverse may
// stay). TestE2EPreviewShowsEachPaneInItsBox checks that colour shows
// otherwise.
func TestE2EPreviewColourOff(t *testing.T) {
	for _, tc := range []struct {
		name            string
		option, environ string
		args            []string
	}{
		{name: "NO_COLOR", environ: "1"},
		{name: "@panemap-color never", option: "never"},
		{name: "--color=never", args: []string{"--color=never"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var panes []string
			prepare := func(inner *tmuxtest.Server) {
				panes = printWords(t, inner)
				if tc.option != "" {
					inner.Must("set", "-g", "@panemap-color", tc.option)
				}
				if tc.environ != "" {
					inner.Must("set-environment", "-g", "NO_COLOR", tc.environ)
				}
			}
			var s *navSession
			if tc.args != nil {
				s = openFromPane(t, prepare, tc.args...)
			} else {
				s = openNavigator(t, prepare)
			}
			ts := s.waitWords(t, panes)
			def := ts.popupDefault()
			for p, b := range ts.boxes() {
				for y := b.top + 2; y < b.bottom; y++ {
					for x := b.left + 1; x < b.right && x < len(ts[y]); x++ {
						if c := ts[y][x]; c.colouredOn(def) {
							t.Errorf("colour is off, yet the preview of %s has a colour at row %d, column %d (%q: fg %q bg %q underline %q; the popup's default: fg %q bg %q):\n%s",
								p, y, x, c.text, c.fg, c.bg, c.ul, def.fg, def.bg, ts)
							return
						}
					}
				}
			}
			if tc.args != nil {
				s.closeFromPane(t)
			} else {
				s.Keys("q")
				if code := s.closed(t); code != 0 {
					t.Errorf("exit status %d after q", code)
				}
			}
		})
	}
}

// allowPassthrough lets tmux pass on what is wrapped in its passthrough
// sequence (tmux 3.3 and later ask for allow-passthrough; 3.2a passes it
// on always), so that one reaching it from the popup would reach the
// terminal around it.
func allowPassthrough(inner *tmuxtest.Server) {
	if inner.AtLeast(3, 3) {
		inner.Must("set", "-g", "allow-passthrough", "on")
	}
}

// buffers lists a server's paste buffers: name and content sample.
func buffers(srv *tmuxtest.Server) string {
	return srv.Must("list-buffers", "-F", "#{buffer_name} #{buffer_sample}")
}

// osc52 is a printf line writing text to the clipboard with OSC 52:
// terminated by BEL, by ST, or wrapped in tmux's passthrough.
func osc52(text, how string) string {
	seq := map[string]string{
		"bel":         `\033]52;c;%s\a`,
		"st":          `\033]52;c;%s\033\\`,
		"passthrough": `\033Ptmux;\033\033]52;c;%s\a\033\\`,
	}[how]
	return fmt.Sprintf("printf '%s' \"$(printf %s | base64)\"\n", seq, text)
}

// TestE2EPreviewHostileClipboard: a pane writes to the clipboard with
// OSC 52 (ended by BEL, by ST, and through tmux's passthrough), with
// set-clipboard on in both tmux servers and passthrough allowed in the
// inner one, so that either would act on a clipboard write reaching it.
// The navigator shows the pane and its later output; no paste buffer
// appears on either server.
//
// tmux itself acts on what a pane prints: the inner server keeps the
// pane's OSC 52 as a buffer, and passes it, and the passthrough, on to
// the terminal of a client that shows the pane. So the pane prints in a
// window that no client shows, and only then joins the window on the
// map: every buffer after that would have come through the navigator. At
// the end, a write from a visible pane reaching the outer server shows
// that it would see one.
func TestE2EPreviewHostileClipboard(t *testing.T) {
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("set", "-g", "set-clipboard", "on")
		allowPassthrough(inner)
	})
	s.Outer.Must("set", "-g", "set-clipboard", "on")
	outerBefore := buffers(s.Outer)

	hidden := s.Inner.Must("new-window", "-d", "-t", "main:1", "-P", "-F", "#{pane_id}")
	runScript(t, s.Inner, hidden, osc52("pm-clip-bel", "bel")+osc52("pm-clip-st", "st")+
		osc52("pm-clip-pt", "passthrough")+marker("PMclip1"))
	tmuxtest.Eventually(t, wait, func() bool { return strings.Contains(s.Inner.Must("capture-pane", "-p", "-t", hidden), "PMclip1") },
		"the hidden pane did not print")
	innerBefore := buffers(s.Inner)
	for _, want := range []string{"pm-clip-bel", "pm-clip-st"} {
		if !strings.Contains(innerBefore, want) {
			t.Fatalf("the inner tmux did not keep the pane's OSC 52 %s (set-clipboard on): buffers %q", want, innerBefore)
		}
	}
	if got := buffers(s.Outer); got != outerBefore {
		t.Fatalf("a pane no client shows reached the outer tmux's buffers (the test's premise): %q", got)
	}

	s.Inner.Must("join-pane", "-d", "-s", hidden, "-t", s.g[3])
	s.waitInBox(t, hidden, "PMclip1")
	printIn(t, s.Inner, hidden, `%s%s\n`, "PMclip2")
	s.waitInBox(t, hidden, "PMclip2")
	settled(t, s)

	if got := buffers(s.Inner); got != innerBefore {
		t.Errorf("the inner tmux's buffers changed while the map showed the pane:\nbefore:\n%s\nafter:\n%s", innerBefore, got)
	}
	outerOpen := buffers(s.Outer)
	if outerOpen != outerBefore {
		t.Errorf("the terminal around the popup got a clipboard write (outer tmux's buffers):\nbefore:\n%s\nafter:\n%s", outerBefore, outerOpen)
	}
	ts := s.term(t)
	checkFrame(t, ts)
	if at := ts.find("pm-clip"); len(at) > 0 {
		t.Errorf("clipboard text shows on screen at %v:\n%s", at, ts)
	}

	s.Keys("q")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after q", code)
	}
	if got := buffers(s.Outer); got != outerOpen {
		t.Errorf("the terminal around the popup got a clipboard write as the navigator closed (outer tmux's buffers):\nbefore:\n%s\nafter:\n%s", outerOpen, got)
	}

	// The outer tmux does see a write that reaches it (tmux 3.2a passes
	// a pane's on only while no popup is open).
	runScript(t, s.Inner, s.g[0], osc52("pm-clip-control", "bel"))
	tmuxtest.Eventually(t, wait, func() bool { return strings.Contains(buffers(s.Outer), "pm-clip-control") },
		"a visible pane's OSC 52 did not reach the outer tmux: this test cannot see a clipboard write")
}

// popupFrame finds the popup's border on screen: the frame around the
// header line (the one with the mode, "NAV") down to the key help.
func (ts termScreen) popupFrame() (frame paneBox, ok bool) {
	for y := range ts {
		x := slices.IndexFunc(ts[y], func(c termCell) bool { return c.text == "m" })
		if x < 1 || !strings.Contains(ts.line(y, 0, len(ts[y])), "NAV") || !strings.HasPrefix(ts.line(y, x, len(ts[y])), "main") {
			continue
		}
		f := paneBox{top: y - 1, left: x - 1}
		if !isOf(vertical, ts.at(y, f.left)) || !isOf(topLeft, ts.at(f.top, f.left)) {
			continue
		}
		for f.right = f.left + 1; f.right < len(ts[f.top]) && !isOf(topRight, ts.at(f.top, f.right)); f.right++ {
		}
		for f.bottom = y; isOf(vertical, ts.at(f.bottom, f.left)); f.bottom++ {
		}
		if isOf(topRight, ts.at(f.top, f.right)) && isOf(bottomLeft, ts.at(f.bottom, f.left)) &&
			isOf(bottomRight, ts.at(f.bottom, f.right)) {
			return f, true
		}
	}
	return paneBox{}, false
}

// checkFrame checks the popup on screen: its border whole, the header
// with the mode, and the key help on its last line.
func checkFrame(t *testing.T, ts termScreen) {
	t.Helper()
	f, ok := ts.popupFrame()
	if !ok {
		t.Errorf("the popup's border or header is broken:\n%s", ts)
		return
	}
	for y := f.top + 1; y < f.bottom; y++ {
		if !isOf(vertical, ts.at(y, f.left)) || !isOf(vertical, ts.at(y, f.right)) {
			t.Errorf("the popup's side border is broken on row %d:\n%s", y, ts)
			return
		}
	}
	if help := ts.line(f.bottom-1, f.left+1, f.right); !strings.Contains(help, "close") {
		t.Errorf("the popup's key help is gone (last line %q):\n%s", help, ts)
	}
}

// titles is every pane's title and window's name on a server.
func titles(srv *tmuxtest.Server) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(srv.Must("list-panes", "-a", "-F", "#{pane_id} #{pane_title}"), "\n") {
		id, title, _ := strings.Cut(line, " ")
		out["pane "+id+" title"] = title
	}
	for _, line := range strings.Split(srv.Must("list-windows", "-a", "-F", "#{window_id} #{window_name}"), "\n") {
		id, name, _ := strings.Cut(line, " ")
		out["window "+id+" name"] = name
	}
	return out
}

// TestE2EPreviewHostileTitles: a pane on the map sets its title with
// OSC 0 and OSC 2. The pane's own title changes (tmux does that for the
// pane); no other pane's title, no window's name, and nothing on the
// outer tmux (the title of the terminal around the popup) changes.
func TestE2EPreviewHostileTitles(t *testing.T) {
	// Windows named for good: automatic-rename would change their names
	// as the shells start, whatever the navigator does. The outer tmux
	// renames a window when a rename reaches it.
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("rename-window", "-t", "main:0", "grid")
		allowPassthrough(inner)
	})
	s.Outer.Must("rename-window", "-t", "main:0", "terminal")
	s.Outer.Must("set", "-g", "allow-rename", "on")
	innerBefore, outerBefore := titles(s.Inner), titles(s.Outer)
	printer := s.g[1]
	runScript(t, s.Inner, printer, `printf '\033]0;pm-pwned-0\a'`+"\n"+marker("PMtitle1")+
		`printf '\033]2;pm-pwned-2\a'`+"\n"+marker("PMtitle2"))
	s.waitInBox(t, printer, "PMtitle2")
	settled(t, s)
	innerAfter, outerAfter := titles(s.Inner), titles(s.Outer)
	own := "pane " + printer + " title"
	if innerAfter[own] != "pm-pwned-2" {
		t.Errorf("the printing pane's title is %q: tmux did not act on its OSC 2", innerAfter[own])
	}
	delete(innerBefore, own)
	delete(innerAfter, own)
	if !maps.Equal(innerBefore, innerAfter) {
		t.Errorf("titles or window names on the inner tmux changed:\nbefore: %v\nafter:  %v", innerBefore, innerAfter)
	}
	if !maps.Equal(outerBefore, outerAfter) {
		t.Errorf("the terminal around the popup was retitled or renamed (outer tmux):\nbefore: %v\nafter:  %v", outerBefore, outerAfter)
	}
	checkFrame(t, s.term(t))
	s.Keys("q")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after q", code)
	}
}

// TestE2EPreviewHostileScreenControls: the focused pane moves its
// cursor home, clears its screen, switches to the alternate screen,
// moves its cursor up and left, erases lines, scrolls a region and
// resets its terminal, each followed by text. Each time, once its box
// shows the text, every cell of the terminal outside that box is as it
// was, text and colours: the popup's frame, header, key help, the other
// boxes and the window around the popup.
func TestE2EPreviewHostileScreenControls(t *testing.T) {
	// The window named for good: automatic-rename would change the tab in
	// the header as the pane runs commands.
	s := openNavigator(t, func(inner *tmuxtest.Server) { inner.Must("rename-window", "-t", "main:0", "grid") })
	printer := s.g[0]
	before := s.waitTerm(t, "a preview in every box", func(ts termScreen) bool {
		for _, p := range s.g {
			if !ts.previewing(p, "sh") {
				return false
			}
		}
		return true
	})
	box := before.boxes()[printer]
	for i, step := range []struct{ name, seq string }{
		{"cursor home", `\033[1;1H`},
		{"clear screen", `\033[2J`},
		{"alternate screen", `\033[?1049h`},
		{"cursor up and left", `\033[10A\033[40D`},
		{"erase line", `\033[2K\033[1K`},
		{"scroll region", `\033[2;3r\033[S`},
		{"reset", `\033c`},
	} {
		text := fmt.Sprintf("PMscr%dx", i)
		runScript(t, s.Inner, printer, fmt.Sprintf("printf '%s'\n", step.seq)+marker(text))
		after := s.waitInBox(t, printer, text)
		if b := after.boxes()[printer]; b != box {
			t.Fatalf("after %s the box of %s moved from %s to %s", step.name, printer, box, b)
		}
		if y, x, changed := changedOutside(before, after, box); changed {
			t.Fatalf("%s in %s changed the screen outside its box at row %d, column %d (%+v, was %+v):\nbefore:\n%s\nafter:\n%s",
				step.name, printer, y, x, after.cell(y, x), before.cell(y, x), before, after)
		}
		checkFrame(t, after)
	}
	s.Keys("q")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after q", code)
	}
}

// bells is the bell flag of every window on a server.
func bells(srv *tmuxtest.Server) string {
	return srv.Must("list-windows", "-a", "-F", "#{window_id}:#{window_bell_flag}")
}

// TestE2EPreviewHostileBell: a pane on the map rings the bell; the outer
// tmux, which watches for bells, sees none. tmux passes a pane's own bell
// on to its clients' terminals, so the inner server watches for none
// (monitor-bell off); at the end it does, and the outer tmux then sees the
// pane's bell, showing that it would have seen one.
func TestE2EPreviewHostileBell(t *testing.T) {
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("set", "-g", "monitor-bell", "off")
		allowPassthrough(inner)
	})
	s.Outer.Must("set", "-g", "monitor-bell", "on")
	s.Outer.Must("set", "-g", "bell-action", "any")
	before := bells(s.Outer)
	if strings.Contains(before, ":1") {
		t.Fatalf("the outer tmux has a bell before anything rang: %s", before)
	}
	printer := s.g[1]
	runScript(t, s.Inner, printer, `printf 'PMbe\all\a\n'`+"\n"+marker("PMbell1"))
	s.waitInBox(t, printer, "PMbell1")
	printIn(t, s.Inner, printer, `\a%s%s\a\n`, "PMbell2")
	s.waitInBox(t, printer, "PMbell2")
	settled(t, s)
	if got := bells(s.Outer); got != before {
		t.Errorf("the terminal around the popup heard a bell: outer window bell flags %s, were %s", got, before)
	}
	checkFrame(t, s.term(t))

	s.Inner.Must("set", "-g", "monitor-bell", "on")
	runScript(t, s.Inner, printer, `printf '\a'`+"\n")
	tmuxtest.Eventually(t, wait, func() bool { return strings.Contains(bells(s.Outer), ":1") },
		"a pane's bell passed on by tmux did not reach the outer tmux: this test cannot hear a bell")
	s.Keys("q")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after q", code)
	}
}

// TestE2EPreviewSixtyPanes: a window of 60 panes, each having printed a
// word, with previews on: a move goes to tmux at once, q exits 0, and
// the map shows every pane's word in its box.
func TestE2EPreviewSixtyPanes(t *testing.T) {
	var ids []string
	s := openNavigatorSized(t, 240, 80, func(inner *tmuxtest.Server) {
		for len(strings.Fields(inner.Must("list-panes", "-t", "main:0", "-F", "#{pane_id}"))) < 60 {
			if _, err := inner.Run("split-window", "-d", "-t", "main:0", "-l", "1"); err != nil {
				inner.Must("select-layout", "-t", "main:0", "tiled")
			}
		}
		inner.Must("select-layout", "-t", "main:0", "tiled")
		ids = strings.Fields(inner.Must("list-panes", "-t", "main:0", "-F", "#{pane_id}"))
		for _, p := range ids {
			printIn(t, inner, p, `%s%s\n`, wordIn(p))
		}
	})
	if len(ids) != 60 {
		t.Fatalf("%d panes, want 60", len(ids))
	}
	s.waitTerm(t, "all 60 boxes", func(ts termScreen) bool { return len(ts.boxes()) == len(ids) })
	from := s.Inner.Active(ids[0])
	s.Keys("l")
	tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Active(ids[0]) != from }, "l did not move the focus from %s among 60 panes", from)

	var missing []string
	var ts termScreen
	deadline := time.Now().Add(wait)
	for {
		ts, missing = s.term(t), nil
		for _, p := range ids {
			if !ts.inBox(p, wordIn(p)) {
				missing = append(missing, p)
			}
		}
		if len(missing) == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if len(missing) > 0 {
		top := strings.Split(ts.String(), "\n")
		t.Errorf("after %v, %d of the 60 boxes do not show their pane's word (%v); the screen's first rows:\n%s",
			wait, len(missing), missing, strings.Join(top[:min(len(top), 12)], "\n"))
	}
	s.Keys("q")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after q", code)
	}
}
