package main

// End-to-end tests of floating panes (tmux 3.7+) on the navigator's map:
// a window of two tiled panes and one floating pane made with new-pane.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// floatingPane makes a floating pane in main:0 over its two tiled panes,
// active or not, and records its id in *id.
func floatingPane(t *testing.T, active bool, id *string) func(inner *tmuxtest.Server) {
	return func(inner *tmuxtest.Server) {
		if !inner.AtLeast(3, 7) {
			t.Skipf("tmux %s has no floating panes", inner.Version())
		}
		args := []string{"new-pane", "-t", "main:0", "-X", "10", "-Y", "4", "-x", "40", "-y", "10", "-P", "-F", "#{pane_id}"}
		if !active {
			args = append(args, "-d")
		}
		*id = inner.Must(append(args, "exec sh")...)
	}
}

// TestE2EFloatingPaneOnTheMap: the floating pane is drawn, dashed and
// marked floating, and focused when it is active; Tab and its number
// reach it as they reach the tiled panes.
func TestE2EFloatingPaneOnTheMap(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	for _, active := range []bool{true, false} {
		name := "inactive"
		if active {
			name = "active"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var fl string
			s := openNavigatorSized(t, 120, 40, twoPanes(t, false, false), floatingPane(t, active, &fl))
			tiled := []string{s.g[0], s.g[1]}
			all := append([]string{fl}, tiled...)
			shows := func(scr string) bool {
				for _, p := range all {
					if !strings.Contains(scr, p) {
						return false
					}
				}
				return strings.Contains(scr, "floating")
			}
			focusedFloat := func(scr string) bool { return strings.Contains(scr, "┏╍") }
			scr := s.WaitScreen(wait, "the map with the tiled and the floating pane", shows)
			if focusedFloat(scr) != active {
				t.Errorf("floating pane active=%v, but the map draws it focused=%v:\n%s", active, !active, scr)
			}
			if !strings.Contains(scr, "┌╌") && !strings.Contains(scr, "┏╍") {
				t.Errorf("no dashed floating border:\n%s", scr)
			}
			// Tab walks every pane, the floating one included, and the map
			// follows: the floating box is focused exactly when it is.
			for range all {
				before := s.Inner.Active(fl)
				s.Keys("Tab")
				tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Active(fl) != before },
					"Tab did not move the focus from %s", before)
				onFloat := s.Inner.Active(fl) == fl
				s.WaitScreen(wait, "the map following Tab", func(scr string) bool { return shows(scr) && focusedFloat(scr) == onFloat })
			}
			// Its number (tmux's pane index) focuses it.
			s.Keys("Tab")
			tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Active(fl) != fl }, "Tab stayed on %s", fl)
			s.Keys(s.Inner.Display(fl, "#{pane_index}"))
			s.active(t, fl, "its number")
			s.WaitScreen(wait, "the floating pane focused", focusedFloat)
			s.quit(t)
		})
	}
}

