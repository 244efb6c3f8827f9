package screen

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// Render draws the region of s starting at column x, row y, w columns by
// h rows, as exactly h strings of display width exactly w (as
// ansi.StringWidth measures it). What lies outside the screen is drawn as
// blanks; a wide character cut by either edge of the region is a space.
//
// A string holds only printable text, spaces and SGR sequences
// (ESC [ digits, ";" and ":" m) that Render wrote itself: nothing from the
// pane reaches the terminal but cell text, which Parse has already
// cleaned (Render checks again, for Screens built by hand). A string that
// sets any style does it from a reset ("ESC[0;...m") and is back to the
// default (ESC[m) when it ends, so no style leaks into or out of it; a
// string without style has no escapes at all, and takes its
// surroundings' style. A line with non-ASCII text is measured before it
// is returned; one that measures wrong (only a Screen built by hand with
// wrong widths can) is drawn again with "?" for every non-ASCII cell.
//
// p decides how colours degrade: TrueColor keeps them, ANSI256 and ANSI
// convert with the conversion colorprofile uses (ansi.Convert256 and
// ansi.Convert16; called directly, because colorprofile.Convert caches
// every colour it sees for good, and a pane can show millions). Ascii,
// NoTTY and Unknown draw no colours, and keep only bold, faint,
// underline and reverse: the attributes a monochrome terminal has always
// drawn, which carry meaning (headings, selections, a cursor) where
// colour is gone. Curly and other underline styles, and the underline
// colour, are drawn only with TrueColor and ANSI256, as plain underline
// otherwise. Invisible (SGR 8) text is drawn as spaces, so it stays
// hidden even on a terminal that ignores SGR 8.
//
// dim draws everything faint, without background colours, reverse video
// or blinking: a pane hidden by a zoom recedes rather than competing with
// the visible ones.
func (s *Screen) Render(x, y, w, h int, p colorprofile.Profile, dim bool) []string {
	if h <= 0 {
		return nil
	}
	out := make([]string, h)
	if w <= 0 {
		return out
	}
	r := renderer{profile: p, dim: dim}
	for i := range out {
		out[i] = r.line(s.row(y+i), x, w)
		if r.wide && ansi.StringWidth(out[i]) != w {
			// Only a Screen built by hand, with widths that are not
			// its text's, can get here: fall back to ASCII.
			if onFallback != nil {
				onFallback()
			}
			r.ascii = true
			out[i] = r.line(s.row(y+i), x, w)
			r.ascii = false
		}
	}
	return out
}

// onFallback, when set (by tests), is called when Render falls back to
// ASCII.
var onFallback func()

// row is line y, nil outside the screen.
func (s *Screen) row(y int) []Cell {
	if s == nil || y < 0 || y >= len(s.Lines) || y >= s.Height {
		return nil
	}
	l := s.Lines[y]
	return l[:min(len(l), max(s.Width, 0))]
}

// renderer draws lines.
type renderer struct {
	profile colorprofile.Profile
	dim     bool
	ascii   bool // draw non-ASCII text as "?"
	wide    bool // the last line had non-ASCII text: measure it
	b       strings.Builder
	cur     []byte // SGR parameters in force; empty for the default style
	next    []byte // scratch for the next parameters
}

// line draws columns x to x+w of cells.
func (r *renderer) line(cells []Cell, x, w int) string {
	b := &r.b
	b.Reset()
	b.Grow(w + 16)
	r.wide = false
	r.cur = r.cur[:0]
	last, known := Style{}, false
	for col := x; col < x+w; {
		c := blank
		if col >= 0 && col < len(cells) {
			c = cells[col]
		}
		text, cw := c.Text, c.Width
		switch {
		case cw == 2 && col+1 < x+w && printable(text):
		case cw == 1 && printable(text):
		case cw == 1 || cw == 2 && col+1 < x+w:
			text = replacement // a hand-built cell with unsafe text
			if cw == 2 {
				text += replacement
			}
		default:
			// The second column of a wide character at the region's
			// left edge, a wide character cut by the right edge, or a
			// malformed cell: a space in its style.
			text, cw = " ", 1
		}
		if c.Style.Attrs&Invisible != 0 {
			text = "  "[:cw]
		}
		if r.ascii && !isASCII(text) {
			text = "??"[:cw]
		}
		if !known || c.Style != last {
			r.next = r.appendSGR(r.next[:0], c.Style)
			if !bytes.Equal(r.next, r.cur) {
				b.WriteString("\x1b[")
				if len(r.next) > 0 {
					b.WriteString("0;")
					b.Write(r.next)
				}
				b.WriteByte('m')
				r.cur, r.next = r.next, r.cur
			}
			last, known = c.Style, true
		}
		if !isASCII(text) {
			r.wide = true
		}
		b.WriteString(text)
		col += cw
	}
	if len(r.cur) > 0 {
		b.WriteString("\x1b[m")
	}
	return b.String()
}

// printable reports whether t is text fit for a terminal: non-empty,
// valid UTF-8, no C0 or C1 control, no DEL.
func printable(t string) bool {
	if len(t) == 1 {
		return t[0] >= 0x20 && t[0] < 0x7f
	}
	if t == "" || !utf8.ValidString(t) {
		return false
	}
	for _, r := range t {
		if r < 0x20 || r >= 0x7f && r <= 0x9f {
			return false
		}
	}
	return true
}

func isASCII(t string) bool {
	for i := 0; i < len(t); i++ {
		if t[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// appendSGR appends st's parameters as the profile and dim allow.
func (r *renderer) appendSGR(b []byte, st Style) []byte {
	colours := r.profile >= colorprofile.ANSI
	rich := r.profile >= colorprofile.ANSI256
	a := st.Attrs
	if r.dim {
		a = a&^(Reverse|Blink) | Faint
	}
	if !colours {
		a &= Bold | Faint | Reverse
	}
	add := func(p string) {
		if len(b) > 0 {
			b = append(b, ';')
		}
		b = append(b, p...)
	}
	if a&Bold != 0 {
		add("1")
	}
	if a&Faint != 0 {
		add("2")
	}
	if a&Italic != 0 {
		add("3")
	}
	switch u := st.Underline; {
	case u == NoUnderline || u > DashedUnderline:
	case u == SingleUnderline || !rich:
		add("4")
	default:
		add("4:")
		b = strconv.AppendInt(b, int64(u), 10)
	}
	if a&Blink != 0 {
		add("5")
	}
	if a&Reverse != 0 {
		add("7")
	}
	if a&Strikethrough != 0 {
		add("9")
	}
	if a&Overline != 0 {
		add("53")
	}
	if !colours {
		return b
	}
	if c := r.degrade(st.FG); c.Kind != DefaultColor {
		b = appendColor(b, c, 30, 90, "38")
	}
	if c := r.degrade(st.BG); c.Kind != DefaultColor && !r.dim {
		b = appendColor(b, c, 40, 100, "48")
	}
	if c := r.degrade(st.UnderlineColor); c.Kind != DefaultColor && rich && st.Underline != NoUnderline {
		if c.Kind == ANSIColor {
			c.Kind = IndexedColor // SGR 58 has no 16-colour form
		}
		b = appendColor(b, c, 0, 0, "58")
	}
	return b
}
