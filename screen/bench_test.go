package screen

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

// colourful is an 80x24 capture full of coloured text, as tmux writes
// it: a style change every few characters, 16, 256 and RGB colours,
// attributes, and some wide characters.
func colourful() string {
	var b strings.Builder
	for y := range 24 {
		for x := 0; x < 80; x += 8 {
			switch (x/8 + y) % 4 {
			case 0:
				fmt.Fprintf(&b, "\x1b[1;%dm", 31+(x+y)%7)
			case 1:
				fmt.Fprintf(&b, "\x1b[0m\x1b[38;5;%dm\x1b[48;5;%dm", (x*y)%256, (x+y*7)%256)
			case 2:
				fmt.Fprintf(&b, "\x1b[38;2;%d;%d;%dm", x*3, y*10, (x+y)%256)
			case 3:
				fmt.Fprintf(&b, "\x1b[0m\x1b[4:3m")
			}
			if y%6 == 5 && x == 40 {
				b.WriteString("中文字体")
			} else {
				fmt.Fprintf(&b, "w%02d,%02d ", x, y)
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

func BenchmarkParseRender(b *testing.B) {
	capture := colourful()
	for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI} {
		b.Run(p.String(), func(b *testing.B) {
			b.SetBytes(int64(len(capture)))
			b.ReportAllocs()
			for b.Loop() {
				s := Parse(capture, 80, 24)
				s.Render(0, 0, 80, 24, p, false)
			}
		})
	}
	b.Run("Parse", func(b *testing.B) {
		b.SetBytes(int64(len(capture)))
		b.ReportAllocs()
		for b.Loop() {
			Parse(capture, 80, 24)
		}
	})
}
