package main

// End-to-end tests of the map's live previews in a real popup (the
// nested pair of e2e_test.go): what panes print shows in their own boxes,
// in colour unless colour is off, and follows as they print more; with
// previews off no pane text is read at all; nothing a pane prints
// (clipboard writes, titles, screen controls, bells) gets through the map
// to tmux or to the terminal around the popup; and a window of 60 panes
// stays responsive with previews on.
//
// The screen is read from the outer pane with capture-pane -e, so each
// cell's colours are known, and each pane's box is found by its first
// line, "N  %id", inside box-drawing borders.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestE2EPreviewShowsEachPaneInItsBox: each pane of the grid prints a
// word of its own, in colour, before the navigator opens; the map shows
// each word once, inside the preview of that pane's box and nowhere else,
// in colour (the red one red).
func TestE2EPreviewShowsEachPaneInItsBox(t *testing.T) {
	t.Parallel()
	var panes []string
	s := openNavigator(t, func(inner *tmuxtest.Server) { panes = printWords(t, inner) })
	ts := s.waitWords(t, panes)
	checkFrame(t, ts)
	frame, _ := ts.popupFrame()
	def := ts.popupDefault()
	boxes := ts.boxes()
	if len(boxes) != len(panes) {
		t.Errorf("%d boxes on the map, want %d: %v", len(boxes), len(panes), boxes)
	}
	for i, p := range panes {
		b := boxes[p]
		if idx := s.Inner.Display(p, "#{pane_index}"); b.index != idx {
			t.Errorf("the box of %s is labelled %s, want its pane index %s", p, b.index, idx)
		}
		word := wordIn(p)
		var at [][2]int // on the popup (the window beneath shows around it)
		for _, a := range ts.find(word) {
			if frame.inside(a[0], a[1]) {
				at = append(at, a)
			}
		}
		if len(at) != 1 {
			t.Errorf("%s shows %d times on the map, want once: %v\n%s", word, len(at), at, ts)
			continue
		}
		row, col := at[0][0], at[0][1]
		if !b.inPreview(row, col) || !b.inPreview(row, col+len(word)-1) {
			t.Errorf("%s (printed by %s) is at row %d, columns %d-%d: not in the preview of %s's box (%s)\n%s",
				word, p, row, col, col+len(word)-1, p, b, ts)
		}
		for q, other := range boxes {
			if q != p && other.onBox(row, col) {
				t.Errorf("%s (printed by %s) is in the box of %s", word, p, q)
			}
		}
		// The colour comes along.
		for x := col; x < col+len(word); x++ {
			c := ts[row][x]
			if !c.colouredOn(def) {
				t.Errorf("%s (printed in SGR %s) has no colour at column %d", word, wordColours[i%len(wordColours)], x)
				break
			}
			if i == 0 && !red(c.fg) {
				t.Errorf("%s, printed red (31), shows with foreground %q", word, c.fg)
				break
			}
		}
	}
	s.quit(t)
}

// TestE2EPreviewFollowsAPaneThatPrints: with the map open, a pane prints
// a new line; it shows in that pane's box, and the other boxes stay as
// they were.
func TestE2EPreviewFollowsAPaneThatPrints(t *testing.T) {
	t.Parallel()
	var panes []string
	s := openNavigator(t, func(inner *tmuxtest.Server) { panes = printWords(t, inner) })
	before := s.waitWords(t, panes)
	printer := s.g[1]
	for round := range 3 {
		word := fmt.Sprintf("PMnew%dx", round)
		printIn(t, s.Inner, printer, `%s%s\n`, word)
		after := s.waitInBox(t, printer, word)
		frame, _ := after.popupFrame()
		n := 0
		for _, at := range after.find(word) {
			if frame.inside(at[0], at[1]) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s shows %d times on the map, want once:\n%s", word, n, after)
		}
		bb, ab := before.boxes(), after.boxes()
		for _, p := range panes {
			if p == printer {
				continue
			}
			if bb[p] != ab[p] {
				t.Errorf("the box of %s moved from %s to %s", p, bb[p], ab[p])
				continue
			}
			if was, is := before.boxText(bb[p]), after.boxText(ab[p]); !slices.Equal(was, is) {
				t.Errorf("%s printed, and the box of %s changed:\nbefore:\n%s\nafter:\n%s",
					printer, p, strings.Join(was, "\n"), strings.Join(is, "\n"))
			}
		}
	}
	s.quit(t)
}

// openFromPane runs panemap with args in the grid's top-left pane, which
// opens the navigator in a popup (passing settings on as flags), after
// prepare has readied the inner server. Close it with quit.
func openFromPane(t *testing.T, prepare func(inner *tmuxtest.Server), args ...string) *navSession {
	t.Helper()
	n := tmuxtest.StartNested(t, 120, 40)
	s := &navSession{Nested: n, g: n.Inner.Grid(), fromPane: true}
	if prepare != nil {
		prepare(n.Inner)
	}
	bin := tmuxtest.Panemap(t)
	n.Inner.TypeLine([]string{s.g[0]}, strings.Join(append([]string{bin}, args...), " ")+"; echo EXITED=$?")
	s.WaitScreen(wait, "the popup map", func(scr string) bool { return strings.Contains(scr, "NAV") })
	s.waitMap(t)
	return s
}

// openWith is openFromPane with args, or, without, openNavigator: the
// navigator in a popup from a pane or from a key binding.
func openWith(t *testing.T, prepare func(inner *tmuxtest.Server), args []string) *navSession {
	t.Helper()
	if args != nil {
		return openFromPane(t, prepare, args...)
	}
	return openNavigator(t, prepare)
}

