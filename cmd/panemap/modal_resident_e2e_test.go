package main

// The modal pane (tmux 3.8) through the resident: the plugin's key with
// @panemap-open modal and panemap-open beside panemap.

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/resident/supervise"
)

// modalResident is residentNested with @panemap-open modal, skipped
// before tmux 3.8.
func modalResident(t *testing.T) (*tmuxtest.Nested, [4]string, string) {
	t.Helper()
	tmuxtest.SkipEndToEndIfShort(t)
	n, g, sock := residentNested(t, openDir(t), "@panemap-open", "modal")
	if !n.Inner.AtLeast(3, 8) {
		t.Skipf("tmux %s has no modal panes (new-pane -O)", n.Inner.Version())
	}
	if b, _ := prefixBinding(t, n.Inner, pluginDefaultKey); !strings.Contains(b, "new-pane -O") || !strings.Contains(b, "/panemap-open'") {
		t.Fatalf("prefix %s does not open panemap-open in a modal pane: %q", pluginDefaultKey, b)
	}
	return n, g, sock
}

// modalProcess is the program the modal pane m runs: its pid and its
// binary's name.
func modalProcess(t *testing.T, srv *tmuxtest.Server, m string) (int, string) {
	t.Helper()
	pid, err := strconv.Atoi(srv.Display(m, "#{pane_pid}"))
	if err != nil || pid <= 1 {
		t.Fatalf("modal pane %s: no process (%v)", m, err)
	}
	exe, _ := os.Readlink("/proc/" + itoa(pid) + "/exe")
	return pid, filepath.Base(exe)
}

// keyHelpRow is the row of the modal pane m's screen that holds the
// navigator's key help (its last row), -1 when none does.
func keyHelpRow(srv *tmuxtest.Server, m string) int {
	out, err := srv.Run("capture-pane", "-p", "-t", m)
	if err != nil {
		return -1
	}
	for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.Contains(line, "q close") {
			return i
		}
	}
	return -1
}

// TestE2EModalThroughTheResident: the key opens the map in the modal
// pane through the resident (panemap-open stays the pane's program, the
// resident counts the open); a resize of the pane reaches the navigator,
// which draws at the new size; a move lands as Enter closes the pane,
// and the pane's panemap-open and the worker that drew end with it. A
// modal pane killed from outside ends its worker too, and the resident
// takes the next open.
func TestE2EModalThroughTheResident(t *testing.T) {
	t.Parallel()
	n, g, sock := modalResident(t)
	st := waitResident(t, sock, 0)
	m := openModal(t, n, g)
	waitResident(t, sock, 1)
	client, name := modalProcess(t, n.Inner, m)
	if name != "panemap-open" {
		t.Fatalf("the modal pane runs %s, not panemap-open", name)
	}
	worker, _ := busyWorker(t, st.PID)

	// A floating pane's size given to resize-pane is its border box's.
	n.Inner.Must("resize-pane", "-t", m, "-x", "70", "-y", "16")
	n.Inner.WaitDisplay(wait, m, "#{pane_width}x#{pane_height}", "68x14")
	tmuxtest.Eventually(t, wait, func() bool { return keyHelpRow(n.Inner, m) == 13 },
		"the navigator did not draw at the modal pane's new size: its key help is on row %d, want 13:\n%s", keyHelpRow(n.Inner, m), n.Inner.Must("capture-pane", "-p", "-t", m))

	moveRightAndClose(t, n, g[0], g[1], "Enter")
	tmuxtest.Eventually(t, wait, func() bool { return !supervise.Alive(client) && !supervise.Alive(worker) },
		"the closed modal pane's panemap-open (%d, alive %v) or its worker (%d, alive %v) still runs", client, supervise.Alive(client), worker, supervise.Alive(worker))

	// Killed from outside while the map is open.
	m = openModal(t, n, g)
	waitResident(t, sock, 2)
	client, _ = modalProcess(t, n.Inner, m)
	worker, _ = busyWorker(t, st.PID)
	n.Inner.Must("kill-pane", "-t", m)
	tmuxtest.Eventually(t, wait, func() bool { return !supervise.Alive(client) && !supervise.Alive(worker) },
		"the killed modal pane's panemap-open (%d, alive %v) or its worker (%d, alive %v) still runs", client, supervise.Alive(client), worker, supervise.Alive(worker))
	openModal(t, n, g)
	if got := waitResident(t, sock, 3); got.PID != st.PID {
		t.Fatalf("the resident changed: %+v, then %+v", st, got)
	}
	n.Keys("q")
	tmuxtest.Eventually(t, wait, func() bool { return modalPane(n.Inner, g[0]) == "" }, "q did not close the modal pane")
}

// TestE2EModalResidentFallback: with the resident gone (killed, its
// socket left), the key's modal pane still shows the map, drawn by
// panemap itself (panemap-open became it), which starts a resident; the
// next key press goes through that one.
func TestE2EModalResidentFallback(t *testing.T) {
	t.Parallel()
	n, g, sock := modalResident(t)
	first := waitResident(t, sock, 0)
	signalPID(t, first.PID, syscall.SIGKILL)
	tmuxtest.Eventually(t, wait, func() bool { return !supervise.ReadStatus(sock).Running }, "the killed resident still holds its lock")
	m := openModal(t, n, g)
	if _, name := modalProcess(t, n.Inner, m); name != "panemap" {
		t.Errorf("with no resident the modal pane runs %s, not panemap", name)
	}
	moveRightAndClose(t, n, g[0], g[1], "q")
	if second := waitResident(t, sock, 0); second.PID == first.PID {
		t.Fatal("no new resident")
	}
	openModal(t, n, g)
	waitResident(t, sock, 1)
	n.Keys("q")
	tmuxtest.Eventually(t, wait, func() bool { return modalPane(n.Inner, g[0]) == "" }, "q did not close the modal pane")
}
