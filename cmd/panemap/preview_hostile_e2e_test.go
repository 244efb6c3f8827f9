package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// allowPassthrough lets tmux pass on what is wrapped in its passthrough
// sequence (tmux 3.3 and later ask for allow-passthrough; 3.2a passes it
// on always), so that one reaching it from the popup would reach the
// terminal around it.
func allowPassthrough(inner *tmuxtest.Server) {
	if inner.AtLeast(3, 3) {
		inner.Must("set", "-g", "allow-passthrough", "on")
	}
}

// buffers lists a server's paste buffers: name and content sample.
func buffers(srv *tmuxtest.Server) string {
	return srv.Must("list-buffers", "-F", "#{buffer_name} #{buffer_sample}")
}

// osc52 is a printf line writing text to the clipboard with OSC 52:
// terminated by BEL, by ST, or wrapped in tmux's passthrough.
func osc52(text, how string) string {
	seq := map[string]string{
		"bel":         `\033]52;c;%s\a`,
		"st":          `\033]52;c;%s\033\\`,
		"passthrough": `\033Ptmux;\033\033]52;c;%s\a\033\\`,
	}[how]
	return fmt.Sprintf("printf '%s' \"$(printf %s | base64)\"\n", seq, text)
}

// TestE2EPreviewHostileClipboard: a pane writes to the clipboard with
// OSC 52 (ended by BEL, by ST, and through tmux's passthrough), with
// set-clipboard on in both tmux servers and passthrough allowed in the
// inner one, so that either would act on a clipboard write reaching it.
// The navigator shows the pane and its later output; no paste buffer
// appears on either server.
//
// tmux itself acts on what a pane prints: the inner server keeps the
// pane's OSC 52 as a buffer, and passes it, and the passthrough, on to
// the terminal of a client that shows the pane. So the pane prints in a
// window that no client shows, and only then joins the window on the
// map: every buffer after that would have come through the navigator. At
// the end, a write from a visible pane reaching the outer server shows
// that it would see one.
func TestE2EPreviewHostileClipboard(t *testing.T) {
	t.Parallel()
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("set", "-g", "set-clipboard", "on")
		allowPassthrough(inner)
	})
	s.Outer.Must("set", "-g", "set-clipboard", "on")
	outerBefore := buffers(s.Outer)

	hidden := s.Inner.Must("new-window", "-d", "-t", "main:1", "-P", "-F", "#{pane_id}")
	runScript(t, s.Inner, hidden, osc52("pm-clip-bel", "bel")+osc52("pm-clip-st", "st")+
		osc52("pm-clip-pt", "passthrough")+marker("PMclip1"))
	tmuxtest.Eventually(t, wait, func() bool { return strings.Contains(s.Inner.Must("capture-pane", "-p", "-t", hidden), "PMclip1") },
		"the hidden pane did not print")
	innerBefore := buffers(s.Inner)
	for _, want := range []string{"pm-clip-bel", "pm-clip-st"} {
		if !strings.Contains(innerBefore, want) {
			t.Fatalf("the inner tmux did not keep the pane's OSC 52 %s (set-clipboard on): buffers %q", want, innerBefore)
		}
	}
	if got := buffers(s.Outer); got != outerBefore {
		t.Fatalf("a pane no client shows reached the outer tmux's buffers (the test's premise): %q", got)
	}

	s.Inner.Must("join-pane", "-d", "-s", hidden, "-t", s.g[3])
	s.waitInBox(t, hidden, "PMclip1")
	printIn(t, s.Inner, hidden, `%s%s\n`, "PMclip2")
	s.waitInBox(t, hidden, "PMclip2")
	settled(t, s)

	if got := buffers(s.Inner); got != innerBefore {
		t.Errorf("the inner tmux's buffers changed while the map showed the pane:\nbefore:\n%s\nafter:\n%s", innerBefore, got)
	}
	outerOpen := buffers(s.Outer)
	if outerOpen != outerBefore {
		t.Errorf("the terminal around the popup got a clipboard write (outer tmux's buffers):\nbefore:\n%s\nafter:\n%s", outerBefore, outerOpen)
	}
	ts := s.term(t)
	checkFrame(t, ts)
	if at := ts.find("pm-clip"); len(at) > 0 {
		t.Errorf("clipboard text shows on screen at %v:\n%s", at, ts)
	}

	s.quit(t)
	if got := buffers(s.Outer); got != outerOpen {
		t.Errorf("the terminal around the popup got a clipboard write as the navigator closed (outer tmux's buffers):\nbefore:\n%s\nafter:\n%s", outerOpen, got)
	}

	// The outer tmux does see a write that reaches it (tmux 3.2a passes
	// a pane's on only while no popup is open).
	runScript(t, s.Inner, s.g[0], osc52("pm-clip-control", "bel"))
	tmuxtest.Eventually(t, wait, func() bool { return strings.Contains(buffers(s.Outer), "pm-clip-control") },
		"a visible pane's OSC 52 did not reach the outer tmux: this test cannot see a clipboard write")
}

