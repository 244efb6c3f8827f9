package records

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// tmuxPrint is what a tmux version prints for a line whose values were
// each expanded by ExactVar: the values with backslashes doubled (tmux's
// s/// modifier) and each ended by "\.", then, on 3.4 and 3.5a, the whole
// line through utf8_strvis with VIS_OCTAL|VIS_CSTYLE|VIS_NOSLASH
// (server_client_print). dollar is 3.4's extra escape of $ before a
// letter, '_' or '{'.
type tmuxPrint struct {
	name        string
	vis, dollar bool
}

var tmuxPrints = []tmuxPrint{{"raw (3.2a, 3.3a, 3.6+)", false, false}, {"3.4", true, true}, {"3.5a", true, false}}

func (p tmuxPrint) line(vals ...string) string {
	var b strings.Builder
	for _, v := range vals {
		b.WriteString(strings.ReplaceAll(v, `\`, `\\`) + `\.`)
	}
	if !p.vis {
		return b.String()
	}
	return visModel(b.String(), p.dollar)
}

// visModel follows tmux's utf8_strvis and vis(3) (compat/vis.c) with
// VIS_OCTAL|VIS_CSTYLE|VIS_NOSLASH.
func visModel(s string, dollar bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			if r, size := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || size > 1 {
				b.WriteString(s[i : i+size])
				i += size - 1
				continue
			}
		}
		switch {
		case dollar && c == '$' && i+1 < len(s):
			if n := s[i+1]; n >= 'a' && n <= 'z' || n >= 'A' && n <= 'Z' || n == '_' || n == '{' {
				b.WriteByte('\\')
			}
			b.WriteByte('$')
		case c > ' ' && c < 0x7f, c == ' ', c == '\t', c == '\n':
			b.WriteByte(c)
		case strings.IndexByte("\r\b\a\v\f", c) >= 0:
			b.WriteByte('\\')
			b.WriteByte("rbavf"[strings.IndexByte("\r\b\a\v\f", c)])
		default:
			fmt.Fprintf(&b, `\%03o`, c)
		}
	}
	return b.String()
}

// hostileText is text that tmux's escaping makes ambiguous, or that looks
// like the escapes and the terminator themselves.
var hostileText = []string{
	"", `\`, `\\`, `\.`, `.\`, `\033`, `\r`, `\$HOME`, "\r", "\x1b[31m", "$HOME", "${x}", "$_", "$", "$1", "a$",
	"tab\there", "two\nlines", "\n", "\a\b\f\v\x7f\x01", "#{pane_id}", "#", "%1", "ünï ✓", "\xff\xc3", `a\.b\`,
}

// TestReadExactEveryPrint reads back every hostile value, alone and next
// to another, as each tmux prints it.
func TestReadExactEveryPrint(t *testing.T) {
	t.Parallel()
	for _, p := range tmuxPrints {
		for _, a := range hostileText {
			for _, b := range []string{"", "x", `\`, "$x", "\r"} {
				out := p.line(a, b) + "\n"
				got, err := readValues(out, 2)
				if err != nil || !slices.Equal(got, []string{a, b}) {
					t.Errorf("%s: %q printed as %q reads as %q, %v", p.name, []string{a, b}, out, got, err)
				}
			}
		}
	}
}

// readValues reads n values and the line's end off out.
func readValues(out string, n int) ([]string, error) {
	vals := make([]string, n)
	var err error
	for i := range vals {
		if vals[i], out, err = ReadExact(out); err != nil {
			return nil, err
		}
	}
	if out != "\n" {
		return nil, fmt.Errorf("%q after the values", out)
	}
	return vals, nil
}

func TestReadExact(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, val, rest string }{
		{`abc\.rest`, "abc", "rest"},
		{`\.`, "", ""},
		{"a\tb\nc\\.\n", "a\tb\nc", "\n"},
		{`\\\.\.`, `\`, `\.`},
		{`\$x\033\r\t\n\s\177\.`, "$x\x1b\r\t\n \x7f", ""},
		{`ü\303\274\.`, "üü", ""},
	} {
		val, rest, err := ReadExact(c.in)
		if err != nil || val != c.val || rest != c.rest {
			t.Errorf("ReadExact(%q) = %q, %q, %v; want %q, %q", c.in, val, rest, err, c.val, c.rest)
		}
	}
	for _, in := range []string{"", "abc", `a\`, `a\q\.`, `\01\.`, `\0`, `\400\.`, `\\.`} {
		if val, rest, err := ReadExact(in); err == nil {
			t.Errorf("ReadExact(%q) = %q, %q; want an error", in, val, rest)
		}
	}
}

// TestParseListingExactText: a listing whose names, titles, commands and
// paths hold hostile text reads back exactly however tmux printed it.
func TestParseListingExactText(t *testing.T) {
	t.Parallel()
	for _, p := range tmuxPrints {
		for i, v := range hostileText {
			other := hostileText[(i+1)%len(hostileText)]
			out := "@3\t1\t80\t24\t0\t1\t0\t$2\tb25d,80x24,0,0,4\t1\t0\t0\t0\t" + p.line(v, other) + "\n" +
				"%4\t@3\t0\t1\t0\t0\t0\t0\t0\t80\t24\t\t\t\t\t" + p.line(other, v, v+"\n"+other) + "\n" +
				"%5\t@3\t1\t0\t0\t0\t0\t0\t0\t80\t24\t\t\t\t\t" + p.line(v, "", v) + "\n" +
				"M\t%4\t@3\n"
			l, err := Parse(out)
			if err != nil {
				t.Errorf("%s: %q: %v", p.name, out, err)
				continue
			}
			w := l.Windows[0]
			if len(l.Windows) != 1 || w.SessionName != v || w.Name != other || len(w.Panes) != 2 || l.Marked != "%4" {
				t.Errorf("%s: %q: windows %d, %q %q, %d panes, marked %q", p.name, out, len(l.Windows), w.SessionName, w.Name, len(w.Panes), l.Marked)
				continue
			}
			if q := w.Panes[0]; q.ID != "%4" || q.Command != other || q.Title != v || q.Path != v+"\n"+other || q.Width != 80 {
				t.Errorf("%s: %q: first pane %+v", p.name, out, q)
			}
			if q := w.Panes[1]; q.ID != "%5" || q.Command != v || q.Title != "" || q.Path != v {
				t.Errorf("%s: %q: second pane %+v", p.name, out, q)
			}
		}
	}
	for _, out := range []string{
		"@3\t1\t80\t24\t0\t1\t0\t$2\tl\t1\t0\t0\t0\tmain\\.w\n",               // no end
		"@3\t1\t80\t24\t0\t1\t0\t$2\tl\t1\t0\t0\t0\tmain\\.w\\.x\n",           // more after the text
		"@3\t1\t80\t24\t0\t1\t0\t$2\nl\tmain\\.w\\.\n",                        // a line cut short
		"@3\t1\t80\t24\t0\t1\t0\t$2\tl\t1\t0\t0\t0\tmain\\.w\\.\nstray\n",     // a line that is no record
		"@3\t1\t80\t24\t0\t1\t0\t$2\tl\t1\t0\t0\t0\tmain\\.w\\.\n%4\t@3\t0\n", // a pane cut short
	} {
		if l, err := Parse(out); err == nil {
			t.Errorf("%q: accepted, %d windows", out, len(l.Windows))
		}
	}
}

// The formats have as many fields as their parsers read.
func TestRecordFormats(t *testing.T) {
	t.Parallel()
	for _, f := range []struct {
		format      string
		fixed, text int
	}{{WindowFormat, windowFixed, windowText}, {PaneFormat, paneFixed, paneText}} {
		if strings.Count(f.format, "\t") != f.fixed || strings.Count(f.format, `}\.`) != f.text {
			t.Errorf("%q: want %d fixed fields and %d text values", f.format, f.fixed, f.text)
		}
	}
}

// FuzzReadExact: any two values read back exactly as any tmux prints them.
func FuzzReadExact(f *testing.F) {
	f.Add(`\.`, "\r$x")
	f.Add("\x1b", `\\`)
	f.Fuzz(func(t *testing.T, a, b string) {
		if strings.IndexByte(a+b, 0) >= 0 {
			return // a C string ends there: tmux never prints a NUL
		}
		for _, p := range tmuxPrints {
			out := p.line(a, b) + "\n"
			got, err := readValues(out, 2)
			if err != nil || !slices.Equal(got, []string{a, b}) {
				t.Fatalf("%s: %q printed as %q reads as %q, %v", p.name, []string{a, b}, out, got, err)
			}
		}
	})
}
