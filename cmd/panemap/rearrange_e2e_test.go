package main

// End-to-end tests of the navigator's rearranging keys in a real popup
// (the nested pair of e2e_test.go): resizing with H J K L and
// Shift+arrows, a pane dragged onto another window's tab, and Esc and u
// putting back a mix of resizes, layouts, rotations and moves between
// windows, a closed window included.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// twoPanes leaves the inner grid's window with two panes, side by side
// (the grid's top row) or stacked (its left column), and focuses the
// first (left or top) pane or the second.
func twoPanes(t *testing.T, stacked, focusSecond bool) func(inner *tmuxtest.Server) {
	return func(inner *tmuxtest.Server) {
		keep := "#{pane_top}" // side by side: the top row stays
		if stacked {
			keep = "#{pane_left}" // stacked: the left column stays
		}
		var kept []string
		for _, line := range strings.Split(inner.Must("list-panes", "-t", "main:0", "-F", keep+" #{pane_id}"), "\n") {
			if at, id, _ := strings.Cut(line, " "); at != "0" {
				inner.Must("kill-pane", "-t", id)
			} else {
				kept = append(kept, id)
			}
		}
		if len(kept) != 2 {
			t.Fatalf("the grid left %d panes, want 2", len(kept))
		}
		if focusSecond {
			inner.Must("select-pane", "-t", secondPane(t, inner, stacked))
		}
	}
}

// secondPane is the right (side by side) or bottom (stacked) pane of
// main:0.
func secondPane(t *testing.T, inner *tmuxtest.Server, stacked bool) string {
	t.Helper()
	at := "#{pane_left}"
	if stacked {
		at = "#{pane_top}"
	}
	for _, line := range strings.Split(inner.Must("list-panes", "-t", "main:0", "-F", at+" #{pane_id}"), "\n") {
		if at, id, _ := strings.Cut(line, " "); at != "0" {
			return id
		}
	}
	t.Fatal("main:0 has no second pane")
	return ""
}

// posIn is where text first appears on a captured screen: 1-based column
// and row, as screenPos counts them; ok is false when it is not there.
func posIn(scr, text string) (col, row int, ok bool) {
	for y, line := range strings.Split(scr, "\n") {
		if x := strings.Index(line, text); x >= 0 {
			return len([]rune(line[:x])) + 1, y + 1, true
		}
	}
	return 0, 0, false
}

// paneSize is a pane's width or height on the inner server.
func paneSize(t *testing.T, srv *tmuxtest.Server, pane string, stacked bool) int {
	t.Helper()
	f := "#{pane_width}"
	if stacked {
		f = "#{pane_height}"
	}
	n, err := strconv.Atoi(srv.Display(pane, f))
	if err != nil {
		t.Fatalf("pane %s size: %v", pane, err)
	}
	return n
}

// checkResize presses key with the navigator open on a two-pane window
// and checks that tmux moved the border between the panes by step cells,
// the focused pane growing by grow*step (shrinking when grow is -1), and
// that the map on screen then moves the second pane's box the same way.
func checkResize(t *testing.T, s *tmuxtest.Nested, stacked bool, focused, other, second string, key string, grow, step int) {
	t.Helper()
	win := s.Inner.Display(focused, "#{window_width}x#{window_height}")
	fBefore, oBefore := paneSize(t, s.Inner, focused, stacked), paneSize(t, s.Inner, other, stacked)
	scr := s.WaitScreen(wait, "both panes on the map", func(scr string) bool {
		return strings.Contains(scr, focused) && strings.Contains(scr, other)
	})
	// The second pane's box starts where the border is: its label moves
	// along the axis the border moves on.
	c0, r0, _ := posIn(scr, second)
	at := func(col, row int) int {
		if stacked {
			return row
		}
		return col
	}
	was := at(c0, r0)
	s.Keys(key)
	tmuxtest.Eventually(t, wait, func() bool { return paneSize(t, s.Inner, focused, stacked) != fBefore },
		"%s did not resize %s", key, focused)
	if got := paneSize(t, s.Inner, focused, stacked) - fBefore; got != grow*step {
		t.Errorf("%s changed the focused pane %s by %d cells, want %d", key, focused, got, grow*step)
	}
	if got := paneSize(t, s.Inner, other, stacked) - oBefore; got != -grow*step {
		t.Errorf("%s changed the other pane %s by %d cells, want %d", key, other, got, -grow*step)
	}
	if got := s.Inner.Display(focused, "#{window_width}x#{window_height}"); got != win {
		t.Errorf("%s changed the window's size from %s to %s", key, win, got)
	}
	if a := s.Inner.Active(focused); a != focused {
		t.Errorf("%s moved the focus from %s to %s", key, focused, a)
	}
	// The second pane's box moves with the border: right or down when the
	// first pane grows, left or up when it shrinks.
	dir := grow
	if focused == second {
		dir = -grow
	}
	s.WaitScreen(wait, fmt.Sprintf("the map showing %s's box moved %+d cells from %d", second, dir*step, was), func(scr string) bool {
		c, r, ok := posIn(scr, second)
		moved := at(c, r) - was
		return ok && moved*dir > 0 && moved*dir <= step+1
	})
}

