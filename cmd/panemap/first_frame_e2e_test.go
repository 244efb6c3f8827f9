package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// holdingTmux is a tmux first on PATH that holds the navigator's opening
// read (the one command list that asks #{version}, but for the launcher's
// own, which lists the clients) until release exists: it creates held as
// it starts waiting, and gives up after 30 s, longer than any wait here.
func holdingTmux(t *testing.T) (dir, held, release string) {
	t.Helper()
	real, err := exec.LookPath("tmux")
	if err != nil {
		t.Fatal(err)
	}
	real, _ = filepath.Abs(real)
	files := t.TempDir()
	held, release = filepath.Join(files, "held"), filepath.Join(files, "release")
	w := tmuxtest.FakeTmux(t, fmt.Sprintf(`case "$*" in *list-clients*) ;; *'#{version}'*)
  : >'%s'
  i=0
  while [ ! -e '%s' ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i + 1)); done
esac
exec '%s' "$@"`, held, release, real))
	return w.Dir, held, release
}

// TestE2EFirstFrameBeforeTheRead: the plugin's key, a binding by
// hand (handLine), and panemap popup bound with run-shell (the launcher,
// which reads the window itself and passes it on), pressed over a window
// of programs named to break their quoting, draw that window's map while
// the navigator's opening read is held back; a key pressed meanwhile
// waits for the read and then runs; and none of the names ran anything.
func TestE2EFirstFrameBeforeTheRead(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 120, 40)
	n.Inner.Must("set", "-g", "escape-time", "0")
	win, panes, marks := hostileWindow(t, n.Inner)
	loadPlugin(t, n.Inner, tmuxtest.Panemap(t))
	n.Inner.Must("bind-key", "O", "run-shell", "-C", handLine)
	n.Inner.Must("bind-key", "R", "run-shell", "-b", "panemap popup")
	for i, key := range []string{pluginDefaultKey, "O", "R"} {
		// The next key waits for the popup to be gone: tmux before 3.6
		// ignores a display-popup on a client still showing one.
		before := n.Screen()
		release := pressHeld(t, n, key, panes)
		if active := n.Inner.Display(win, "#{pane_id}"); active == panes[i] {
			t.Fatalf("pane %s is active already", active)
		}
		n.Keys(fmt.Sprint(i)) // the label of panes[i]
		if err := os.WriteFile(release, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		n.Inner.WaitDisplay(wait, win, "#{pane_id}", panes[i])
		n.Keys("q")
		n.WaitScreen(wait, "the popup closed", func(scr string) bool { return scr == before })
	}
	nothingRan(t, n.Inner, marks)
}

// TestE2EFirstFrameWaitsForItsColours: with @panemap-color set to never,
// the key press's snapshot is not drawn (its first frame would be in the
// default colours): the screen says it is reading tmux until the held
// read answers, and the map then comes from the read.
func TestE2EFirstFrameWaitsForItsColours(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 120, 40)
	g := n.Inner.Grid()
	loadPlugin(t, n.Inner, tmuxtest.Panemap(t))
	n.Inner.Must("set", "-g", "@panemap-color", "never")
	dir, held, release := holdingTmux(t)
	n.Inner.Must("set-environment", "-g", "PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	n.Keys("C-b", pluginDefaultKey)
	scr := n.WaitScreen(wait, "panemap saying it waits for tmux", func(scr string) bool { return strings.Contains(scr, "reading tmux") })
	if strings.Contains(scr, "NAV") || strings.Contains(scr, g[3]) {
		t.Fatalf("the map was drawn before the read, in the default colours:\n%s", scr)
	}
	if _, err := os.Stat(held); err != nil {
		t.Fatalf("panemap waits, but not for its opening read: %v", err)
	}
	if err := os.WriteFile(release, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	n.WaitScreen(wait, "the map from the read", func(scr string) bool { return strings.Contains(scr, "NAV") && strings.Contains(scr, g[3]) })
	n.Keys("q")
	n.WaitScreen(wait, "the popup closed", func(scr string) bool { return !strings.Contains(scr, "NAV") })
}

// pressHeld presses prefix key with the navigator's opening read held
// back (panemap's binary on PATH for the binding by hand), and waits for
// a map of panes; it returns the file that releases the read.
func pressHeld(t *testing.T, n *tmuxtest.Nested, key string, panes []string) (release string) {
	t.Helper()
	dir, held, release := holdingTmux(t)
	n.Inner.Must("set-environment", "-g", "PATH", strings.Join([]string{dir, filepath.Dir(tmuxtest.Panemap(t)), os.Getenv("PATH")}, string(os.PathListSeparator)))
	n.Keys("C-b", key)
	n.WaitScreen(wait, "the window's map before the read", func(scr string) bool {
		if !strings.Contains(scr, "NAV") {
			return false
		}
		for _, p := range panes {
			if !strings.Contains(scr, p+" ") {
				return false
			}
		}
		return true
	})
	// The map can be on screen before the read's tmux process has
	// started: the first map is written as soon as it is drawn.
	tmuxtest.Eventually(t, wait, func() bool {
		_, err := os.Stat(held)
		return err == nil
	}, "the map is up but the opening read never started")
	return release
}

// TestE2EModalFirstFrameBeforeTheRead: in a modal pane (tmux 3.8) too,
// the map is drawn from the key press's snapshot while the read is held
// back, without the modal pane, which the snapshot predates.
func TestE2EModalFirstFrameBeforeTheRead(t *testing.T) {
	t.Parallel()
	n, g := modalGrid(t)
	loadPlugin(t, n.Inner, tmuxtest.Panemap(t))
	release := pressHeld(t, n, pluginDefaultKey, g[:])
	if scr := n.Screen(); strings.Contains(scr, "floating") {
		t.Errorf("the first frame shows a floating pane:\n%s", scr)
	}
	if err := os.WriteFile(release, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if modalPane(n.Inner, g[0]) == "" {
		t.Fatal("the map is up but the window has no modal pane")
	}
	n.Keys("q")
	deadline := time.Now().Add(wait)
	for i := 0; modalPane(n.Inner, g[0]) != ""; i++ {
		if time.Now().After(deadline) {
			t.Fatal("q did not close the modal pane once the read was in")
		}
		time.Sleep(tmuxtest.PollPause(i))
	}
}
