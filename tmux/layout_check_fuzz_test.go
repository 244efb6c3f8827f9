package tmux_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/panemap/panemap/tmux"
)

// FuzzCheckLayout: CheckLayout never panics; what it refuses comes back as
// a one-line invalid_input error naming the string; what it accepts has
// the checksum it claims, a positive shape, and reads the same through the
// map's lenient ParseLayout, every pane inside the window.
func FuzzCheckLayout(f *testing.F) {
	for _, s := range tmuxLayouts {
		f.Add(s)
	}
	for _, s := range floatingLayouts {
		f.Add(s)
	}
	for _, body := range []string{
		"80x24,0,0,1",
		"80x24,0,0{40x24,0,0,1,39x24,41,0[39x12,41,0,2,39x11,41,13,3]}",
		"80x24,0,0{40x24,0,0,0,39x24,41,0,1}<18x3,4,2,2>",
		"80x24,0,0{80x24,0,0,1}",
		"80x24,0,0{,}",
		"80x24,0,0{40x24,0,0,41x24,41,0,2}",
		"80x24,0,0{40x24,0,0,0,39x24,41,0,1,18x3,-4,2,2}<18x3,-4,2,2>",
		"80x24,0,0[80x24,0,0,1,18x3,70,20,2,9x3,3,3,3]<9x3,3,3,3,18x3,70,20,2>",
		"80x24,0,0{40x24,0,0,0,39x24,41,0,1}<>",
		"80x24,0,0{40x24,0,0,0,39x24,41,0,1}<39x24,41,0,1>",
		"18x3,4,2,2<18x3,4,2{9x3,4,2,2,8x3,14,2,3}>",
	} {
		f.Add(withSum(body))
	}
	f.Fuzz(func(t *testing.T, s string) {
		shape, err := tmux.CheckLayout(s)
		if err != nil {
			checkLayoutError(t, "CheckLayout", s, err)
			return
		}
		if got := fmt.Sprintf("%04x", tmux.LayoutChecksum(s[5:])); !strings.EqualFold(got, s[:4]) || s[4] != ',' {
			t.Fatalf("accepted %q whose text sums to %s", s, got)
		}
		if shape.Width < 1 || shape.Height < 1 || shape.Panes < 1 {
			t.Fatalf("accepted %q as %+v", s, shape)
		}
		cells, err := tmux.ParseLayout(s)
		if err != nil || len(cells) != shape.Panes {
			t.Fatalf("accepted %q as %+v; ParseLayout gives %d panes, %v", s, shape, len(cells), err)
		}
		area := 0
		for id, r := range cells {
			if r.Width < 1 || r.Height < 1 || r.Left+r.Width > shape.Width || r.Top+r.Height > shape.Height {
				t.Fatalf("accepted %q as %+v; pane %d at %+v is outside", s, shape, id, r)
			}
			area += r.Width * r.Height
		}
		if area > shape.Width*shape.Height {
			t.Fatalf("accepted %q as %+v; its panes cover %d cells", s, shape, area)
		}
	})
}

// checkLayoutError fails unless err is a one-line invalid_input *Error
// naming s.
func checkLayoutError(t *testing.T, fn, s string, err error) {
	t.Helper()
	var e *tmux.Error
	msg := err.Error()
	if !errors.As(err, &e) || e.Kind != tmux.KindInvalidInput || e.Value != s {
		t.Fatalf("%s(%q): %#v is not an invalid_input *Error for the string", fn, s, err)
	}
	if !strings.HasPrefix(msg, "layout "+tmux.Quote(s)+" ") || strings.ContainsAny(msg, "\n\r") || !utf8.ValidString(msg) {
		t.Fatalf("%s(%q): message %q does not name the string on one line", fn, s, msg)
	}
}
