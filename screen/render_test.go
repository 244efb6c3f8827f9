package screen

import (
	"image/color"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

var sgrSeq = regexp.MustCompile(`^\x1b\[[0-9;:]*m`)

// checkRendered fails unless line is safe to write to a terminal and w
// columns wide: valid UTF-8, no control character but the ESC of
// well-formed SGR sequences, no DEL, no C1; every SGR absolute (a reset
// first), and the last one a reset.
func checkRendered(t testing.TB, line string, w int) {
	t.Helper()
	if got := ansi.StringWidth(line); got != w {
		t.Fatalf("%q is %d wide, want %d", line, got, w)
	}
	if !utf8.ValidString(line) {
		t.Fatalf("%q is not UTF-8", line)
	}
	for i := 0; i < len(line); {
		r, n := utf8.DecodeRuneInString(line[i:])
		switch {
		case r == 0x1b:
			m := sgrSeq.FindString(line[i:])
			if m == "" {
				t.Fatalf("%q: ESC at %d does not begin an SGR", line, i)
			}
			if m != "\x1b[m" && !strings.HasPrefix(m, "\x1b[0;") {
				t.Fatalf("%q: SGR %q does not start from a reset", line, m)
			}
			n = len(m)
		case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
			t.Fatalf("%q: control %U at %d", line, r, i)
		}
		i += n
	}
	if i := strings.LastIndex(line, "\x1b"); i >= 0 && !strings.HasPrefix(line[i:], "\x1b[m") {
		t.Fatalf("%q: styled line does not end in the default style", line)
	}
}

func render(s *Screen, x, y, w, h int, p colorprofile.Profile, dim bool) []string {
	return s.Render(x, y, w, h, p, dim)
}

func TestRenderExact(t *testing.T) {
	const (
		tc    = colorprofile.TrueColor
		c256  = colorprofile.ANSI256
		c16   = colorprofile.ANSI
		ascii = colorprofile.Ascii
		notty = colorprofile.NoTTY
	)
	tests := []struct {
		name    string
		capture string
		width   int
		x, w    int
		p       colorprofile.Profile
		dim     bool
		want    string
	}{
		{"plain text has no escapes", "abc", 5, 0, 5, tc, false, "abc  "},
		{"styled run then plain", "\x1b[1;31mab\x1b[0mc", 4, 0, 4, tc, false, "\x1b[0;1;31mab\x1b[mc "},
		{"style to the end", "\x1b[4mab", 2, 0, 2, tc, false, "\x1b[0;4mab\x1b[m"},
		{"bright and 256 and rgb", "\x1b[91ma\x1b[48;5;17mb\x1b[38;2;1;2;3mc", 3, 0, 3, tc, false,
			"\x1b[0;91ma\x1b[0;91;48;5;17mb\x1b[0;38;2;1;2;3;48;5;17mc\x1b[m"},
		{"all attributes", "\x1b[1;2;3;4;5;7;9;53mx", 1, 0, 1, tc, false, "\x1b[0;1;2;3;4;5;7;9;53mx\x1b[m"},
		{"curly underline with colour", "\x1b[4:3;58;2;1;2;3mx", 1, 0, 1, tc, false, "\x1b[0;4:3;58;2;1;2;3mx\x1b[m"},
		{"underline colour without underline not drawn", "\x1b[58;5;9mx", 1, 0, 1, tc, false, "x"},
		{"256: rgb converted", "\x1b[38;2;255;0;0mR", 1, 0, 1, c256, false, "\x1b[0;38;5;196mR\x1b[m"},
		{"256: curly and underline colour kept", "\x1b[4:3;58:5:9mx", 1, 0, 1, c256, false, "\x1b[0;4:3;58;5;9mx\x1b[m"},
		{"256: ANSI underline colour as indexed", "\x1b[4;58:5:9mx", 1, 0, 1, c256, false, "\x1b[0;4;58;5;9mx\x1b[m"},
		{"16: curly is plain, no underline colour", "\x1b[4:3;58:5:9mx", 1, 0, 1, c16, false, "\x1b[0;4mx\x1b[m"},
		{"ascii: no colour, bold kept", "\x1b[1;38;2;255;0;0mR", 1, 0, 1, ascii, false, "\x1b[0;1mR\x1b[m"},
		{"ascii: bold faint underline reverse kept", "\x1b[1;2;3;4:3;5;7;9;53;31;42mx", 1, 0, 1, ascii, false, "\x1b[0;1;2;4;7mx\x1b[m"},
		{"ascii: colour only is plain", "\x1b[31;42mx", 1, 0, 1, ascii, false, "x"},
		{"notty like ascii", "\x1b[1;31mx", 1, 0, 1, notty, false, "\x1b[0;1mx\x1b[m"},
		{"dim: faint, no background, no reverse or blink", "\x1b[1;5;7;31;44mab", 3, 0, 3, tc, true, "\x1b[0;1;2;31mab\x1b[0;2m \x1b[m"},
		{"dim: plain text faint", "ab", 2, 0, 2, tc, true, "\x1b[0;2mab\x1b[m"},
		{"dim ascii", "\x1b[7;31mab", 2, 0, 2, ascii, true, "\x1b[0;2mab\x1b[m"},
		{"invisible is spaces", "\x1b[8;4msecret\x1b[m!", 7, 0, 7, tc, false, "\x1b[0;4m      \x1b[m!"},
		{"wide cut on the left", "中文", 4, 1, 3, tc, false, " 文"},
		{"wide cut on the right", "中文", 4, 0, 3, tc, false, "中 "},
		{"wide cut keeps its background", "\x1b[41m中", 2, 1, 1, tc, false, "\x1b[0;41m \x1b[m"},
		{"region past the right edge", "ab", 2, 1, 4, tc, false, "b   "},
		{"region before the left edge", "ab", 2, -2, 4, tc, false, "  ab"},
		{"combining and ZWJ", "e\u0301👨\u200d👩\u200d👧", 4, 0, 4, tc, false, "e\u0301👨\u200d👩\u200d👧 "},
		{"line drawing", "\x0elqk\x0f", 3, 0, 3, tc, false, "┌─┐"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Parse(tt.capture, tt.width, 1)
			got := render(s, tt.x, 0, tt.w, 1, tt.p, tt.dim)
			if len(got) != 1 || got[0] != tt.want {
				t.Fatalf("Render = %q, want %q", got, tt.want)
			}
			checkRendered(t, got[0], tt.w)
		})
	}
}

