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
// map's lenient ParseLayout, every pane inside the window. The same holds
// for ParseWindowLayout, which reads floating panes too (see
// checkWindowLayout).
func FuzzCheckLayout(f *testing.F) {
	for _, s := range tmuxLayouts {
		f.Add(s)
	}
	for _, c := range floatingLayouts {
		f.Add(c.s)
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
		checkWindowLayout(t, s, err == nil)
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

// checkWindowLayout holds ParseWindowLayout to its promises on s: a
// refusal names s; what it reads comes back byte for byte, with every
// floating pane in the tree where the section puts it, at least 1x1, and
// in the stack once; a floating section only from 3.7, and never one
// select-layout (CheckLayout) takes; and what CheckLayout takes, it reads
// unless tmux would not write it so.
func checkWindowLayout(t *testing.T, s string, checked bool) {
	t.Helper()
	l, err := tmux.ParseWindowLayout(master, s)
	if err != nil {
		checkLayoutError(t, "ParseWindowLayout", s, err)
		if checked && !strings.Contains(err.Error(), "is not spelled as tmux writes") {
			t.Fatalf("CheckLayout takes %q, ParseWindowLayout says %v", s, err)
		}
		return
	}
	if back := l.String(); back != s {
		t.Fatalf("ParseWindowLayout(%q) reads back as %q", s, back)
	}
	cells := l.Panes()
	for i, c := range l.Floating {
		if n, ok := l.Stack(c.Pane); !ok || n != i || !c.Floating || cells[c.Pane] != c.Rect || c.Width < 1 || c.Height < 1 {
			t.Fatalf("ParseWindowLayout(%q): floating pane %d at %+v: stack %d %v, tree %+v", s, c.Pane, c.Rect, n, ok, cells[c.Pane])
		}
	}
	_, err = tmux.ParseWindowLayout(v36, s)
	if (err == nil) != (len(l.Floating) == 0) || len(l.Floating) > 0 && checked {
		t.Fatalf("%q has %d floating panes; 3.6b reading it: %v; CheckLayout takes it: %v", s, len(l.Floating), err, checked)
	}
}
