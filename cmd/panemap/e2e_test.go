package main

// End-to-end tests of the navigator as a person uses it: an inner private
// tmux server with a 2x2 window and a real client (a pane of an outer
// private server), panemap opened in display-popup -E on that client, keys
// typed into the outer pane, the screen read from the outer pane, and what
// really happened read from the inner server.

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
)

const wait = 10 * time.Second

type navSession struct {
	*tmuxtest.Nested
	g        [4]string // inner grid: top-left, top-right, bottom-left, bottom-right
	done     chan int  // the popup's exit status
	fromPane bool      // opened by openFromPane: its exit status shows in the pane
}

// openNavigator opens panemap with no arguments in a popup over the inner
// window, as `display-popup -E panemap` from a key binding would.
// setup, when given, prepares the inner server before panemap opens.
func openNavigator(t *testing.T, setup ...func(inner *tmuxtest.Server)) *navSession {
	t.Helper()
	s := openNavigatorSized(t, 120, 40, setup...)
	s.waitMap(t)
	return s
}

// openNavigatorSized opens the navigator in a popup two cells smaller than
// a cols x rows terminal and waits only for it to show.
func openNavigatorSized(t *testing.T, cols, rows int, setup ...func(inner *tmuxtest.Server)) *navSession {
	t.Helper()
	n := tmuxtest.StartNested(t, cols, rows)
	s := &navSession{Nested: n, g: n.Inner.Grid(), done: make(chan int, 1)}
	for _, f := range setup {
		f(n.Inner)
	}
	bin := tmuxtest.Panemap(t)
	client := n.Client()
	go func() {
		// -t main: the popup's session (its TMUX) is main's, as a key
		// pressed on main's client makes it, even where a test made
		// another session since (the newest is tmux's default).
		cmd := exec.Command("tmux", "-L", n.Inner.Name, "display-popup", "-E", "-c", client, "-t", "main:",
			"-w", strconv.Itoa(cols-2), "-h", strconv.Itoa(rows-2), bin)
		cmd.Env = tmuxtest.Env()
		err := cmd.Run()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			code = -1
		}
		s.done <- code
	}()
	s.WaitScreen(wait, "the navigator", func(scr string) bool { return strings.Contains(scr, "NAV") })
	return s
}

// waitMap waits until the map shows every pane of the inner window.
func (s *navSession) waitMap(t *testing.T) string {
	t.Helper()
	return s.WaitScreen(wait, "the map with all panes", func(scr string) bool {
		for _, p := range s.g {
			if !strings.Contains(scr, p) {
				return false
			}
		}
		return strings.Contains(scr, "main")
	})
}

// closed waits for the popup to close and returns its exit status.
// quit closes the navigator with q and checks that panemap exited 0.
func (s *navSession) quit(t *testing.T) {
	t.Helper()
	if s.fromPane {
		s.closeFromPane(t)
		return
	}
	s.Keys("q")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after q", code)
	}
}

func (s *navSession) closed(t *testing.T) int {
	t.Helper()
	select {
	case code := <-s.done:
		return code
	case <-time.After(wait):
		t.Fatalf("the popup did not close; screen:\n%s", s.Screen())
		return -1
	}
}

// active waits until the inner window's active pane is want.
func (s *navSession) active(t *testing.T, want, after string) {
	t.Helper()
	tmuxtest.Eventually(t, wait, func() bool { return s.Inner.Active(s.g[0]) == want },
		"after %s the active pane is %s, want %s", after, s.Inner.Active(s.g[0]), want)
}

func (s *navSession) cell(p string) string {
	return s.Inner.Display(p, "#{pane_left},#{pane_top}")
}

// fingerprint is everything Esc must put back.
func (s *navSession) fingerprint() string {
	return s.Inner.Must("list-panes", "-s", "-t", "main", "-F",
		"#{window_id} #{window_active} #{window_last_flag} #{window_zoomed_flag} #{pane_index} #{pane_id} #{pane_active} #{pane_last} #{pane_marked} #{pane_left},#{pane_top},#{pane_width}x#{pane_height}")
}

