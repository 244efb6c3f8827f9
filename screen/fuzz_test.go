package screen

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// FuzzParseRender feeds Parse and Render arbitrary captures, sizes,
// regions and profiles: nothing may panic, the Screen must be exactly the
// size asked, and every rendered line safe for a terminal and exactly w
// wide, without the ASCII fallback.
func FuzzParseRender(f *testing.F) {
	for _, tt := range hostileTests {
		f.Add(tt.in, uint8(10), uint8(2), int8(0), int8(0), uint8(10), uint8(2), uint8(colorprofile.TrueColor), false)
	}
	for _, in := range []string{
		"\x1b[1;38;2;255;0;0mred\x1b[0m \x1b[4:3;58:2::1:2:3mcurly\x1b[m\n\x1b[38;5;196;48;5;21m256\x1b[m",
		"中文字😀🇺🇸👨\u200d👩\u200d👧e\u0301\ta\u0600\u093f\x0elqk\x0f",
		"\x1b[41m中\x1b[42mx文\x1b[8msecret\x1b[7mrev",
	} {
		for p := colorprofile.NoTTY; p <= colorprofile.TrueColor; p++ {
			f.Add(in, uint8(7), uint8(3), int8(-1), int8(1), uint8(9), uint8(3), uint8(p), p%2 == 0)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		var b strings.Builder
		for range 30 {
			b.WriteString(trickyPieces[rng.IntN(len(trickyPieces))])
		}
		f.Add(b.String(), uint8(9), uint8(3), int8(-1), int8(0), uint8(11), uint8(4), uint8(colorprofile.ANSI256), false)
	}
	f.Fuzz(func(t *testing.T, capture string, width, height uint8, x, y int8, w, h uint8, prof uint8, dim bool) {
		W, H := int(width%100), int(height%30)
		s := Parse(capture, W, H)
		checkShape(t, s, W, H)
		for yy, l := range s.Lines {
			text := ""
			for _, c := range l {
				text += c.Text
			}
			if got := ansi.StringWidth(text); got != W {
				t.Fatalf("line %d %q measures %d, want %d", yy, text, got, W)
			}
		}
		onFallback = func() { t.Fatal("Render fell back on a parsed screen") }
		defer func() { onFallback = nil }()
		rw, rh := int(w%110), int(h%35)
		lines := s.Render(int(x), int(y), rw, rh, colorprofile.Profile(prof%6), dim)
		if len(lines) != rh {
			t.Fatalf("Render gave %d lines, want %d", len(lines), rh)
		}
		for _, l := range lines {
			checkRendered(t, l, rw)
		}
	})
}

// trickyPieces are what random captures are made of in
// TestParseRenderRandom: the characters that defeat naive width and
// cluster handling, and sequences that must vanish.
var trickyPieces = []string{
	"a", "Z", " ", "~", "\t", "\n", "\r", "\b", "\x07", "\x00", "\x7f",
	"\x1b", "\x1b[", "\x1b]", "\x1bP", "\x1b\\", "\x1b[31m", "\x1b[0m", "\x1b[38;2;1;2;3m", "\x1b[4:3m", "\x1b[8m", "\x1b[7m",
	"\x9b", "\x9c", "\x9d", "\x90", "\u009b", "\u0085", "\x0e", "\x0f", "q", "x",
	"\xff", "\xe4", "\xe4\xb8", "\xf0\x9f", "\xed\xa0\x80", "\xc0\xaf",
	"\u0301", "\u0300", "\u200b", "\u200c", "\u200d", "\u202e", "\ufeff", "\u00ad", "\u2028",
	"\u0600", "\u06dd", "\u093f", "\u094d", "\u0915", "\u0937", "\u0e33",
	"\u1100", "\u1161", "\u11a8", "\uac00", "\uac01",
	"中", "文", "\uff21", "😀", "👨", "👩", "\U0001f3fb", "\ufe0f", "\ufe0e", "☺", "❤",
	"🇺", "🇸", "🇫", "🇷", "\U000e0067", "\U000e007f", "🏴",
	"\u0e01", "\u0f00", "\U0001f1e6", "\u3099", "\uff9e",
}

// TestParseRenderRandom is a deterministic cousin of FuzzParseRender that
// composes captures from trickyPieces, which byte-level fuzzing finds
// slowly.
func TestParseRenderRandom(t *testing.T) {
	onFallback = func() { t.Fatal("Render fell back on a parsed screen") }
	defer func() { onFallback = nil }()
	rng := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for range n {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(trickyPieces[rng.IntN(len(trickyPieces))])
		}
		capture := b.String()
		W, H := 1+rng.IntN(12), 1+rng.IntN(3)
		s := Parse(capture, W, H)
		checkShape(t, s, W, H)
		for x := -1; x <= W; x++ {
			for w := 0; w <= W+1-x; w++ {
				for _, l := range s.Render(x, -1, w, H+2, colorprofile.TrueColor, false) {
					checkRendered(t, l, w)
				}
			}
		}
	}
}
