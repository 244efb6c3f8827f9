package main

// Two navigators open at once, on two clients of one tmux server, both
// through the resident.

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// twoClients is a resident nested pair (client a, on session main's
// grid g) and a second client b of the same inner server, on a session
// "second" of its own whose window holds two panes side by side (lr).
type twoClients struct {
	a, b   *tmuxtest.Nested
	g      [4]string
	lr     [2]string
	sock   string
	before [2]string // each outer screen before any popup
}

func startTwoClients(t testing.TB) twoClients {
	t.Helper()
	a, g, sock := residentNested(t, openDir(t))
	lr := strings.Fields(a.Inner.Must("new-session", "-d", "-s", "second", "exec sh",
		";", "split-window", "-h", "-t", "second:0", "exec sh",
		";", "select-pane", "-t", "second:0.0",
		";", "list-panes", "-t", "second:0", "-F", "#{pane_id}"))
	if len(lr) != 2 {
		t.Fatalf("the second session's panes: %q", lr)
	}
	b := a.AttachAnother("second", 120, 40)
	for _, p := range lr {
		a.Inner.WaitPrompt(wait, p)
	}
	c := twoClients{a: a, b: b, g: g, lr: [2]string{lr[0], lr[1]}, sock: sock}
	c.before = [2]string{a.Screen(), b.Screen()}
	return c
}

// showsPanes is a map showing every one of ids.
func showsPanes(ids ...string) func(string) bool {
	return func(scr string) bool {
		if !strings.Contains(scr, "NAV") {
			return false
		}
		for _, id := range ids {
			if !strings.Contains(scr, id) {
				return false
			}
		}
		return true
	}
}

// TestE2EResidentTwoClients: two clients of one server open the plugin's
// key, the second while the first's map is open; both maps show, each
// navigator moves the focus in its own client's window, and q in one
// leaves the other open and working.
func TestE2EResidentTwoClients(t *testing.T) {
	t.Parallel()
	c := startTwoClients(t)
	a, b, g, lr := c.a, c.b, c.g, c.lr
	waitResident(t, c.sock, 0)
	a.Keys("C-b", pluginDefaultKey)
	a.WaitScreen(wait, "the first map", showsPanes(g[:]...))
	// The next idle worker, ready while the first map is open, takes
	// the second: two of the resident's workers draw at once.
	st := waitResident(t, c.sock, 1)
	b.Keys("C-b", pluginDefaultKey)
	b.WaitScreen(wait, "the second map", showsPanes(lr[:]...))
	if got := waitResident(t, c.sock, 2); got.PID != st.PID {
		t.Fatalf("the resident changed: %+v, then %+v", st, got)
	}
	if ttys := drawingWorkers(t, st.PID); len(ttys) != 2 {
		t.Fatalf("workers drawing on terminals: %q, want two", ttys)
	}
	// Each acts on its own window.
	b.Keys("Right")
	tmuxtest.Eventually(t, wait, func() bool { return a.Inner.Active(lr[0]) == lr[1] }, "the second map's Right did not focus %s", lr[1])
	a.Keys("Down")
	tmuxtest.Eventually(t, wait, func() bool { return a.Inner.Active(g[0]) == g[2] }, "the first map's Down did not focus %s", g[2])
	if got := a.Inner.Active(lr[0]); got != lr[1] {
		t.Fatalf("the first map's Down moved the second window's focus to %s", got)
	}
	// q in the first leaves the second open and working.
	a.Keys("q")
	a.WaitScreen(wait, "the first popup closed", func(scr string) bool { return scr == c.before[0] })
	b.Keys("Left")
	tmuxtest.Eventually(t, wait, func() bool { return a.Inner.Active(lr[0]) == lr[0] }, "the second map's Left, after the first closed, did not focus %s", lr[0])
	b.WaitScreen(wait, "the second map still open", showsPanes(lr[:]...))
	b.Keys("q")
	b.WaitScreen(wait, "the second popup closed", func(scr string) bool { return scr == c.before[1] })
	if got := a.Inner.Active(g[0]); got != g[2] {
		t.Errorf("q kept the first map's focus elsewhere: %s, want %s", got, g[2])
	}
}

// drawingWorkers are the terminals the resident's workers hold (a worker
// drawing a map holds its popup's; the idle one holds none).
func drawingWorkers(t *testing.T, supervisor int) []string {
	t.Helper()
	var ttys []string
	for _, pid := range processes(t) {
		if ppid, state, ok := procStat(pid); ok && ppid == supervisor && state != "Z" {
			if tty := terminalOf(pid); tty != "" {
				ttys = append(ttys, tty)
			}
		}
	}
	return ttys
}

// TestE2EResidentTwoKeysAtOnce: the key pressed on both clients at the
// same moment, one idle worker for the two: both maps show (one drawn by
// the worker, the other in its popup or by the next worker), and both
// close.
func TestE2EResidentTwoKeysAtOnce(t *testing.T) {
	t.Parallel()
	c := startTwoClients(t)
	waitResident(t, c.sock, 0)
	c.a.Keys("C-b", pluginDefaultKey)
	c.b.Keys("C-b", pluginDefaultKey)
	c.a.WaitScreen(wait, "the first map", showsPanes(c.g[:]...))
	c.b.WaitScreen(wait, "the second map", showsPanes(c.lr[:]...))
	c.a.Keys("q")
	c.b.Keys("q")
	c.a.WaitScreen(wait, "the first popup closed", func(scr string) bool { return scr == c.before[0] })
	c.b.WaitScreen(wait, "the second popup closed", func(scr string) bool { return scr == c.before[1] })
	waitResident(t, c.sock, 1)
}
