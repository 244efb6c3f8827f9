package screen

import (
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Text is cut into grapheme clusters, and measured, with the very
// functions (ansi.FirstGraphemeCluster, GraphemeWidth) that
// ansi.StringWidth and lipgloss use, so a rendered line measures what its
// cells say. tmux's own widths (utf8.c) can disagree for a few characters;
// then the preview is off by a column on that line, never wider than asked.

// maxCluster bounds the bytes one cell keeps: a base followed by a
// megabyte of combining marks is one grapheme, but it is not text anyone
// should have to hold on to.
const maxCluster = 64

// textRun marks where, in a line's pending text, a style begins.
type textRun struct {
	off   int
	style Style
}

// line collects one line's printable text and places it into cells. Text
// is kept until a tab, the end of the line or of the capture, so that a
// combining mark written after an SGR change still joins its base, as it
// does on a terminal.
type line struct {
	cells []Cell // the screen's row, Width long
	col   int    // next free column
	text  []byte // pending text, printable runes only
	runs  []textRun
	full  bool   // col reached the width: further text is dropped
	buf   []byte // scratch for joins
	// prevBuf holds the previous cell's text for joins.
	prevBuf []byte
}

func (l *line) reset(cells []Cell) {
	l.cells, l.col, l.full = cells, 0, len(cells) == 0
	l.text, l.runs = l.text[:0], l.runs[:0]
}

// pad fills the rest of the line with blanks.
func (l *line) pad() {
	for x := l.col; x < len(l.cells); x++ {
		l.cells[x] = blank
	}
}

// add appends printable text written in style st.
func (l *line) add(b []byte, st Style) {
	if l.full {
		return
	}
	if n := len(l.runs); n == 0 || l.runs[n-1].style != st {
		l.runs = append(l.runs, textRun{off: len(l.text), style: st})
	}
	l.text = append(l.text, b...)
	if len(l.text) >= 1024 {
		// A very long line: place what is certain, keeping the last
		// cluster, which more marks may yet extend.
		l.flush(false)
	}
}

// tab moves to the next multiple of 8, writing spaces that keep only the
// background, as the cells a terminal's HT skips over would be erased.
func (l *line) tab(st Style) {
	l.flush(true)
	sp := Cell{Text: " ", Width: 1, Style: Style{BG: st.BG}}
	for next := (l.col/8 + 1) * 8; l.col < next && !l.full; {
		l.put(sp)
	}
}

// flush places the pending text. Unless all is set, the last cluster stays
// pending.
func (l *line) flush(all bool) {
	text, i, r := l.text, 0, 0
	for i < len(text) && !l.full {
		var cl []byte
		var w int
		if text[i] < utf8.RuneSelf && i+1 < len(text) && text[i+1] < utf8.RuneSelf {
			// ASCII before ASCII: a cluster of its own (only CR LF
			// would join, and controls never get here).
			cl, w = text[i:i+1], 1
		} else {
			cl, w = ansi.FirstGraphemeCluster(text[i:], ansi.GraphemeWidth)
			if len(cl) == 0 { // cannot happen; never loop forever
				cl = text[i : i+1]
			}
		}
		if !all && i+len(cl) == len(text) {
			break
		}
		if w == 0 {
			// Nothing to draw, but a mark with no base can swallow the
			// character after it (a prepended concatenation mark does):
			// unless the rest is as invisible (a flood of marks), drop
			// the first rune only, and read on.
			_, n := utf8.DecodeRune(cl)
			if rest, rw := ansi.FirstGraphemeCluster(cl[n:], ansi.GraphemeWidth); len(rest) == len(cl)-n && rw == 0 {
				n = len(cl)
			}
			i += n
			continue
		}
		for r+1 < len(l.runs) && l.runs[r+1].off <= i {
			r++
		}
		l.cluster(cl, w, l.runs[r].style)
		i += len(cl)
	}
	if l.full {
		i = len(text)
	}
	// Keep the rest, and the style runs it still needs.
	for r+1 < len(l.runs) && l.runs[r+1].off <= i {
		r++
	}
	if i == len(text) {
		l.text, l.runs = l.text[:0], l.runs[:0]
		return
	}
	rest := text[i:]
	if len(rest) > maxCluster {
		// One cluster this long is a base with a flood of marks (or
		// jamo, or a ZWJ chain): keep its start, which more marks still
		// extend, so that a long flood costs linear time, not quadratic.
		rest = trimCluster(rest)
	}
	n := copy(l.text, rest)
	l.text = l.text[:n]
	runs := l.runs[:0]
	for _, run := range l.runs[r:] {
		if run.off-i >= n {
			break
		}
		run.off = max(run.off-i, 0)
		runs = append(runs, run)
	}
	l.runs = runs
}

// cluster places one grapheme cluster of width w (flush has dropped the
// zero-width ones: a lone mark, ZWSP, bidi controls, BOM have nothing to
// draw).
//
// A cluster is kept only if it stays one cluster wherever Render may put
// it: after the cell before it, and between the spaces Render writes for
// padding, tabs and cut wide characters; otherwise the line would measure
// other than its cells say. A cluster that would merge is a mark (or ZWJ,
// spacing mark, Hangul jamo, regional indicator, prepended concatenation
// mark) with nothing to combine with: at the start of a line, after a tab,
// or after a zero-width character that was dropped. It is dropped, as
// tmux drops a combining mark at the start of a line (screen_write_cell
// finds no cell to combine it with).
func (l *line) cluster(cl []byte, w int, st Style) {
	if w <= 0 {
		return
	}
	if w > 2 {
		w = 2
	}
	if cl[0] >= utf8.RuneSelf || len(cl) > 1 {
		if len(cl) > maxCluster {
			if cl = trimCluster(cl); clusterWidth(cl) != w {
				for range w {
					l.cluster([]byte(replacement), 1, st)
				}
				return
			}
		}
		if l.joins(space, cl) || l.joins(cl, space) {
			return
		}
		if prev := l.prev(); prev != "" {
			l.prevBuf = append(l.prevBuf[:0], prev...)
			if l.joins(l.prevBuf, cl) {
				return
			}
		}
	}
	if l.col+w > len(l.cells) {
		// A wide character that would straddle the right edge: a space,
		// as a terminal leaves that column.
		l.put(Cell{Text: " ", Width: 1, Style: st})
		l.full = true
		return
	}
	l.put(Cell{Text: string(cl), Width: w, Style: st})
	if w == 2 {
		l.put(Cell{Style: st})
	}
}

var space = []byte{' '}

// replacement stands for a character that cannot be shown as it is: U+FFFD,
// or "?" where U+FFFD is two columns wide (RUNEWIDTH_EASTASIAN=1).
var replacement = func() string {
	if clusterWidth([]byte("\uFFFD")) == 1 {
		return "\uFFFD"
	}
	return "?"
}()

// put writes c at the next column.
func (l *line) put(c Cell) {
	l.cells[l.col] = c
	l.col++
	if l.col >= len(l.cells) {
		l.full = true
	}
}

// prev is the text of the last cell placed, "" at the start of the line.
func (l *line) prev() string {
	for x := l.col - 1; x >= 0; x-- {
		if l.cells[x].Width > 0 {
			return l.cells[x].Text
		}
	}
	return ""
}

// joins reports whether a followed by b would not break between them.
func (l *line) joins(a, b []byte) bool {
	l.buf = append(append(l.buf[:0], a...), b...)
	cl, _ := ansi.FirstGraphemeCluster(l.buf, ansi.GraphemeWidth)
	return len(cl) != len(a)
}

func clusterWidth(b []byte) int {
	_, w := ansi.FirstGraphemeCluster(b, ansi.GraphemeWidth)
	return w
}

// trimCluster cuts an oversized cluster to at most maxCluster bytes, on a
// rune boundary.
func trimCluster(cl []byte) []byte {
	n := maxCluster
	for n > 0 && !utf8.RuneStart(cl[n]) {
		n--
	}
	return cl[:n]
}

// decodeRune decodes the UTF-8 sequence at the start of b. Broken UTF-8
// is utf8.RuneError, consuming the maximal subpart of an ill-formed
// sequence (Unicode §3.9, as WHATWG and most terminals do): a truncated
// three-byte character is one U+FFFD, not two.
func decodeRune(b []byte) (rune, int) {
	r, n := utf8.DecodeRune(b)
	if r != utf8.RuneError || n != 1 {
		return r, n
	}
	need := 0
	lo, hi := byte(0x80), byte(0xbf) // the second byte's range
	switch c := b[0]; {
	case c >= 0xc2 && c <= 0xdf:
		need = 1
	case c >= 0xe0 && c <= 0xef:
		need = 2
	case c >= 0xf0 && c <= 0xf4:
		need = 3
	}
	switch b[0] {
	case 0xe0:
		lo = 0xa0 // no overlong forms
	case 0xed:
		hi = 0x9f // no surrogates
	case 0xf0:
		lo = 0x90 // no overlong forms
	case 0xf4:
		hi = 0x8f // nothing past U+10FFFF
	}
	n = 1
	for ; n <= need && n < len(b); n++ {
		if b[n] < lo || b[n] > hi {
			break
		}
		lo, hi = 0x80, 0xbf
	}
	return utf8.RuneError, n
}

// acs maps the DEC Special Graphics set to Unicode, as tmux's tty-acs.c
// does: tmux's capture-pane -e writes line-drawing cells as SO, plain
// ASCII ("lqqk"), SI.
var acs = [...]string{
	'`': "◆", 'a': "▒", 'b': "␉", 'c': "␌", 'd': "␍", 'e': "␊", 'f': "°",
	'g': "±", 'h': "␤", 'i': "␋", 'j': "┘", 'k': "┐", 'l': "┌", 'm': "└",
	'n': "┼", 'o': "⎺", 'p': "⎻", 'q': "─", 'r': "⎼", 's': "⎽", 't': "├",
	'u': "┤", 'v': "┴", 'w': "┬", 'x': "│", 'y': "≤", 'z': "≥", '{': "π",
	'|': "≠", '}': "£", '~': "·",
}
