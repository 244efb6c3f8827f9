package screen

import (
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// texts is each cell's Text, trailing blanks trimmed, so tables can say
// what a line holds column by column.
func texts(cells []Cell) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = c.Text
	}
	for len(out) > 0 && out[len(out)-1] == " " {
		out = out[:len(out)-1]
	}
	return out
}

// chars splits s into one-byte or one-rune Texts, for expectations.
func chars(s string) []string {
	var out []string
	for _, r := range s {
		out = append(out, string(r))
	}
	return out
}

// checkShape fails unless s is exactly width x height with well-formed
// cells.
func checkShape(t testing.TB, s *Screen, width, height int) {
	t.Helper()
	if s.Width != width || s.Height != height || len(s.Lines) != height {
		t.Fatalf("screen is %dx%d with %d lines, want %dx%d", s.Width, s.Height, len(s.Lines), width, height)
	}
	for y, l := range s.Lines {
		if len(l) != width {
			t.Fatalf("line %d has %d cells, want %d", y, len(l), width)
		}
		for x, c := range l {
			switch c.Width {
			case 0:
				if c.Text != "" || x == 0 || l[x-1].Width != 2 || l[x-1].Style != c.Style {
					t.Fatalf("line %d col %d: stray continuation cell %+v", y, x, c)
				}
			case 1, 2:
				if !printable(c.Text) {
					t.Fatalf("line %d col %d: unprintable text %q", y, x, c.Text)
				}
				if c.Width == 2 && (x+1 >= width || l[x+1].Width != 0) {
					t.Fatalf("line %d col %d: wide cell without its second column", y, x)
				}
			default:
				t.Fatalf("line %d col %d: width %d", y, x, c.Width)
			}
		}
	}
}

const ff = "\uFFFD"

// hostileTests are captures a pane's program could cause, each with the
// only text that may survive on line 0. They seed FuzzParseRender too.
var hostileTests = []struct {
	name, in string
	want     []string // line 0, trailing blanks trimmed
}{
	{"OSC 52 BEL", "a\x1b]52;c;aGVsbG8=\x07b", chars("ab")},
	{"OSC 52 ST", "a\x1b]52;c;aGVsbG8=\x1b\\b", chars("ab")},
	{"OSC 52 query", "a\x1b]52;c;?\x07b", chars("ab")},
	{"OSC 0 title", "\x1b]0;evil title\x07ok", chars("ok")},
	{"OSC 2 title ST", "\x1b]2;evil\x1b\\ok", chars("ok")},
	{"OSC 8 hyperlink", "\x1b]8;id=1;https://evil.example/\x1b\\link\x1b]8;;\x1b\\!", chars("link!")},
	{"OSC 4 10 11 queries", "\x1b]4;1;?\x07\x1b]10;?\x07\x1b]11;?\x1b\\x", chars("x")},
	{"OSC aborted by CAN", "\x1b]0;t\x18ok", chars("ok")},
	{"DCS DECRQSS", "a\x1bP$qm\x1b\\b", chars("ab")},
	{"DCS with BEL and ESC inside", "a\x1bPq#0;2\x07\x1b[31mhidden\x1b\\b", chars("ab")},
	{"tmux passthrough OSC 52", "a\x1bPtmux;\x1b\x1b]52;c;aGVsbG8=\x07\x1b\\b", chars("ab")},
	{"tmux passthrough SGR text", "\x1bPtmux;\x1b\x1b[31mhidden\x1b\x1b[0m\x1b\\b", chars("b")},
	{"APC kitty graphics", "\x1b_Gf=100,a=T;AAAA\x1b\\x", chars("x")},
	{"PM", "\x1b^private\x1b\\x", chars("x")},
	{"SOS", "\x1bXstring\x1b\\x", chars("x")},
	{"RIS", "\x1bcx", chars("x")},
	{"ESC 7 8 = and charset", "\x1b7\x1b8\x1b=\x1b(B\x1b#8x", chars("x")},
	{"stray ST", "a\x1b\\b", chars("ab")},
	{"ED", "\x1b[2Jx", chars("x")},
	{"CUP home", "\x1b[Hx", chars("x")},
	{"CUP", "ab\x1b[10;20Hcd", chars("abcd")},
	{"alt screen", "\x1b[?1049hx\x1b[?1049l", chars("x")},
	{"cursor moves", "\x1b[5Aa\x1b[3Cb\x1b[2Dc\x1b[1;1fd", chars("abcd")},
	{"DSR", "\x1b[6nx\x1b[5n", chars("x")},
	{"DA and XTVERSION", "\x1b[c\x1b[>c\x1b[>0qx", chars("x")},
	{"modifyOtherKeys is not SGR", "\x1b[>4;2mx", chars("x")},
	{"SGR with intermediate", "\x1b[1 mx", chars("x")},
	{"bell", "a\x07b", chars("ab")},
	{"CR does not overwrite", "abc\rX", chars("abcX")},
	{"backspace", "ab\bc", chars("abc")},
	{"other C0 and DEL", "a\x00\x01\x05\x0b\x0c\x7fb", chars("ab")},
	{"8-bit CSI", "a\x9b2Jb", chars("ab")},
	{"8-bit SGR dropped", "\x9b31mred", chars("red")},
	{"8-bit OSC", "a\x9d0;title\x07b", chars("ab")},
	{"8-bit DCS ST", "a\x90q\x1b\\b", chars("ab")},
	{"8-bit NEL IND", "a\x85\x84b", chars("ab")},
	{"C1 CSI as UTF-8", "a\u009b2Jb", chars("ab")},
	{"C1 OSC as UTF-8", "a\u009d52;c;aGVsbG8=\u0007b", chars("ab")},
	{"C1 NEL as UTF-8", "a\u0085b", chars("ab")},
	{"unterminated OSC", "ab\x1b]52;c;aGVsbG8=", chars("ab")},
	{"unterminated DCS", "ab\x1bPtmux;\x1b\x1b]52;c;", chars("ab")},
	{"unterminated CSI", "ab\x1b[12;", chars("ab")},
	{"lone ESC at end", "ab\x1b", chars("ab")},
	{"broken UTF-8 byte", "a\xffb", []string{"a", ff, "b"}},
	{"truncated multibyte", "a\xe4\xb8", []string{"a", ff}},
	{"truncated multibyte before ASCII", "\xe4\xb8b", []string{ff, "b"}},
	{"overlong", "\xc0\xafb", []string{ff, ff, "b"}},
	{"surrogate", "\xed\xa0\xbfb", []string{ff, ff, ff, "b"}},
	{"zero-width space and bidi override dropped", "a\u200bb\u202ec\ufeff", chars("abc")},
}

