package main

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestE2EResizeBesideFloating (tmux master): in the 2x2 grid with a
// floating pane made from the top-left pane (its cell after that pane's,
// in the left column), the map resizes the top-left pane right (tmux
// takes the room from the right column, the floating pane keeps its
// size) and refuses to resize it down (tmux would shrink the floating
// pane and push the bottom-left pane past the window), the refusal shown
// whole in a 58-column popup, what to do included. The top-left pane's
// header (its number and id) shows on the map beside the floating box
// that covers the top of its box.
func TestE2EResizeBesideFloating(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	var fl string
	s := openNavigatorSized(t, 60, 40, func(inner *tmuxtest.Server) {
		if !inner.AtLeast(3, 8) {
			t.Skipf("tmux %s refuses every resize beside a floating pane", inner.Version())
		}
		fl = inner.Must("new-pane", "-d", "-t", inner.Grid()[0], "-X", "3", "-Y", "0", "-x", "20", "-y", "6", "-P", "-F", "#{pane_id}", "exec sh")
	})
	tl := s.g[0]
	header := s.Inner.Display(tl, "#{pane_index}  #{pane_id}")
	s.WaitScreen(wait, "the map with "+header, func(scr string) bool { return strings.Contains(scr, header) && strings.Contains(scr, "floating") })
	floatBox := s.Inner.Display(fl, "#{pane_left},#{pane_top},#{pane_width}x#{pane_height}")
	width := s.Inner.Display(tl, "#{pane_width}")
	s.Keys(s.Inner.Display(tl, "#{pane_index}"))
	s.active(t, tl, "its number")
	s.Keys("L")
	tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Display(tl, "#{pane_width}") != width },
		"L left %s %s wide beside floating %s", tl, width, fl)
	before := s.Inner.Display("main:0", "#{window_layout}")
	s.Keys("J")
	want := "tile the floating panes or move them to another window first"
	scr := s.WaitScreen(wait, "the refusal", func(scr string) bool {
		return strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(scr, "│", " ")), " "), want)
	})
	if !strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(scr, "│", " ")), " "), "Nothing changed") {
		t.Errorf("the refusal's end is cut:\n%s", scr)
	}
	if after := s.Inner.Display("main:0", "#{window_layout}"); after != before {
		t.Errorf("the refused resize changed the window: %s, was %s", after, before)
	}
	if got := s.Inner.Display(fl, "#{pane_left},#{pane_top},#{pane_width}x#{pane_height}"); got != floatBox {
		t.Errorf("floating %s is %s, was %s", fl, got, floatBox)
	}
	s.quit(t)
}