// TestE2ERearrangeResizeKeys: H J K L and Shift+arrows move the focused
// pane's edge by the resize step (2, or @panemap-resize-step) on the real
// panes, and the map shows the new proportions.
func TestE2ERearrangeResizeKeys(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	for _, tc := range []struct {
		name        string
		stacked     bool
		focusSecond bool
		key         string
		grow        int    // +1: the focused pane grows; -1: it shrinks
		option      string // @panemap-resize-step, when set
		step        int
	}{
		{"L grows the left pane", false, false, "L", +1, "", 2},
		{"Shift+Right grows the left pane", false, false, "S-Right", +1, "", 2},
		{"H shrinks the left pane", false, false, "H", -1, "", 2},
		{"H grows the right pane", false, true, "H", +1, "", 2},
		{"Shift+Left grows the right pane", false, true, "S-Left", +1, "", 2},
		{"J grows the top pane", true, false, "J", +1, "", 2},
		{"Shift+Down grows the top pane", true, false, "S-Down", +1, "", 2},
		{"K shrinks the top pane", true, false, "K", -1, "", 2},
		{"K grows the bottom pane", true, true, "K", +1, "", 2},
		{"Shift+Up grows the bottom pane", true, true, "S-Up", +1, "", 2},
		{"@panemap-resize-step 5 with L", false, false, "L", +1, "5", 5},
		{"@panemap-resize-step 5 with J", true, false, "J", +1, "5", 5},
		{"a bad @panemap-resize-step is the default 2", false, false, "L", +1, "0", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openNavigatorSized(t, 120, 40, func(inner *tmuxtest.Server) {
				twoPanes(t, tc.stacked, tc.focusSecond)(inner)
				if tc.option != "" {
					inner.Must("set", "-g", "@panemap-resize-step", tc.option)
				}
			})
			second := secondPane(t, s.Inner, tc.stacked)
			focused := s.Inner.Active(second)
			other := second
			if focused == second {
				other = s.g[0]
			}
			checkResize(t, s.Nested, tc.stacked, focused, other, second, tc.key, tc.grow, tc.step)
			s.quit(t)
		})
	}
}

// TestE2ERearrangeResizeStepFlag: --resize-step given to panemap run in a
// pane reaches the popup it opens (as a flag, over the tmux option).
func TestE2ERearrangeResizeStepFlag(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 120, 40)
	n.Inner.Grid()
	twoPanes(t, false, false)(n.Inner)
	n.Inner.Must("set", "-g", "@panemap-resize-step", "3")
	left, right := n.Inner.Active("main:0"), secondPane(t, n.Inner, false)
	bin := tmuxtest.Panemap(t)
	n.Inner.TypeLine([]string{left}, bin+" --resize-step=7; echo EXITED=$?")
	n.WaitScreen(wait, "the popup map", func(scr string) bool {
		return strings.Contains(scr, right) && strings.Contains(scr, "NAV")
	})
	checkResize(t, n, false, left, right, right, "L", +1, 7)
	n.Keys("q")
	tmuxtest.Eventually(t, wait, func() bool {
		return strings.Contains(n.Inner.Must("capture-pane", "-p", "-t", left), "EXITED=0")
	}, "panemap in the pane did not exit 0 after the popup closed:\n%s", n.Inner.Must("capture-pane", "-p", "-t", left))
}

