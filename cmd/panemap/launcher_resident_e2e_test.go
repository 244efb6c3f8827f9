package main

// panemap popup (the launcher, bound with run-shell) through the
// resident: its popup runs panemap-open beside panemap, as the plugin's
// key does.

import (
	"os"
	"syscall"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/resident/supervise"
)

// TestE2ELauncherThroughTheResident: with panemap-open beside panemap,
// run-shell -b 'panemap popup' opens the map through the resident; with
// @panemap-resident off it opens it in panemap itself; with the resident
// gone, panemap-open falls back to panemap and starts a new resident,
// which takes the next open.
func TestE2ELauncherThroughTheResident(t *testing.T) {
	t.Parallel()
	n, g, sock := residentNested(t, openDir(t))
	n.Inner.Must("set-environment", "-g", "PATH", openDir(t)+string(os.PathListSeparator)+os.Getenv("PATH"))
	n.Inner.Must("bind-key", "R", "run-shell", "-b", "panemap popup")
	first := waitResident(t, sock, 0)
	pressAndQuit(t, n, g, "R")
	waitResident(t, sock, 1)

	n.Inner.Must("set", "-g", residentOption, "off")
	pressAndQuit(t, n, g, "R")
	if st := supervise.ReadStatus(sock); st.Opens != 1 {
		t.Errorf("with %s off the launcher's popup went through the resident: %+v", residentOption, st)
	}
	n.Inner.Must("set", "-gu", residentOption)

	signalPID(t, first.PID, syscall.SIGKILL)
	tmuxtest.Eventually(t, wait, func() bool { return !supervise.ReadStatus(sock).Running }, "the killed resident still holds its lock")
	pressAndQuit(t, n, g, "R")
	if second := waitResident(t, sock, 0); second.PID == first.PID {
		t.Fatal("no new resident")
	}
	pressAndQuit(t, n, g, "R")
	waitResident(t, sock, 1)
}