// popupFrame finds the popup's border on screen: the frame around the
// header line (the one with the mode, "NAV") down to the key help.
func (ts termScreen) popupFrame() (frame paneBox, ok bool) {
	for y := range ts {
		x := slices.IndexFunc(ts[y], func(c termCell) bool { return c.text == "m" })
		if x < 1 || !strings.Contains(ts.line(y, 0, len(ts[y])), "NAV") || !strings.HasPrefix(ts.line(y, x, len(ts[y])), "main") {
			continue
		}
		f := paneBox{top: y - 1, left: x - 1}
		if !isOf(vertical, ts.at(y, f.left)) || !isOf(topLeft, ts.at(f.top, f.left)) {
			continue
		}
		for f.right = f.left + 1; f.right < len(ts[f.top]) && !isOf(topRight, ts.at(f.top, f.right)); f.right++ {
		}
		for f.bottom = y; isOf(vertical, ts.at(f.bottom, f.left)); f.bottom++ {
		}
		if isOf(topRight, ts.at(f.top, f.right)) && isOf(bottomLeft, ts.at(f.bottom, f.left)) &&
			isOf(bottomRight, ts.at(f.bottom, f.right)) {
			return f, true
		}
	}
	return paneBox{}, false
}

// checkFrame checks the popup on screen: its border whole, the header
// with the mode, and the key help on its last line.
func checkFrame(t *testing.T, ts termScreen) {
	t.Helper()
	f, ok := ts.popupFrame()
	if !ok {
		t.Errorf("the popup's border or header is broken:\n%s", ts)
		return
	}
	for y := f.top + 1; y < f.bottom; y++ {
		if !isOf(vertical, ts.at(y, f.left)) || !isOf(vertical, ts.at(y, f.right)) {
			t.Errorf("the popup's side border is broken on row %d:\n%s", y, ts)
			return
		}
	}
	if help := ts.line(f.bottom-1, f.left+1, f.right); !strings.Contains(help, "close") {
		t.Errorf("the popup's key help is gone (last line %q):\n%s", help, ts)
	}
}

// titles is every pane's title and window's name on a server.
func titles(srv *tmuxtest.Server) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(srv.Must("list-panes", "-a", "-F", "#{pane_id} #{pane_title}"), "\n") {
		id, title, _ := strings.Cut(line, " ")
		out["pane "+id+" title"] = title
	}
	for _, line := range strings.Split(srv.Must("list-windows", "-a", "-F", "#{window_id} #{window_name}"), "\n") {
		id, name, _ := strings.Cut(line, " ")
		out["window "+id+" name"] = name
	}
	return out
}