func TestParseHostile(t *testing.T) {
	tests := hostileTests
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Parse(tt.in, 10, 2)
			checkShape(t, s, 10, 2)
			if got := texts(s.Lines[0]); !slices.Equal(got, tt.want) {
				t.Errorf("Parse(%q) line 0 = %q, want %q", tt.in, got, tt.want)
			}
			if got := texts(s.Lines[1]); len(got) != 0 {
				t.Errorf("Parse(%q) line 1 = %q, want blank", tt.in, got)
			}
			for _, c := range s.Lines[0] {
				if c.Style != (Style{}) {
					t.Errorf("Parse(%q): cell %q has style %+v, want none", tt.in, c.Text, c.Style)
				}
			}
		})
	}
}

// A broken sequence hides the rest of its line, never the lines below.
func TestParseSequenceEndsAtLine(t *testing.T) {
	for _, in := range []string{
		"ab\x1b]0;title\ncd",
		"ab\x1bPtmux;\x1b\x1b]52;c;\ncd",
		"ab\x1b[12;\ncd",
		"ab\x1b_G\x1b\ncd",
	} {
		s := Parse(in, 6, 2)
		if got := texts(s.Lines[0]); !slices.Equal(got, chars("ab")) {
			t.Errorf("Parse(%q) line 0 = %q, want ab", in, got)
		}
		if got := texts(s.Lines[1]); !slices.Equal(got, chars("cd")) {
			t.Errorf("Parse(%q) line 1 = %q, want cd", in, got)
		}
	}
}

