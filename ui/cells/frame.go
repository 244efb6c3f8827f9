package cells

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// FrameCache keeps the navigator's last frame, made of four parts (the
// header, the body, the status line and the footer): Bubble Tea asks for
// the view after every message, and most messages (a tmux notice, a
// capture of a pane that printed nothing new) change nothing on it.
// Comparing the parts is cheap: unchanged ones are the same strings.
type FrameCache struct {
	parts [4]string
	w, h  int
	out   string
}

// Get is the frame of parts on a w x h screen, drawn again only when
// they or the size changed.
func (c *FrameCache) Get(parts [4]string, w, h int) string {
	if c.out == "" || c.parts != parts || c.w != w || c.h != h {
		c.parts, c.w, c.h = parts, w, h
		c.out = FitBlock(strings.Join(parts[:], "\n"), w, h)
	}
	return c.out
}

// TruncateLines cuts each line of s to w cells, marking a cut with "…".
func TruncateLines(s string, w int) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "…")
	}
	return strings.Join(lines, "\n")
}
