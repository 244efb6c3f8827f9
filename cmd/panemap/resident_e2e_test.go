package main

// The resident through a real client: the plugin's key with panemap-open
// beside panemap, and with @panemap-resident off.

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/resident/supervise"
	"github.com/panemap/panemap/resident/wire"
)

// residentNested is a nested pair with the plugin loaded with panemap
// from dir, which holds panemap-open beside it (tmuxtest.PanemapOpen's,
// unless a test copies them), after the options given as name, value
// pairs. It returns the inner server's socket path; the resident is
// stopped, and its directory removed, when the test ends.
func residentNested(t testing.TB, dir string, options ...string) (*tmuxtest.Nested, [4]string, string) {
	t.Helper()
	n := tmuxtest.StartNested(t, 120, 40)
	g := n.Inner.Grid()
	for i := 0; i+1 < len(options); i += 2 {
		n.Inner.Must("set", "-g", options[i], options[i+1])
	}
	sock := strings.TrimSpace(n.Inner.Must("display-message", "-p", "#{socket_path}"))
	t.Cleanup(func() { stopResident(t, sock) })
	loadPlugin(t, n.Inner, filepath.Join(dir, "panemap"))
	return n, g, sock
}

// openDir is the directory of panemap-open and the panemap beside it.
func openDir(t testing.TB) string { return filepath.Dir(tmuxtest.PanemapOpen(t)) }

// stopResident ends the resident of the server on sock, if one runs, and
// removes its directory. It asks again while one runs: a client that fell
// back started another, which takes over as the first exits.
func stopResident(t testing.TB, sock string) {
	tmuxtest.Eventually(t, wait, func() bool {
		st := supervise.ReadStatus(sock)
		if st.Running && st.PID > 1 {
			_ = syscall.Kill(st.PID, syscall.SIGTERM)
		}
		return !st.Running
	}, "the resident did not exit on SIGTERM")
	_ = os.RemoveAll(wire.Dir(sock))
}

// waitResident waits until the server's resident runs, with at least
// opens opens taken and an idle worker ready (so that the next key press
// goes through it), and returns its status.
func waitResident(t testing.TB, sock string, opens int) supervise.Status {
	t.Helper()
	var st supervise.Status
	tmuxtest.Eventually(t, wait, func() bool {
		st = supervise.ReadStatus(sock)
		return st.Running && st.PID > 0 && st.Opens >= opens && st.Ready
	}, "no resident with %d opens for %s", opens, sock)
	return st
}

// showsMap is the map, every pane's id on screen.
func showsMap(g [4]string) func(string) bool {
	return func(scr string) bool {
		return strings.Contains(scr, "NAV") && strings.Contains(scr, g[0]) && strings.Contains(scr, g[3])
	}
}

// openedThroughResident is a map opened with the plugin's key through
// the resident, and what was on screen before.
type openedThroughResident struct {
	n        *tmuxtest.Nested
	g        [4]string
	sock     string
	resident supervise.Status // as it was before the key
	before   string
}

func openThroughResident(t *testing.T) openedThroughResident {
	t.Helper()
	n, g, sock := residentNested(t, openDir(t))
	o := openedThroughResident{n: n, g: g, sock: sock, resident: waitResident(t, sock, 0), before: n.Screen()}
	n.Keys("C-b", pluginDefaultKey)
	n.WaitScreen(wait, "the map", showsMap(g))
	waitResident(t, sock, 1)
	return o
}

// TestE2EResidentPluginKey: with panemap-open beside panemap, loading the
// plugin starts the resident, the key runs panemap-open, and the map is
// drawn by the resident's workers, one open after another.
func TestE2EResidentPluginKey(t *testing.T) {
	t.Parallel()
	n, g, sock := residentNested(t, openDir(t))
	st := waitResident(t, sock, 0)
	if cmd, _ := prefixBinding(t, n.Inner, pluginDefaultKey); !strings.Contains(cmd, "/panemap-open'") {
		t.Fatalf("the plugin's key runs %q, not panemap-open", cmd)
	}
	for i := 1; i <= 2; i++ {
		pressAndQuit(t, n, g, pluginDefaultKey)
		if got := waitResident(t, sock, i); got.PID != st.PID {
			t.Fatalf("the resident changed: %+v, then %+v", st, got)
		}
	}
}

// TestE2EResidentOff: @panemap-resident off keeps the popup on panemap
// itself, and starts no resident.
func TestE2EResidentOff(t *testing.T) {
	t.Parallel()
	n, g, sock := residentNested(t, openDir(t), "@panemap-resident", "off")
	if cmd, _ := prefixBinding(t, n.Inner, pluginDefaultKey); strings.Contains(cmd, "/panemap-open'") || !strings.Contains(cmd, "panemap") {
		t.Fatalf("with the resident off the plugin's key runs %q", cmd)
	}
	pressAndQuit(t, n, g, pluginDefaultKey)
	if st := supervise.ReadStatus(sock); st.Running {
		t.Fatalf("a resident runs with @panemap-resident off: %+v", st)
	}
}