// TestE2EFloatTileMoveResizeSwap: on tmux 3.8 (master) f floats the
// focused tiled pane, the swap mode's arrows move it, L widens it, f tiles
// it again, and x swaps a tiled pane with a marked floating one. On 3.7
// the key says this tmux cannot, and nothing changes.
func TestE2EFloatTileMoveResizeSwap(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	var fl string
	s := openNavigatorSized(t, 120, 40, twoPanes(t, false, false), floatingPane(t, false, &fl))
	tl, tr := s.g[0], s.g[1]
	s.WaitScreen(wait, "the map", func(scr string) bool { return strings.Contains(scr, fl) && strings.Contains(scr, tl) })
	geo := func(p string) string {
		return s.Inner.Display(p, "#{pane_floating_flag} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}")
	}
	if !s.Inner.AtLeast(3, 8) {
		before := s.Inner.Display(tl, "#{window_layout}")
		s.Keys("f")
		s.WaitScreen(wait, "the refusal", func(scr string) bool {
			return strings.Contains(scr, "tmux "+s.Inner.Display(tl, "#{version}")+" cannot float")
		})
		if after := s.Inner.Display(tl, "#{window_layout}"); after != before {
			t.Errorf("f changed the window on tmux %s: %s, was %s", s.Inner.Version(), after, before)
		}
		s.quit(t)
		return
	}
	s.Keys("f")
	tmuxtest.Eventually(t, wait, func() bool { return strings.HasPrefix(geo(tl), "1 ") }, "f did not float %s: %s", tl, geo(tl))
	s.WaitScreen(wait, "the floated pane drawn focused and floating", func(scr string) bool { return strings.Contains(scr, "┏╍") })
	floated := geo(tl)
	var left, top, w, h int
	if _, err := fmt.Sscanf(floated, "1 %d,%d %dx%d", &left, &top, &w, &h); err != nil {
		t.Fatalf("geometry %q: %v", floated, err)
	}
	s.Keys("s", "l", "j", "s")
	want := fmt.Sprintf("1 %d,%d %dx%d", left+2, top+2, w, h)
	tmuxtest.Eventually(t, wait, func() bool { return geo(tl) == want }, "s l j moved %s to %s, want %s", tl, geo(tl), want)
	s.Keys("L", "J")
	want = fmt.Sprintf("1 %d,%d %dx%d", left+2, top+2, w+2, h+2)
	tmuxtest.Eventually(t, wait, func() bool { return geo(tl) == want }, "L J resized %s to %s, want %s", tl, geo(tl), want)
	s.Keys("f")
	tmuxtest.Eventually(t, wait, func() bool { return strings.HasPrefix(geo(tl), "0 ") }, "f did not tile %s: %s", tl, geo(tl))
	if a := s.Inner.Active(tl); a != tl {
		t.Errorf("active %s after the round trip, want %s", a, tl)
	}
	// Mark the floating pane, go to a tiled one, swap: the floating place
	// stays, its pane changes.
	place := strings.TrimPrefix(geo(fl), "1 ")
	s.Keys(s.Inner.Display(fl, "#{pane_index}"))
	s.active(t, fl, "the floating pane's number")
	s.Keys("m")
	tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Display(fl, "#{pane_marked}") == "1" }, "m did not mark %s", fl)
	s.Keys(s.Inner.Display(tr, "#{pane_index}"))
	s.active(t, tr, "the tiled pane's number")
	s.Keys("x")
	tmuxtest.Eventually(t, wait, func() bool { return geo(tr) == "1 "+place }, "x left %s at %s, want floating at %s", tr, geo(tr), place)
	if !strings.HasPrefix(geo(fl), "0 ") {
		t.Errorf("the swapped floating pane %s is %s, want tiled", fl, geo(fl))
	}
	s.quit(t)
}

// TestE2EFloatingUndoAndEscRestore: on tmux 3.8 (master) u undoes a move
// of a floating pane, and Esc puts back a move, a resize and a tile of
// one: the window's layout string byte for byte, "<…>" included, and the
// stacking order and focus.
func TestE2EFloatingUndoAndEscRestore(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	var fl string
	s := openNavigatorSized(t, 120, 40, twoPanes(t, false, false), floatingPane(t, false, &fl),
		func(inner *tmuxtest.Server) {
			if !inner.AtLeast(3, 8) {
				t.Skipf("tmux %s cannot move or tile floating panes", inner.Version())
			}
		})
	tl := s.g[0]
	s.WaitScreen(wait, "the map", func(scr string) bool { return strings.Contains(scr, fl) && strings.Contains(scr, tl) })
	shape := func() string {
		return s.Inner.Display(tl, "#{window_layout}") + "\n" + s.Inner.Must("list-panes", "-t", tl, "-F",
			"#{pane_id} #{pane_index} #{pane_floating_flag} #{pane_z} #{pane_active}")
	}
	layout := func() string { return s.Inner.Display(tl, "#{window_layout}") }
	before, beforeLayout := shape(), layout()
	s.Keys(s.Inner.Display(fl, "#{pane_index}"))
	s.active(t, fl, "the floating pane's number")
	focused := layout()
	s.Keys("s", "l", "s")
	tmuxtest.Eventually(t, wait, func() bool { return layout() != focused }, "s l did not move %s", fl)
	s.Keys("u")
	tmuxtest.Eventually(t, wait, func() bool { return layout() == focused }, "u left %s, want %s", layout(), focused)
	s.Keys("s", "j", "s", "L")
	tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Display(fl, "#{pane_width}") == "40" }, "L did not widen %s", fl)
	s.Keys("f")
	tmuxtest.Eventually(t, wait, func() bool { return !strings.Contains(layout(), "<") }, "f did not tile %s: %s", fl, layout())
	s.Keys("Escape")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after Esc", code)
	}
	if got := shape(); got != before {
		t.Errorf("Esc did not put the window back:\n got %s\nwant %s", got, before)
	}
	if got := layout(); got != beforeLayout {
		t.Errorf("layout %s, want %s", got, beforeLayout)
	}
}