func TestParseText(t *testing.T) {
	sp := " "
	tests := []struct {
		name  string
		in    string
		width int
		want  []string
	}{
		{"CJK", "中文", 6, []string{"中", "", "文", ""}},
		{"CJK at the right edge", "abcd中", 5, chars("abcd")}, // then a blank
		{"CJK exactly fits", "abc中", 5, []string{"a", "b", "c", "中", ""}},
		{"CJK cut", "中文字", 5, []string{"中", "", "文", ""}},
		{"emoji", "😀x", 4, []string{"😀", "", "x"}},
		{"emoji at the right edge", "ab😀", 3, chars("ab")},
		{"combining mark", "e\u0301x", 4, []string{"e\u0301", "x"}},
		{"combining marks stack", "a\u0300\u0301\u0302", 4, []string{"a\u0300\u0301\u0302"}},
		{"combining mark at line start dropped", "\u0301ab", 4, chars("ab")},
		{"combining mark after tab dropped", "\t\u0301a", 10, []string{sp, sp, sp, sp, sp, sp, sp, sp, "a"}},
		{"ZWJ family", "👨\u200d👩\u200d👧x", 4, []string{"👨\u200d👩\u200d👧", "", "x"}},
		{"ZWJ at line start dropped", "\u200dx", 4, chars("x")},
		{"spacing mark after tab dropped", "\t\u093fa", 10, []string{sp, sp, sp, sp, sp, sp, sp, sp, "a"}},
		{"prepended mark with nothing after dropped", "ab\u0600", 4, chars("ab")},
		{"zero-width prepended mark dropped, not what follows", "\u0600ab", 4, chars("ab")},
		{"flood of marks at line start", strings.Repeat("\u0301", 5000) + "ab", 4, chars("ab")},
		{"flag", "🇺🇸!", 4, []string{"🇺🇸", "", "!"}},
		{"lone regional indicators do not pair across a dropped ZWSP", "🇺\u200b🇸x", 5, []string{"🇺", "", "x"}},
		{"tab", "a\tb", 12, []string{"a", sp, sp, sp, sp, sp, sp, sp, "b"}},
		{"tab at 7", "1234567\tb", 12, []string{"1", "2", "3", "4", "5", "6", "7", sp, "b"}},
		{"tab at 8", "12345678\tb", 20, append(chars("12345678"), sp, sp, sp, sp, sp, sp, sp, sp, "b")},
		{"tab past width", "ab\tc", 5, chars("ab")},
		{"cut", "abcdefgh", 5, chars("abcde")},
		{"line drawing (SO/SI)", "\x0elqqk\x0f x\x0eq", 8, chars("┌──┐ x─")},
		{"long line", strings.Repeat("ab", 2000) + "\u0301", 3, chars("aba")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Parse(tt.in, tt.width, 1)
			checkShape(t, s, tt.width, 1)
			if got := texts(s.Lines[0]); !slices.Equal(got, tt.want) {
				t.Errorf("Parse(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.want)
			}
		})
	}
}

func TestParseShape(t *testing.T) {
	s := Parse("one\ntwo\nthree\nfour\n", 4, 2)
	checkShape(t, s, 4, 2)
	if got := texts(s.Lines[1]); !slices.Equal(got, chars("two")) {
		t.Errorf("line 1 = %q, want two", got)
	}
	s = Parse("x\n", 3, 3)
	checkShape(t, s, 3, 3)
	if got := texts(s.Lines[0]); !slices.Equal(got, chars("x")) {
		t.Errorf("line 0 = %q, want x", got)
	}
	for _, size := range [][2]int{{0, 0}, {0, 3}, {3, 0}, {-1, -5}} {
		s := Parse("abc\ndef", size[0], size[1])
		checkShape(t, s, max(size[0], 0), max(size[1], 0))
	}
	if s := Parse("", 2, 1); s.Lines[0][0] != blank || s.Lines[0][1] != blank {
		t.Errorf("empty capture: %+v, want blanks", s.Lines[0])
	}
}

// A wide character's second column and the space that replaces a cut one
// keep its style, so a coloured background stays unbroken.
func TestParseWideStyle(t *testing.T) {
	red := Style{BG: Color{ANSIColor, 1}}
	s := Parse("\x1b[41m中\x1b[42mx文", 4, 1)
	l := s.Lines[0]
	if l[0].Style != red || l[1].Style != red {
		t.Errorf("wide cell styles %+v %+v, want %+v", l[0].Style, l[1].Style, red)
	}
	green := Style{BG: Color{ANSIColor, 2}}
	if l[3].Text != " " || l[3].Style != green {
		t.Errorf("cut wide cell = %+v, want a space with %+v", l[3], green)
	}
}