// Colours degrade with colorprofile's own conversion.
func TestRenderDegradeMatchesColorprofile(t *testing.T) {
	sgr := func(c color.Color) string {
		switch c := c.(type) {
		case ansi.BasicColor:
			if c < 8 {
				return strconv.Itoa(30 + int(c))
			}
			return strconv.Itoa(90 + int(c) - 8)
		case ansi.IndexedColor:
			return "38;5;" + strconv.Itoa(int(c))
		}
		t.Fatalf("unexpected colour %T", c)
		return ""
	}
	for _, v := range []uint32{0xff0000, 0x00ff00, 0x123456, 0x808080, 0xfafafa, 0x5f87af, 0x000001} {
		rgb := color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
		s := Parse("\x1b[38;2;"+strconv.Itoa(int(rgb.R))+";"+strconv.Itoa(int(rgb.G))+";"+strconv.Itoa(int(rgb.B))+"mx", 1, 1)
		for _, p := range []colorprofile.Profile{colorprofile.ANSI256, colorprofile.ANSI} {
			want := "\x1b[0;" + sgr(p.Convert(rgb)) + "mx\x1b[m"
			if got := s.Render(0, 0, 1, 1, p, false)[0]; got != want {
				t.Errorf("%06x with %v = %q, want %q", v, p, got, want)
			}
		}
	}
	// The brief's example: red RGB is ANSI (bright) red with 16 colours.
	s := Parse("\x1b[38;2;255;0;0mx", 1, 1)
	if got := s.Render(0, 0, 1, 1, colorprofile.ANSI, false)[0]; got != "\x1b[0;91mx\x1b[m" {
		t.Errorf("red with ANSI = %q", got)
	}
	// 256 colours degrade to 16 too.
	s = Parse("\x1b[48;5;196mx", 1, 1)
	bg := int(colorprofile.ANSI.Convert(ansi.IndexedColor(196)).(ansi.BasicColor)) + 40
	if bg >= 48 {
		bg += 100 - 48
	}
	want := "\x1b[0;" + strconv.Itoa(bg) + "mx\x1b[m"
	if got := s.Render(0, 0, 1, 1, colorprofile.ANSI, false)[0]; got != want {
		t.Errorf("256 background with ANSI = %q, want %q", got, want)
	}
}

