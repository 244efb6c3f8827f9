package screen

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLines(t *testing.T) {
	in := "\x1b[1;31mred\x1b[0m  \n" + // SGR dropped, trailing spaces cut
		"a\tb\n" + // a tab is spaces to the next stop
		"\x1b]52;c;c2VjcmV0\x07clip\x1b]0;title\x1b\\ ok\n" + // OSC with its payload
		"中文e\u0301\n" + // wide and combining characters
		"bad\xff\xc3utf\n" + // broken UTF-8
		"\x9b31mc1\x85\x07\x01\x7fend\n" + // C1 and C0 controls
		"\x1b[2J\x1b[Hcursor\x1bPdcs\x1b\\\n" +
		"\n"
	want := []string{"red", "a       b", "clip ok", "中文e\u0301", "bad\uFFFD\uFFFDutf", "c1end", "cursor", ""}
	if got := Lines(in, 20); !slices.Equal(got, want) {
		t.Errorf("Lines =\n%q\nwant\n%q", got, want)
	}
	// Lines past the width are cut; a capture without a final newline
	// still has its last line.
	if got := Lines("abcdef\nxy", 4); !slices.Equal(got, []string{"abcd", "xy"}) {
		t.Errorf("cut lines: %q", got)
	}
	if got := Lines("", 10); len(got) != 0 {
		t.Errorf("empty capture: %q", got)
	}
	// Many more lines than one parse takes at a time.
	var b strings.Builder
	for i := range 3*plainChunk + 7 {
		b.WriteString(strings.Repeat("x", i%5) + "\n")
	}
	got := Lines(b.String(), 10)
	if len(got) != 3*plainChunk+7 || got[len(got)-1] != strings.Repeat("x", (3*plainChunk+6)%5) {
		t.Errorf("%d lines, last %q", len(got), got[len(got)-1])
	}
}

// FuzzLines: whatever the capture, Lines gives one valid UTF-8 line per
// line of the capture, with no control character at all.
func FuzzLines(f *testing.F) {
	for _, tt := range hostileTests {
		f.Add(tt.in, uint8(10))
	}
	f.Add("\x1b[31ma\tb\n\x9b1m\xffc\u0301\n", uint8(3))
	f.Fuzz(func(t *testing.T, capture string, width uint8) {
		got := Lines(capture, int(width))
		n := strings.Count(capture, "\n")
		if capture != "" && !strings.HasSuffix(capture, "\n") {
			n++
		}
		if len(got) != n {
			t.Fatalf("%d lines, want %d", len(got), n)
		}
		for _, l := range got {
			if !utf8.ValidString(l) {
				t.Fatalf("invalid UTF-8 %q", l)
			}
			for _, r := range l {
				if r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f) {
					t.Fatalf("control character %U in %q", r, l)
				}
			}
		}
	})
}