// A tab's spaces keep only the background, like the cells a terminal's
// HT passes over.
func TestParseTabStyle(t *testing.T) {
	s := Parse("\x1b[1;4;31;44ma\tb", 10, 1)
	if got, want := s.Lines[0][1].Style, (Style{BG: Color{ANSIColor, 4}}); got != want {
		t.Errorf("tab space style = %+v, want %+v", got, want)
	}
}

// A combining mark joins its base even when an SGR change comes between,
// as on a terminal; the cell keeps the base's style.
func TestParseCombiningAcrossSGR(t *testing.T) {
	s := Parse("e\x1b[31m\u0301x", 4, 1)
	if got := s.Lines[0][0]; got.Text != "e\u0301" || got.Style != (Style{}) {
		t.Errorf("cell 0 = %+v, want e+U+0301 unstyled", got)
	}
	if got := s.Lines[0][1]; got.Text != "x" || got.Style.FG != (Color{ANSIColor, 1}) {
		t.Errorf("cell 1 = %+v, want red x", got)
	}
}

func TestParseHugeCluster(t *testing.T) {
	s := Parse("a"+strings.Repeat("\u0301", 10000)+"b", 4, 1)
	checkShape(t, s, 4, 1)
	if c := s.Lines[0][0]; len(c.Text) > maxCluster || !strings.HasPrefix(c.Text, "a\u0301") || c.Width != 1 {
		t.Errorf("cell 0 = %q (%d bytes), want a and marks, at most %d bytes", c.Text, len(c.Text), maxCluster)
	}
	if got := s.Lines[0][1].Text; got != "b" {
		t.Errorf("cell 1 = %q, want b", got)
	}
}

// testdata/tmux-3.3a-40x8.capture is `tmux capture-pane -e -p` of a
// 40x8 pane that printed colours, a curly and a coloured underline, CJK,
// line drawing, reverse, a tab, an OSC 8 link, a combining accent, bright
// colours, OSC 52 and a title, 256 colours and an emoji.
func TestParseTmuxCapture(t *testing.T) {
	b, err := os.ReadFile("testdata/tmux-3.3a-40x8.capture")
	if err != nil {
		t.Fatal(err)
	}
	s := Parse(string(b), 40, 8)
	checkShape(t, s, 40, 8)
	line := func(y int) string { return strings.Join(texts(s.Lines[y]), "") }
	want := []string{
		"red bold plain rgb",
		"curly under 中文x",
		"┌──┐ rev        tab",
		"link e\u0301 bright",
		"i256 😀",
		"", "", "",
	}
	for y, w := range want {
		if got := line(y); got != w {
			t.Errorf("line %d = %q, want %q", y, got, w)
		}
	}
	at := func(x, y int) Style { return s.Lines[y][x].Style }
	checks := []struct {
		x, y int
		want Style
	}{
		{0, 0, Style{FG: Color{ANSIColor, 1}, Attrs: Bold}},
		{9, 0, Style{}},
		{15, 0, Style{FG: Color{RGBColor, 0x0a141e}}},
		{0, 1, Style{Underline: CurlyUnderline}},
		{6, 1, Style{Underline: SingleUnderline, UnderlineColor: Color{IndexedColor, 9}}},
		{12, 1, Style{}},
		{5, 2, Style{Attrs: Reverse}},
		{7, 3, Style{FG: Color{ANSIColor, 10}, BG: Color{ANSIColor, 12}}},
		{0, 4, Style{FG: Color{IndexedColor, 196}, BG: Color{IndexedColor, 21}}},
		{5, 4, Style{}},
	}
	for _, c := range checks {
		if got := at(c.x, c.y); got != c.want {
			t.Errorf("style at %d,%d (%q) = %+v, want %+v", c.x, c.y, s.Lines[c.y][c.x].Text, got, c.want)
		}
	}
}

// Sequences one after another are read in a loop, not by recursion, so a
// capture of millions of them cannot exhaust the stack.
func TestParseManySequences(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(8 << 20))
	for _, unit := range []string{"\x1b]", "\x1b[", "\x1bP\x1b\x1b", "\x9d\x1b", "\u009b\x1b"} {
		s := Parse(strings.Repeat(unit, 1<<20/len(unit))+"\nok", 4, 2)
		if got := texts(s.Lines[1]); !slices.Equal(got, chars("ok")) {
			t.Errorf("after %q x many: line 1 = %q, want ok", unit, got)
		}
	}
}