func TestRenderRegion(t *testing.T) {
	s := Parse("ab\ncd", 2, 2)
	got := s.Render(-1, -1, 4, 4, colorprofile.TrueColor, false)
	want := []string{"    ", " ab ", " cd ", "    "}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Render = %q, want %q", got, want)
	}
	if got := s.Render(0, 0, 3, 0, colorprofile.TrueColor, false); len(got) != 0 {
		t.Errorf("h=0: %q, want none", got)
	}
	if got := s.Render(0, 0, 0, 2, colorprofile.TrueColor, false); len(got) != 2 || got[0] != "" || got[1] != "" {
		t.Errorf("w=0: %q, want two empty lines", got)
	}
	var nilScreen *Screen
	if got := nilScreen.Render(0, 0, 2, 1, colorprofile.TrueColor, false); len(got) != 1 || got[0] != "  " {
		t.Errorf("nil screen: %q, want blanks", got)
	}
}

// Screens built by hand, with text Parse would never keep or widths that
// are wrong, still render safe lines of the right width.
func TestRenderHandBuilt(t *testing.T) {
	fell := 0
	onFallback = func() { fell++ }
	defer func() { onFallback = nil }()
	s := &Screen{Width: 6, Height: 3, Lines: [][]Cell{
		{
			{Text: "\x1b]52;c;aGVsbG8=\x07", Width: 1},
			{Text: "\u009b2J", Width: 1},
			{Text: "", Width: 1},
			{Text: "a\x7f", Width: 2}, {},
			{Text: "x", Width: 1, Style: Style{FG: Color{ANSIColor, 99}, BG: Color{RGBColor + 3, 1}}},
		},
		{{Text: "中", Width: 1}, {Text: "x", Width: 7}, {Text: "y", Width: -1}},
		{{Text: "\u0085x", Width: 1}, {Text: "\x9bx", Width: 1}, {Text: "\u009bx", Width: 1}},
	}}
	for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI, colorprofile.Ascii} {
		for _, line := range s.Render(-1, 0, 8, 4, p, false) {
			checkRendered(t, line, 8)
		}
	}
	if fell == 0 {
		t.Error("a wrong width did not make Render fall back")
	}
}

// Parsed screens never need the fallback: their cells measure what they
// say wherever a region cuts them.
func TestRenderNoFallback(t *testing.T) {
	onFallback = func() { t.Fatal("Render fell back on a parsed screen") }
	defer func() { onFallback = nil }()
	caps := []string{
		"e\u0301👨\u200d👩\u200d👧🇺🇸中\tx\u0301\u093f🇺\u200b🇸\u0600 ᄀ\u200bᅡ",
		"\u0600\u0600a\tक्\u200bष",
		"ab\u0600",  // a prepended mark before the padding
		"\t\u093fa", // a spacing mark after a tab
		"\u093fa",
	}
	for _, tt := range hostileTests {
		caps = append(caps, tt.in)
	}
	for _, c := range caps {
		s := Parse(c, 12, 1)
		for x := -1; x <= 12; x++ {
			for w := 0; w <= 13-x; w++ {
				for _, l := range s.Render(x, 0, w, 1, colorprofile.TrueColor, false) {
					checkRendered(t, l, w)
				}
			}
		}
	}
}