// TestE2EResidentAbsent: with no resident (none started, or a dead one's
// socket left), the key's map still opens, drawn by panemap in the popup,
// and the client starts a resident, which draws the next.
func TestE2EResidentAbsent(t *testing.T) {
	t.Parallel()
	n, g, sock := residentNested(t, openDir(t))
	first := waitResident(t, sock, 0)
	// Killed outright: its socket stays, refusing connections.
	signalPID(t, first.PID, syscall.SIGKILL)
	tmuxtest.Eventually(t, wait, func() bool { return !supervise.ReadStatus(sock).Running }, "the killed resident still holds its lock")
	if _, err := os.Stat(wire.SocketPath(sock)); err != nil {
		t.Fatalf("the killed resident's socket is gone (%v): this test means to open with a dead one's", err)
	}
	pressAndQuit(t, n, g, pluginDefaultKey)
	second := waitResident(t, sock, 0)
	if second.PID == first.PID {
		t.Fatal("no new resident")
	}
	pressAndQuit(t, n, g, pluginDefaultKey)
	waitResident(t, sock, 1)
}

// TestE2EResidentKilledMidUse: the resident killed while its worker draws
// a map leaves that map working; the next key press falls back, then a
// new resident takes over.
func TestE2EResidentKilledMidUse(t *testing.T) {
	t.Parallel()
	o := openThroughResident(t)
	n, g, sock, first, before := o.n, o.g, o.sock, o.resident, o.before
	signalPID(t, first.PID, syscall.SIGKILL)
	tmuxtest.Eventually(t, wait, func() bool { return !supervise.ReadStatus(sock).Running }, "the killed resident still holds its lock")
	// The open map still takes keys: focus moves, and q closes it.
	n.Keys("Right")
	n.WaitScreen(wait, "the focus moved to "+g[1], func(scr string) bool { return focusedLine(scr, g[1]) })
	n.Keys("q")
	n.WaitScreen(wait, "the popup closed", func(scr string) bool { return scr == before })
	pressAndQuit(t, n, g, pluginDefaultKey)
	if st := waitResident(t, sock, 0); st.PID == first.PID {
		t.Fatal("no new resident")
	}
	pressAndQuit(t, n, g, pluginDefaultKey)
	waitResident(t, sock, 1)
}

// focusedLine says whether the map's focused box (drawn in heavy lines)
// holds pane id on its title line.
func focusedLine(scr, id string) bool {
	for _, line := range strings.Split(scr, "\n") {
		if i := strings.Index(line, id+" "); i >= 0 && strings.Contains(line, "┃") {
			left := strings.LastIndex(line[:i], "┃")
			right := strings.LastIndex(line[:i], "│")
			return left > right
		}
	}
	return false
}

// TestE2EResidentWorkerCrash: a worker that dies while it draws (as a
// panic would end it) leaves the popup to panemap, which draws the map
// again there, and the resident and its next open as they were.
func TestE2EResidentWorkerCrash(t *testing.T) {
	t.Parallel()
	o := openThroughResident(t)
	n, g, sock, st, before := o.n, o.g, o.sock, o.resident, o.before
	// The help on screen tells the dead worker's last frame, which stays
	// there, from the new navigator's first, which has none.
	const help = "? less"
	n.Keys("?")
	n.WaitScreen(wait, "the help", func(scr string) bool { return strings.Contains(scr, help) })
	busy, tty := busyWorker(t, st.PID)
	client := popupClient(t, tty)
	signalPID(t, busy, syscall.SIGSEGV)
	// The client becomes panemap (exec: the same process).
	tmuxtest.Eventually(t, wait, func() bool {
		exe, _ := os.Readlink("/proc/" + itoa(client) + "/exe")
		return filepath.Base(exe) == "panemap"
	}, "the popup's client did not fall back to panemap")
	n.WaitScreen(wait, "the map, drawn again", func(scr string) bool { return showsMap(g)(scr) && !strings.Contains(scr, help) })
	n.Keys("q")
	n.WaitScreen(wait, "the popup closed", func(scr string) bool { return scr == before })
	pressAndQuit(t, n, g, pluginDefaultKey)
	if got := waitResident(t, sock, 2); got.PID != st.PID {
		t.Fatalf("the resident changed after a worker crashed: %+v, then %+v", st, got)
	}
}

// TestE2EResidentMismatch: a panemap-open beside another build of
// panemap (here: another copy of the binary, as a reinstall leaves)
// meets a resident of the old one: it runs the navigator itself, the old
// resident exits, and a new one takes the next open.
func TestE2EResidentMismatch(t *testing.T) {
	t.Parallel()
	older, newer := copyOpenDir(t), copyOpenDir(t)
	n, g, sock := residentNested(t, older)
	old := waitResident(t, sock, 0)
	pressAndQuit(t, n, g, pluginDefaultKey)
	waitResident(t, sock, 1)
	loadPlugin(t, n.Inner, filepath.Join(newer, "panemap"))
	pressAndQuit(t, n, g, pluginDefaultKey)
	tmuxtest.Eventually(t, wait, func() bool { return !supervise.Alive(old.PID) }, "the old resident did not exit")
	st := waitResident(t, sock, 0)
	if st.PID == old.PID {
		t.Fatal("no new resident")
	}
	pressAndQuit(t, n, g, pluginDefaultKey)
	waitResident(t, sock, 1)
}

// copyOpenDir is a directory of its own with copies of panemap and
// panemap-open: another build, as far as a build id tells.
func copyOpenDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"panemap", "panemap-open"} {
		b, err := os.ReadFile(filepath.Join(openDir(t), name))
		if err != nil {
			t.Fatal(err)
		}
		tmuxtest.WriteExecutable(t, filepath.Join(dir, name), b)
	}
	return dir
}