// TestE2EPreviewHostileTitles: a pane on the map sets its title with
// OSC 0 and OSC 2. The pane's own title changes (tmux does that for the
// pane); no other pane's title, no window's name, and nothing on the
// outer tmux (the title of the terminal around the popup) changes.
func TestE2EPreviewHostileTitles(t *testing.T) {
	t.Parallel()
	// Windows named for good: automatic-rename would change their names
	// as the shells start, whatever the navigator does. The outer tmux
	// renames a window when a rename reaches it.
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("rename-window", "-t", "main:0", "grid")
		allowPassthrough(inner)
	})
	s.Outer.Must("rename-window", "-t", "main:0", "terminal")
	s.Outer.Must("set", "-g", "allow-rename", "on")
	innerBefore, outerBefore := titles(s.Inner), titles(s.Outer)
	printer := s.g[1]
	runScript(t, s.Inner, printer, `printf '\033]0;pm-pwned-0\a'`+"\n"+marker("PMtitle1")+
		`printf '\033]2;pm-pwned-2\a'`+"\n"+marker("PMtitle2"))
	s.waitInBox(t, printer, "PMtitle2")
	settled(t, s)
	innerAfter, outerAfter := titles(s.Inner), titles(s.Outer)
	own := "pane " + printer + " title"
	if innerAfter[own] != "pm-pwned-2" {
		t.Errorf("the printing pane's title is %q: tmux did not act on its OSC 2", innerAfter[own])
	}
	delete(innerBefore, own)
	delete(innerAfter, own)
	if !maps.Equal(innerBefore, innerAfter) {
		t.Errorf("titles or window names on the inner tmux changed:\nbefore: %v\nafter:  %v", innerBefore, innerAfter)
	}
	if !maps.Equal(outerBefore, outerAfter) {
		t.Errorf("the terminal around the popup was retitled or renamed (outer tmux):\nbefore: %v\nafter:  %v", outerBefore, outerAfter)
	}
	checkFrame(t, s.term(t))
	s.quit(t)
}

// TestE2EPreviewHostileScreenControls: the focused pane moves its
// cursor home, clears its screen, switches to the alternate screen,
// moves its cursor up and left, erases lines, scrolls a region and
// resets its terminal, each followed by text. Each time, once its box
// shows the text, every cell of the terminal outside that box is as it
// was, text and colours: the popup's frame, header, key help, the other
// boxes and the window around the popup.
func TestE2EPreviewHostileScreenControls(t *testing.T) {
	t.Parallel()
	// The window named for good: automatic-rename would change the tab in
	// the header as the pane runs commands.
	s := openNavigator(t, func(inner *tmuxtest.Server) { inner.Must("rename-window", "-t", "main:0", "grid") })
	printer := s.g[0]
	before := s.waitTerm(t, "a preview in every box", func(ts termScreen) bool {
		for _, p := range s.g {
			if !ts.previewing(p, "sh") {
				return false
			}
		}
		return true
	})
	box := before.boxes()[printer]
	for i, step := range []struct{ name, seq string }{
		{"cursor home", `\033[1;1H`},
		{"clear screen", `\033[2J`},
		{"alternate screen", `\033[?1049h`},
		{"cursor up and left", `\033[10A\033[40D`},
		{"erase line", `\033[2K\033[1K`},
		{"scroll region", `\033[2;3r\033[S`},
		{"reset", `\033c`},
	} {
		text := fmt.Sprintf("PMscr%dx", i)
		runScript(t, s.Inner, printer, fmt.Sprintf("printf '%s'\n", step.seq)+marker(text))
		after := s.waitInBox(t, printer, text)
		if b := after.boxes()[printer]; b != box {
			t.Fatalf("after %s the box of %s moved from %s to %s", step.name, printer, box, b)
		}
		if y, x, changed := changedOutside(before, after, box); changed {
			t.Fatalf("%s in %s changed the screen outside its box at row %d, column %d (%+v, was %+v):\nbefore:\n%s\nafter:\n%s",
				step.name, printer, y, x, after.cell(y, x), before.cell(y, x), before, after)
		}
		checkFrame(t, after)
	}
	s.quit(t)
}

