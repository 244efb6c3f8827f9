package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestE2EDemoEscPutsBackAndStays: in the demo, Esc puts everything back
// and says so, and the demo stays open (as its README line promises:
// "Esc to put everything back, q to quit"); q then quits and removes
// the demo's server.
func TestE2EDemoEscPutsBackAndStays(t *testing.T) {
	t.Parallel()
	tmuxtest.SkipEndToEndIfShort(t)
	outer := tmuxtest.Start(t, 120, 40)
	outer.Must("set", "-g", "escape-time", "0")
	pane, demo := startDemo(t, outer)
	screen := func() string { return outer.Must("capture-pane", "-p", "-t", pane) }
	layout := func() string {
		cmd := exec.Command("tmux", "-S", demo, "list-panes", "-s", "-t", "demo:", "-F", "#{pane_id} #{pane_left},#{pane_top} #{pane_active}")
		cmd.Env = tmuxtest.Env()
		out, err := cmd.Output()
		if err != nil {
			return "no demo server (the demo quit?): " + err.Error()
		}
		return string(out)
	}
	before := layout()

	outer.Must("send-keys", "-t", pane, "s", "Right")
	tmuxtest.Eventually(t, wait, func() bool { return layout() != before }, "s → changed nothing in the demo")
	outer.Must("send-keys", "-t", pane, "Escape")
	tmuxtest.Eventually(t, wait, func() bool { return layout() == before }, "Esc did not put the demo back:\n%s\nwant\n%s", layout(), before)
	tmuxtest.Eventually(t, wait, func() bool {
		scr := screen()
		return strings.Contains(scr, "everything is back") && strings.Contains(scr, "NAV") && !strings.Contains(scr, "EXITED=")
	}, "after Esc the demo did not say it put everything back, staying open:\n%s", screen())
	// Esc again, with nothing changed: it says so, and stays.
	outer.Must("send-keys", "-t", pane, "Escape")
	tmuxtest.Eventually(t, wait, func() bool {
		return strings.Contains(screen(), "nothing to put back")
	}, "a second Esc did not say there was nothing to put back:\n%s", screen())

	outer.Must("send-keys", "-t", pane, "q")
	waitExited(t, outer, pane, "demo after q")
	if _, err := os.Stat(demo); !os.IsNotExist(err) {
		t.Errorf("demo left its tmux socket %s behind (%v)", demo, err)
	}
}

// startDemo runs panemap demo in outer's pane, a child of the pane's
// shell, waits for its map and returns the pane and the demo's socket.
func startDemo(t *testing.T, outer *tmuxtest.Server) (pane, socket string) {
	t.Helper()
	bin := tmuxtest.Panemap(t)
	pane = outer.Active("main:0")
	outer.Must("respawn-pane", "-k", "-t", pane, shellLine(bin+" demo"))
	tmuxtest.Eventually(t, wait, func() bool {
		scr := outer.Must("capture-pane", "-p", "-t", pane)
		return strings.Contains(scr, "NAV") && strings.Contains(scr, "demo")
	}, "the demo map did not appear")
	sh := outer.Display(pane, "#{pane_pid}")
	children, err := os.ReadFile(filepath.Join("/proc", sh, "task", sh, "children"))
	if err != nil || len(strings.Fields(string(children))) != 1 {
		t.Fatalf("the pane's shell %s has children %q (%v), want the demo alone", sh, children, err)
	}
	return pane, demoSocket(outer, strings.TrimSpace(string(children)))
}