func TestE2EOpenWithNoArgumentsAndQuit(t *testing.T) {
	t.Parallel()
	s := openNavigator(t)
	before := s.fingerprint()
	scr := s.Screen()
	if !strings.Contains(scr, "NAV") {
		t.Errorf("no mode shown:\n%s", scr)
	}
	s.quit(t)
	if after := s.fingerprint(); after != before {
		t.Errorf("opening and closing changed tmux:\n%s\n%s", before, after)
	}
}

func TestE2EDirections(t *testing.T) {
	t.Parallel()
	s := openNavigator(t)
	tl, tr, bl, br := s.g[0], s.g[1], s.g[2], s.g[3]
	steps := []struct{ key, want string }{
		{"Right", tr}, {"Down", br}, {"Left", bl}, {"Up", tl},
		{"l", tr}, {"j", br}, {"h", bl}, {"k", tl},
		{"Left", tr}, // wrap-around, as tmux does
	}
	for _, st := range steps {
		s.Keys(st.key)
		s.active(t, st.want, st.key)
	}
	// The map follows: the focused pane's id is on screen in the focus style
	// (checked by golden tests); here, Enter keeps the focus where it is.
	s.Keys("Enter")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after Enter", code)
	}
	if a := s.Inner.Active(tl); a != tr {
		t.Errorf("Enter did not keep the focus: active %s, want %s", a, tr)
	}
}