// bells is the bell flag of every window on a server.
func bells(srv *tmuxtest.Server) string {
	return srv.Must("list-windows", "-a", "-F", "#{window_id}:#{window_bell_flag}")
}

// TestE2EPreviewHostileBell: a pane on the map rings the bell; the outer
// tmux, which watches for bells, sees none. tmux passes a pane's own bell
// on to its clients' terminals, so the inner server watches for none
// (monitor-bell off); at the end it does, and the outer tmux then sees the
// pane's bell, showing that it would have seen one.
func TestE2EPreviewHostileBell(t *testing.T) {
	t.Parallel()
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("set", "-g", "monitor-bell", "off")
		allowPassthrough(inner)
	})
	s.Outer.Must("set", "-g", "monitor-bell", "on")
	s.Outer.Must("set", "-g", "bell-action", "any")
	before := bells(s.Outer)
	if strings.Contains(before, ":1") {
		t.Fatalf("the outer tmux has a bell before anything rang: %s", before)
	}
	printer := s.g[1]
	runScript(t, s.Inner, printer, `printf 'PMbe\all\a\n'`+"\n"+marker("PMbell1"))
	s.waitInBox(t, printer, "PMbell1")
	printIn(t, s.Inner, printer, `\a%s%s\a\n`, "PMbell2")
	s.waitInBox(t, printer, "PMbell2")
	settled(t, s)
	if got := bells(s.Outer); got != before {
		t.Errorf("the terminal around the popup heard a bell: outer window bell flags %s, were %s", got, before)
	}
	checkFrame(t, s.term(t))

	s.Inner.Must("set", "-g", "monitor-bell", "on")
	runScript(t, s.Inner, printer, `printf '\a'`+"\n")
	tmuxtest.Eventually(t, wait, func() bool { return strings.Contains(bells(s.Outer), ":1") },
		"a pane's bell passed on by tmux did not reach the outer tmux: this test cannot hear a bell")
	s.quit(t)
}

// TestE2EPreviewSixtyPanes: a window of 60 panes, each having printed a
// word, with previews on: a move goes to tmux at once, q exits 0, and
// the map shows every pane's word in its box.
func TestE2EPreviewSixtyPanes(t *testing.T) {
	t.Parallel()
	var ids []string
	s := openNavigatorSized(t, 240, 80, func(inner *tmuxtest.Server) {
		for len(strings.Fields(inner.Must("list-panes", "-t", "main:0", "-F", "#{pane_id}"))) < 60 {
			if _, err := inner.Run("split-window", "-d", "-t", "main:0", "-l", "1"); err != nil {
				inner.Must("select-layout", "-t", "main:0", "tiled")
			}
		}
		inner.Must("select-layout", "-t", "main:0", "tiled")
		ids = strings.Fields(inner.Must("list-panes", "-t", "main:0", "-F", "#{pane_id}"))
		for _, p := range ids {
			printIn(t, inner, p, `%s%s\n`, wordIn(p))
		}
	})
	if len(ids) != 60 {
		t.Fatalf("%d panes, want 60", len(ids))
	}
	s.waitTerm(t, "all 60 boxes", func(ts termScreen) bool { return len(ts.boxes()) == len(ids) })
	from := s.Inner.Active(ids[0])
	s.Keys("l")
	tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Active(ids[0]) != from }, "l did not move the focus from %s among 60 panes", from)

	var missing []string
	var ts termScreen
	deadline := time.Now().Add(wait)
	for {
		ts, missing = s.term(t), nil
		for _, p := range ids {
			if !ts.inBox(p, wordIn(p)) {
				missing = append(missing, p)
			}
		}
		if len(missing) == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if len(missing) > 0 {
		top := strings.Split(ts.String(), "\n")
		t.Errorf("after %v, %d of the 60 boxes do not show their pane's word (%v); the screen's first rows:\n%s",
			wait, len(missing), missing, strings.Join(top[:min(len(top), 12)], "\n"))
	}
	s.quit(t)
}
