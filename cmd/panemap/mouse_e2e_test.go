package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// screenPos finds text on the outer screen: 1-based column and row, as a
// terminal's mouse report counts them.
func (s *navSession) screenPos(t *testing.T, text string) (col, row int) {
	t.Helper()
	for y, line := range strings.Split(s.Screen(), "\n") {
		if x := strings.Index(line, text); x >= 0 {
			return len([]rune(line[:x])) + 1, y + 1
		}
	}
	t.Fatalf("%q is not on screen:\n%s", text, s.Screen())
	return 0, 0
}

// mouse types an SGR mouse report (button 0: the left button; 32 adds
// motion) into the outer pane, as the inner client's terminal would send
// it. release ends a press.
func (s *navSession) mouse(t *testing.T, button, col, row int, release bool) {
	t.Helper()
	end := "M"
	if release {
		end = "m"
	}
	seq := fmt.Sprintf("\x1b[<%d;%d;%d%s", button, col, row, end)
	args := []string{"send-keys", "-t", s.OuterPane, "-H"}
	for _, b := range []byte(seq) {
		args = append(args, fmt.Sprintf("%02x", b))
	}
	s.Outer.Must(args...)
}

func TestE2EMouseClickFocusesAndDragSwaps(t *testing.T) {
	t.Parallel()
	s := openNavigator(t, func(inner *tmuxtest.Server) { inner.Must("set", "-g", "mouse", "on") })
	tl, tr, bl, br := s.g[0], s.g[1], s.g[2], s.g[3]

	// Click the top-right pane's box (on its id, under the label).
	col, row := s.screenPos(t, tr)
	s.mouse(t, 0, col, row+2, false)
	s.mouse(t, 0, col, row+2, true)
	s.active(t, tr, "a click on "+tr)

	// Drag the bottom-left pane onto the bottom-right one: they swap.
	cBL, cBR := s.cell(bl), s.cell(br)
	fc, fr := s.screenPos(t, bl)
	tc, trow := s.screenPos(t, br)
	s.mouse(t, 0, fc, fr+2, false)
	s.mouse(t, 32, (fc+tc)/2, fr+2, false)
	s.mouse(t, 32, tc, trow+2, false)
	s.mouse(t, 0, tc, trow+2, true)
	tmuxtest.Eventually(t, wait, func() bool { return s.cell(bl) == cBR && s.cell(br) == cBL },
		"dragging %s onto %s did not swap them: %s at %s, %s at %s", bl, br, bl, s.cell(bl), br, s.cell(br))
	if a := s.Inner.Active(tl); a != tr {
		t.Errorf("the drag moved the focus to %s", a)
	}
	s.Keys("q")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d", code)
	}
}