// TestRearrangeResizeStepInvalid: a bad --resize-step is refused with a
// message naming the value; a bad @panemap-resize-step is one warning
// naming the option and the value, and the default.
func TestRearrangeResizeStepInvalid(t *testing.T) {
	for _, v := range []string{"0", "101", "-3", "abc", "2.5", "07", " 2", "99999999999999999999"} {
		for _, args := range [][]string{{"--resize-step", v}, {"popup", "--resize-step=" + v}} {
			code, out, errs := cli(t, nil, args...)
			want := `--resize-step: invalid resize step ` + fmt.Sprintf("%q", v)
			if code != 2 || !strings.Contains(errs, want) || out != "" {
				t.Errorf("panemap %q: code %d (want 2), stderr %q (want it to contain %s), stdout %q", args, code, errs, want, out)
			}
		}
	}

	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("set", "-g", "@panemap-resize-step", "lots")
	g, _, err := parseGlobals([]string{"-L", srv.Name}, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	client, sid, _, err := g.openWindow(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	nf := navigatorFlagsOf(t)
	var warn strings.Builder
	st := loadSettings(t.Context(), client, sid, nf.given, &warn)
	if st.Step != "2" {
		t.Errorf("resize step %q with a bad tmux option, want the default 2", st.Step)
	}
	if w := warn.String(); strings.Count(w, "\n") != 1 || !strings.Contains(w, `@panemap-resize-step: invalid resize step "lots"`) {
		t.Errorf("want one warning line naming @panemap-resize-step and the value, got %q", w)
	}
}

// TestE2ERearrangeDragOntoTab: a pane dragged from the map and released
// on another window's tab in the header moves into that window, and the
// map and tmux's current window follow it.
func TestE2ERearrangeDragOntoTab(t *testing.T) {
	t.Parallel()
	var first string
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("set", "-g", "mouse", "on")
		first = inner.Must("new-window", "-d", "-t", "main:1", "-n", "second", "-P", "-F", "#{pane_id}")
	})
	tl, tr, bl, br := s.g[0], s.g[1], s.g[2], s.g[3]
	fc, fr := s.screenPos(t, bl)
	tc, trow := s.screenPos(t, "1:second")
	s.mouse(t, 0, fc, fr+2, false)
	s.mouse(t, 32, (fc+tc)/2, (fr+trow)/2, false)
	s.mouse(t, 32, tc+1, trow, false)
	s.mouse(t, 0, tc+1, trow, true)
	s.Inner.WaitDisplay(wait, bl, "#{window_index}", "1")
	if got := paneSet(s.Inner, "main:1"); got != paneSet(nil, first, bl) {
		t.Errorf("window 1 has panes %s, want %s and %s", got, first, bl)
	}
	if got := paneSet(s.Inner, "main:0"); got != paneSet(nil, tl, tr, br) {
		t.Errorf("window 0 has panes %s after the move, want %s %s %s", got, tl, tr, br)
	}
	s.Inner.WaitDisplay(wait, "main:", "#{window_index}", "1")
	if a := s.Inner.Active("main:1"); a != bl {
		t.Errorf("the moved pane %s is not focused in window 1: %s is", bl, a)
	}
	s.WaitScreen(wait, "the map of window 1: "+first+" and "+bl+", none of window 0", func(scr string) bool {
		return strings.Contains(scr, first) && strings.Contains(scr, bl) &&
			!strings.Contains(scr, tl) && !strings.Contains(scr, tr) && !strings.Contains(scr, br)
	})
	s.quit(t)
	if w := s.Inner.Display(bl, "#{window_index}"); w != "1" {
		t.Errorf("q did not keep the move: %s is in window %s", bl, w)
	}
}

// paneSet is the sorted pane ids of the window target on srv, or, with
// srv nil, of the ids given, for comparing.
func paneSet(srv *tmuxtest.Server, target string, ids ...string) string {
	if srv != nil {
		ids = strings.Fields(srv.Must("list-panes", "-t", target, "-F", "#{pane_id}"))
	} else {
		ids = append([]string{target}, ids...)
	}
	slices.Sort(ids)
	return strings.Join(ids, " ")
}

// TestE2ERearrangeRotateKeepsFocus: r and R rotate the panes of the
// window around the layout, the focus staying with the pane that had it;
// R undoes r exactly.
func TestE2ERearrangeRotateKeepsFocus(t *testing.T) {
	t.Parallel()
	s := openNavigator(t)
	tl := s.g[0]
	layout := func() string { return s.Inner.Display(tl, "#{window_layout}") }
	start, cTL := layout(), s.cell(tl)
	s.Keys("r")
	tmuxtest.Eventually(t, wait, func() bool { return s.cell(tl) != cTL }, "r did not move %s from %s", tl, cTL)
	if a := s.Inner.Active(tl); a != tl {
		t.Errorf("r moved the focus from %s to %s", tl, a)
	}
	s.Keys("R")
	tmuxtest.Eventually(t, wait, func() bool { return s.cell(tl) == cTL }, "R did not bring %s back to %s", tl, cTL)
	if got := layout(); got != start {
		t.Errorf("r then R changed the layout from %s to %s", start, got)
	}
	if a := s.Inner.Active(tl); a != tl {
		t.Errorf("R moved the focus from %s to %s", tl, a)
	}
	s.quit(t)
}