// closeFromPane closes a navigator openFromPane opened with q and checks
// that panemap exited 0.
func (s *navSession) closeFromPane(t *testing.T) {
	t.Helper()
	s.Keys("q")
	tmuxtest.Eventually(t, wait, func() bool {
		return strings.Contains(s.Inner.Must("capture-pane", "-p", "-t", s.g[0]), "EXITED=0")
	}, "panemap in the pane did not exit 0 after q")
}

// countTmux makes every tmux process the popup starts go through a
// Counter, one process per command list (PANEMAP_CONTROL=never): the
// popup takes its environment from the server's global one.
func countTmux(t *testing.T, inner *tmuxtest.Server) *tmuxtest.Counter {
	t.Helper()
	c := tmuxtest.CountingTmux(t)
	for _, kv := range c.Env() {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			inner.Must("set-environment", "-g", "PATH", v)
		}
	}
	inner.Must("set-environment", "-g", "PANEMAP_CONTROL", "never")
	return c
}

// captures are the tmux processes that captured a pane.
func captures(c *tmuxtest.Counter) []string {
	var out []string
	for _, call := range c.Calls() {
		if strings.Contains(call, "capture-pane") {
			out = append(out, call)
		}
	}
	return out
}

// TestE2EPreviewOff: with previews off (the tmux option, or the flag
// given to panemap run in a pane), the boxes show each pane's command and
// directory and none of what the panes printed, before the navigator
// opened or while it is open, and no pane is ever captured: the popup
// runs a tmux process per command list (PANEMAP_CONTROL=never) through a
// wrapper that logs each. With previews on, the same log shows captures.
func TestE2EPreviewOff(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	for _, tc := range []struct {
		name   string
		option string
		args   []string
		on     bool
	}{
		{name: "@panemap-preview off", option: "off"},
		{name: "--preview=off", args: []string{"--preview=off"}},
		{name: "on, for comparison", on: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var panes []string
			var counter *tmuxtest.Counter
			prepare := func(inner *tmuxtest.Server) {
				panes = printWords(t, inner)
				if tc.option != "" {
					inner.Must("set", "-g", "@panemap-preview", tc.option)
				}
				counter = countTmux(t, inner)
			}
			s := openWith(t, prepare, tc.args)
			if tc.on {
				s.waitWords(t, panes)
				if len(captures(counter)) == 0 {
					t.Errorf("previews are on and showing, yet no tmux process captured a pane: the count is broken:\n%s",
						strings.Join(counter.Calls(), "\n"))
				}
				s.quit(t)
				return
			}
			// A pane prints while the map is open, and the navigator
			// does a round of work (a move, the help shown and hidden).
			printIn(t, s.Inner, s.g[1], `%s%s\n`, "PMlater")
			s.Keys("l")
			s.active(t, s.g[1], "l")
			settled(t, s)
			ts := s.waitTerm(t, "every box", func(ts termScreen) bool { return len(ts.boxes()) == len(panes) })
			printed := []string{"PMlater"}
			for _, p := range panes {
				printed = append(printed, wordIn(p))
			}
			frame, ok := ts.popupFrame()
			if !ok {
				t.Fatalf("no popup on screen:\n%s", ts)
			}
			for _, w := range printed {
				for _, at := range ts.find(w) {
					if frame.inside(at[0], at[1]) {
						t.Errorf("previews are off, yet %q (printed in a pane) shows on the map at %v:\n%s", w, at, ts)
					}
				}
			}
			for p, b := range ts.boxes() {
				lines := ts.boxText(b)
				cmd := s.Inner.Display(p, "#{pane_current_command}")
				if len(lines) < 3 || strings.TrimSpace(lines[1]) != cmd || !strings.ContainsAny(lines[2], "/~") {
					t.Errorf("the box of %s shows %q, want its command %q and then its directory", p, lines, cmd)
				}
			}
			if c := captures(counter); len(c) > 0 {
				t.Errorf("previews are off, yet the navigator captured panes:\n%s", strings.Join(c, "\n"))
			}
			s.quit(t)
		})
	}
}

// TestE2EPreviewColourOff: with NO_COLOR in the popup's environment,
// @panemap-color never, or --color=never, the words the panes print in
// colour show in their boxes without any colour (bold and reverse may
// stay). TestE2EPreviewShowsEachPaneInItsBox checks that colour shows
// otherwise.
func TestE2EPreviewColourOff(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	for _, tc := range []struct {
		name            string
		option, environ string
		args            []string
	}{
		{name: "NO_COLOR", environ: "1"},
		{name: "@panemap-color never", option: "never"},
		{name: "--color=never", args: []string{"--color=never"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var panes []string
			prepare := func(inner *tmuxtest.Server) {
				panes = printWords(t, inner)
				if tc.option != "" {
					inner.Must("set", "-g", "@panemap-color", tc.option)
				}
				if tc.environ != "" {
					inner.Must("set-environment", "-g", "NO_COLOR", tc.environ)
				}
			}
			s := openWith(t, prepare, tc.args)
			ts := s.waitWords(t, panes)
			def := ts.popupDefault()
			for p, b := range ts.boxes() {
				for y := b.top + 2; y < b.bottom; y++ {
					for x := b.left + 1; x < b.right && x < len(ts[y]); x++ {
						if c := ts[y][x]; c.colouredOn(def) {
							t.Errorf("colour is off, yet the preview of %s has a colour at row %d, column %d (%q: fg %q bg %q underline %q; the popup's default: fg %q bg %q):\n%s",
								p, y, x, c.text, c.fg, c.bg, c.ul, def.fg, def.bg, ts)
							return
						}
					}
				}
			}
			s.quit(t)
		})
	}
}