func TestE2ESwapWalkAndEscRestores(t *testing.T) {
	t.Parallel()
	s := openNavigator(t)
	tl := s.g[0]
	before := s.fingerprint()
	cTR, cBR := s.cell(s.g[1]), s.cell(s.g[3])
	s.Keys("s")
	s.WaitScreen(wait, "swap mode shown", func(scr string) bool { return strings.Contains(scr, "SWAP") })
	s.Keys("Right")
	tmuxtest.Eventually(t, wait, func() bool { return s.cell(tl) == cTR }, "pane %s did not move right to %s: at %s", tl, cTR, s.cell(tl))
	s.Keys("Down")
	tmuxtest.Eventually(t, wait, func() bool { return s.cell(tl) == cBR }, "pane %s did not move down to %s: at %s", tl, cBR, s.cell(tl))
	if a := s.Inner.Active(tl); a != tl {
		t.Errorf("the walked pane lost the focus to %s", a)
	}
	s.Keys("Escape")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after Esc", code)
	}
	if after := s.fingerprint(); after != before {
		t.Errorf("Esc did not restore:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// TestE2EEscPressedTwice: Esc typed twice at once reaches the popup as
// ESC ESC in one write (the inner tmux reads the pair within its
// escape-time as M-Escape), which still reverts and closes.
func TestE2EEscPressedTwice(t *testing.T) {
	t.Parallel()
	s := openNavigator(t)
	before := s.fingerprint()
	s.Keys("l")
	s.active(t, s.g[1], "l")
	s.Keys("Escape", "Escape")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d after Esc Esc", code)
	}
	if after := s.fingerprint(); after != before {
		t.Errorf("Esc Esc did not restore:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

func TestE2EMarkSwapUndoThenKeep(t *testing.T) {
	t.Parallel()
	s := openNavigator(t)
	tl, tr := s.g[0], s.g[1]
	cTL, cTR := s.cell(tl), s.cell(tr)
	s.Keys("m")
	s.Inner.WaitDisplay(wait, tl, "#{pane_marked}", "1")
	s.Keys("l")
	s.active(t, tr, "l")
	s.Keys("x")
	tmuxtest.Eventually(t, wait, func() bool { return s.cell(tl) == cTR && s.cell(tr) == cTL }, "x did not swap %s with the marked %s", tr, tl)
	if a := s.Inner.Active(tl); a != tr {
		t.Errorf("after x the focus is on %s, want it to stay on %s", a, tr)
	}
	s.Keys("u")
	tmuxtest.Eventually(t, wait, func() bool { return s.cell(tl) == cTL && s.cell(tr) == cTR }, "u did not undo the swap")
	s.Keys("u")
	s.active(t, tl, "second u (undo the focus move)")
	s.Keys("s", "Right") // a change to keep
	tmuxtest.Eventually(t, wait, func() bool { return s.cell(tl) == cTR }, "swap mode move did not happen")
	s.Keys("Enter")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d", code)
	}
	if s.cell(tl) != cTR {
		t.Errorf("Enter did not keep the swap")
	}
}

func TestE2EEscRestoresFocusZoomWindowAndLastPane(t *testing.T) {
	t.Parallel()
	// The session's last window is window 2; the navigator visits window 1.
	s := openNavigator(t, func(inner *tmuxtest.Server) {
		inner.Must("new-window", "-d", "-t", "main:1")
		inner.Must("new-window", "-t", "main:2")
		inner.Must("select-window", "-t", "main:0")
	})
	before := s.fingerprint()
	s.Keys("l", "j", "z")
	s.Inner.WaitDisplay(wait, s.g[0], "#{window_zoomed_flag}", "1")
	s.Keys("]")
	s.Inner.WaitDisplay(wait, "main:", "#{window_index}", "1")
	s.Keys("Escape")
	if code := s.closed(t); code != 0 {
		t.Errorf("exit status %d", code)
	}
	if after := s.fingerprint(); after != before {
		t.Errorf("Esc did not restore:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

func TestE2EMapFollowsOutsideSplit(t *testing.T) {
	t.Parallel()
	s := openNavigator(t)
	newPane := s.Inner.Must("split-window", "-d", "-t", s.g[3], "-P", "-F", "#{pane_id}")
	s.WaitScreen(wait, "the new pane "+newPane+" on the map", func(scr string) bool { return strings.Contains(scr, newPane) })
	s.Inner.Must("kill-pane", "-t", newPane)
	s.WaitScreen(wait, "the killed pane gone from the map", func(scr string) bool { return !strings.Contains(scr, newPane) })
	s.Keys("q")
	s.closed(t)
}

func TestE2ERunInAPaneOpensAPopup(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 120, 40)
	g := n.Inner.Grid()
	bin := tmuxtest.Panemap(t)
	// Typed into the pane's shell: TMUX and TMUX_PANE are set there.
	n.Inner.TypeLine([]string{g[0]}, bin+"; echo EXITED=$?")
	n.WaitScreen(wait, "the popup map", func(scr string) bool { return strings.Contains(scr, g[3]) && strings.Contains(scr, "NAV") })
	n.Keys("l")
	tmuxtest.Eventually(t, wait, func() bool { return n.Inner.Active(g[0]) == g[1] }, "focus did not move from the popup")
	n.Keys("q")
	tmuxtest.Eventually(t, wait, func() bool {
		return strings.Contains(n.Inner.Must("capture-pane", "-p", "-t", g[0]), "EXITED=0")
	}, "panemap in the pane did not exit 0 after the popup closed:\n%s", n.Inner.Must("capture-pane", "-p", "-t", g[0]))
}

func TestE2EDemoQuitsAndLeavesNoServer(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	outer := tmuxtest.Start(t, 120, 40)
	pane, demo := startDemo(t, outer)
	if _, err := os.Stat(demo); err != nil {
		t.Fatalf("no demo server socket while it runs: %v", err)
	}
	outer.Must("send-keys", "-t", pane, "q")
	waitExited(t, outer, pane, "demo after q")
	if _, err := os.Stat(demo); !os.IsNotExist(err) {
		t.Errorf("demo left its tmux socket %s behind (%v)", demo, err)
	}
}

// demoSocket is the socket of the demo whose process is pid: other tests,
// and other test processes, may run demos at the same time.
func demoSocket(srv *tmuxtest.Server, pid string) string {
	return filepath.Join(filepath.Dir(srv.SocketPath()), "panemap-demo-"+pid)
}

// TestE2EDemoHangupLeavesNoServer: the terminal around the demo goes
// away (its tmux is killed, which hangs up on the demo): the demo's
// throwaway server and its socket go too.
func TestE2EDemoHangupLeavesNoServer(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	outer := tmuxtest.Start(t, 120, 40)
	bin := tmuxtest.Panemap(t)
	pane := outer.Active("main:0")
	outer.Must("respawn-pane", "-k", "-t", pane, "exec "+bin+" demo") // the demo is the pane's process: it gets the SIGHUP
	tmuxtest.Eventually(t, wait, func() bool {
		scr := outer.Must("capture-pane", "-p", "-t", pane)
		return strings.Contains(scr, "NAV") && strings.Contains(scr, "demo")
	}, "the demo map did not appear")
	demo := demoSocket(outer, outer.Display(pane, "#{pane_pid}"))
	if _, err := os.Stat(demo); err != nil {
		t.Fatalf("no demo socket while it runs: %v", err)
	}
	outer.Kill()
	tmuxtest.Eventually(t, wait, func() bool {
		_, err := os.Stat(demo)
		return os.IsNotExist(err)
	}, "the demo's socket %s is still there after its terminal hung up", demo)
	check := exec.Command("tmux", "-S", demo, "has-session")
	check.Env = tmuxtest.Env()
	if err := check.Run(); err == nil {
		t.Fatalf("the demo's tmux server still answers on %s", demo)
	}
}

func TestE2EPluginBindingOpensPopup(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 120, 40)
	g := n.Inner.Grid()
	bin := tmuxtest.Panemap(t)
	loadPlugin(t, n.Inner, bin)
	if b, _ := prefixBinding(t, n.Inner, pluginDefaultKey); !strings.Contains(b, "popup") {
		t.Fatalf("prefix %s not bound to the popup: %q", pluginDefaultKey, b)
	}
	n.Keys("C-b", pluginDefaultKey)
	n.WaitScreen(wait, "the popup from the plugin's key", func(scr string) bool { return strings.Contains(scr, g[3]) && strings.Contains(scr, "NAV") })
	n.Keys("q")
	n.WaitScreen(wait, "the popup closed", func(scr string) bool { return !strings.Contains(scr, "NAV") })
}

// shellLine runs line in sh and then reports its exit status on the
// screen: before 3.6, tmux can lose a pane's exit status (see
// tmuxtest.Server.WaitDeadStatus).
func shellLine(line string) string {
	return "exec sh -c '" + line + "; echo EXITED=$?; exec sleep 600'"
}

// waitExited waits for a shellLine command to finish and checks it
// exited 0.
func waitExited(t *testing.T, srv *tmuxtest.Server, pane, what string) {
	t.Helper()
	var scr string
	tmuxtest.Eventually(t, wait, func() bool {
		scr = srv.Must("capture-pane", "-p", "-t", pane)
		return strings.Contains(scr, "EXITED=")
	}, "%s did not exit", what)
	if !strings.Contains(scr, "EXITED=0") {
		t.Errorf("%s did not exit 0:\n%s", what, scr)
	}
}

func TestE2EOutsideTmuxDrivesAnotherServersWindow(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	inner := tmuxtest.Start(t, 120, 40)
	g := inner.Grid()
	inner.Must("new-window", "-d", "-t", "main:1", "-n", "second")
	second := inner.Must("split-window", "-d", "-t", "main:1", "-P", "-F", "#{pane_id}")
	first := inner.Active("main:1")
	term := tmuxtest.Start(t, 120, 40) // a terminal that is not a client of inner
	pane := term.Active("main:0")
	bin := tmuxtest.Panemap(t)
	term.Must("respawn-pane", "-k", "-t", pane, shellLine(bin+" -L "+inner.Name+" -t main:second"))
	tmuxtest.Eventually(t, wait, func() bool {
		scr := term.Must("capture-pane", "-p", "-t", pane)
		return strings.Contains(scr, second) && strings.Contains(scr, first) && !strings.Contains(scr, g[3])
	}, "the map of main:second did not appear:\n%s", term.Must("capture-pane", "-p", "-t", pane))
	term.Must("send-keys", "-t", pane, "Tab")
	tmuxtest.Eventually(t, wait, func() bool { return inner.Active("main:1") != first }, "Tab did not move the focus in main:second")
	term.Must("send-keys", "-t", pane, "q")
	waitExited(t, term, pane, "panemap -L -t")
	if cur := inner.Display("main:", "#{window_index}"); cur != "0" {
		t.Errorf("showing window 1 made it the session's current window (now %s)", cur)
	}
}
