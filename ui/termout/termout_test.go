package termout

import (
	"bytes"
	"strings"
	"testing"
)

// TestNoECH: every ECH becomes spaces between a cursor save and restore,
// wherever the writes cut it; nothing else changes.
func TestNoECH(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"ab\x1b[5Xcd", "ab\x1b7     \x1b8cd"},
		{"\x1b[X", "\x1b7 \x1b8"},
		{"\x1b[0X", "\x1b7 \x1b8"},
		{"\x1b[2J\x1b[H\x1b[31mred\x1b[m\x1b[K", "\x1b[2J\x1b[H\x1b[31mred\x1b[m\x1b[K"},
		{"\x1b[12;3H\x1b[3X", "\x1b[12;3H\x1b7   \x1b8"},
		{"\x1b7\x1b8\x1bc", "\x1b7\x1b8\x1bc"},
		{"\x1b[123456789X", "\x1b[123456789X"}, // not one the renderer writes: left alone
	} {
		for cut := 0; cut <= len(tc.in); cut++ {
			var out bytes.Buffer
			f := newNoECH(&out)
			for _, part := range []string{tc.in[:cut], tc.in[cut:]} {
				if n, err := f.Write([]byte(part)); err != nil || n != len(part) {
					t.Fatalf("%q cut at %d: wrote %d, %v", tc.in, cut, n, err)
				}
			}
			if out.String() != tc.want {
				t.Errorf("%q cut at %d: got %q, want %q", tc.in, cut, out.String(), tc.want)
			}
		}
	}
}

// TestRendererWritesNoECH: the navigator's frames, as Bubble Tea writes
// them through Run's output, hold no ECH even where the renderer uses it.
func TestRendererWritesNoECH(t *testing.T) {
	var out bytes.Buffer
	f := Safe(&out)
	_, _ = f.Write([]byte("x" + strings.Repeat("\x1b[40X", 3)))
	if strings.Contains(out.String(), "X") {
		t.Fatalf("ECH left: %q", out.String())
	}
}
