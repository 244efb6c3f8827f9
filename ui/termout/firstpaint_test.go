package termout

import (
	"bytes"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// TestFirstPaintOnce: the first paint enters the alternate screen, places
// every line of the view by a cursor move (no line can wrap into the
// next), stops at the screen's height, and writes once only.
func TestFirstPaintOnce(t *testing.T) {
	var out bytes.Buffer
	f := NewFirstPaint(&Shared{w: &out}, colorprofile.TrueColor)
	v := tea.NewView("one\ntwo\nthree")
	v.MouseMode = tea.MouseModeCellMotion
	f.Paint(v, 2)
	got := out.String()
	for _, want := range []string{"\x1b[?1049h", "\x1b[?1002h\x1b[?1006h", "\x1b[1;1Hone", "\x1b[2;1Htwo"} {
		if !strings.Contains(got, want) {
			t.Errorf("the first paint lacks %q: %q", want, got)
		}
	}
	if strings.Contains(got, "three") {
		t.Errorf("the first paint wrote past the screen's height: %q", got)
	}
	f.Paint(tea.NewView("again"), 2)
	if strings.Contains(out.String(), "again") {
		t.Error("a second paint was written")
	}
	var none *FirstPaint
	none.Paint(tea.NewView("x"), 1) // off a terminal: nothing, and no panic
}

// TestFirstPaintKeepsToTheProfile: colours are brought down to the
// terminal's profile as the renderer brings them: none at all for NO_COLOR.
func TestFirstPaintKeepsToTheProfile(t *testing.T) {
	var out bytes.Buffer
	f := NewFirstPaint(&Shared{w: &out}, colorprofile.Ascii)
	f.Paint(tea.NewView("\x1b[38;2;255;0;0mred\x1b[m"), 1)
	if strings.Contains(out.String(), "38;2") {
		t.Errorf("a true colour reached an Ascii terminal: %q", out.String())
	}
	if !strings.Contains(out.String(), "red") {
		t.Errorf("the text is gone: %q", out.String())
	}
}

// TestNoFirstPaintOverTheRenderer: once the renderer has written (an
// opening slower than its first tick), the first paint writes nothing:
// the renderer draws differences from what it drew.
func TestNoFirstPaintOverTheRenderer(t *testing.T) {
	var out bytes.Buffer
	_, shared := Share(&out)
	_, _ = shared.Write([]byte("frame"))
	f := NewFirstPaint(shared, colorprofile.TrueColor)
	f.Paint(tea.NewView("map"), 1)
	if out.String() != "frame" {
		t.Errorf("painted over the renderer's frame: %q", out.String())
	}
}

// TestRendererEraseAfterFirstPaint: the renderer's first frame, drawing
// the view painted, is written without its erase (the map would blink
// out between the two); drawing another view, with it (the paint's cells
// must go); and from then on every write passes as it is.
func TestRendererEraseAfterFirstPaint(t *testing.T) {
	const frame = "\x1b[?1049h\x1b[m\x1b[H\x1b[2Jmap"
	for _, tc := range []struct {
		name  string
		later string // the view when the renderer draws
		erase bool
	}{
		{"same view", "map", false},
		{"another view", "map, changed", true},
	} {
		var out bytes.Buffer
		_, shared := Share(&out)
		f := NewFirstPaint(shared, colorprofile.TrueColor)
		f.Paint(tea.NewView("map"), 1)
		f.Paint(tea.NewView(tc.later), 1)
		out.Reset()
		if n, err := shared.Write([]byte(frame)); n != len(frame) || err != nil {
			t.Fatalf("%s: Write = %d, %v", tc.name, n, err)
		}
		if got := strings.Contains(out.String(), "\x1b[2J"); got != tc.erase {
			t.Errorf("%s: the renderer's first frame erases: %v, want %v (%q)", tc.name, got, tc.erase, out.String())
		}
		if !strings.Contains(out.String(), "\x1b[Hmap") && !tc.erase {
			t.Errorf("%s: the frame does not start home: %q", tc.name, out.String())
		}
		out.Reset()
		_, _ = shared.Write([]byte(frame))
		if out.String() != frame {
			t.Errorf("%s: a later frame was changed: %q", tc.name, out.String())
		}
	}
}

// TestFirstPaintOfAViewGoneBy: a paint of a view the model has moved on
// from (a paint sent by a command runs after the next update) does not
// count as the latest view: the renderer's first frame keeps its erase.
func TestFirstPaintOfAViewGoneBy(t *testing.T) {
	var out bytes.Buffer
	_, shared := Share(&out)
	f := NewFirstPaint(shared, colorprofile.TrueColor)
	f.Saw(tea.NewView("map"))
	f.Saw(tea.NewView("map, moved on"))
	f.Paint(tea.NewView("map"), 1)
	out.Reset()
	_, _ = shared.Write([]byte("\x1b[H\x1b[2Jmap, moved on"))
	if !strings.Contains(out.String(), "\x1b[2J") {
		t.Errorf("the renderer's first frame lost its erase over a paint of an older view: %q", out.String())
	}
}
