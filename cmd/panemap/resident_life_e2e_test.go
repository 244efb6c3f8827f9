package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/resident/supervise"
	"github.com/panemap/panemap/resident/wire"
)

// TestResidentExitsWithItsServer: panemap resident, started for a
// server, runs until that server exits, then exits too and lets go of
// its directory.
func TestResidentExitsWithItsServer(t *testing.T) {
	tmuxtest.SkipEndToEndIfShort(t)
	t.Parallel()
	srv := tmuxtest.Start(t, 80, 24)
	sock := srv.SocketPath()
	t.Cleanup(func() { stopResident(t, sock) })
	cmd := exec.Command(filepath.Join(openDir(t), "panemap"), "-S", sock, "resident")
	cmd.Env = tmuxtest.Env()
	tmuxtest.StartProcess(t, cmd)
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	st := waitResident(t, sock, 0)
	if st.PID != cmd.Process.Pid || !strings.HasPrefix(st.Version, "panemap ") {
		t.Fatalf("status %+v; want pid %d and panemap's version", st, cmd.Process.Pid)
	}
	out, _ := exec.Command(tmuxtest.Panemap(t), "-S", sock, "doctor").CombinedOutput()
	if want := "resident: running, pid " + itoa(st.PID) + ", panemap "; !strings.Contains(string(out), want) {
		t.Errorf("panemap doctor does not say %q:\n%s", want, out)
	}
	srv.Kill()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("the resident exited with %v", err)
		}
	case <-time.After(wait):
		t.Fatalf("the resident still runs %v after its server exited", wait)
	}
	if st := supervise.ReadStatus(sock); st.Running {
		t.Fatalf("the resident's lock is still held: %+v", st)
	}
	if _, err := os.Stat(wire.Dir(sock)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the resident left its directory behind (%v)", err)
	}
}

// TestResidentExitsWithAZombieServer: a tmux server that has exited but
// is not yet reaped (in a container without an init process, a zombie
// for good) counts as gone: the resident exits at its next check and
// lets go of its directory, rather than keep a worker for it forever.
func TestResidentExitsWithAZombieServer(t *testing.T) {
	t.Parallel()
	server := exec.Command("true")
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	pid := server.Process.Pid
	t.Cleanup(func() { _ = server.Wait() })
	tmuxtest.Eventually(t, wait, func() bool { _, state, ok := procStat(pid); return ok && state == "Z" }, "true never exited")
	sock := filepath.Join(t.TempDir(), "gone")
	cmd := exec.Command(tmuxtest.PanemapOpen(t), "--resident", "-S", sock, "--server-pid", itoa(pid))
	cmd.Env = tmuxtest.Env()
	tmuxtest.StartProcess(t, cmd)
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("the resident exited with %v", err)
		}
	case <-time.After(wait):
		signalPID(t, cmd.Process.Pid, syscall.SIGTERM)
		t.Fatalf("the resident still runs %v after its server became a zombie", wait)
	}
	if _, err := os.Stat(wire.Dir(sock)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the resident left its directory behind (%v)", err)
	}
}

// TestE2EResidentResize: the popup resized under a resident's map is
// redrawn at its new size: the client passes the resize on.
func TestE2EResidentResize(t *testing.T) {
	t.Parallel()
	if !tmuxtest.TmuxAtLeast(t, 3, 3) {
		t.Skip("tmux before 3.3 does not resize a popup with its client")
	}
	o := openThroughResident(t)
	n, g := o.n, o.g
	n.Outer.Must("resize-window", "-t", "main:0", "-x", "90", "-y", "30")
	// The map's right-hand boxes end on the popup's border: drawn for
	// the new width, not cut from the old.
	n.WaitScreen(wait, "the map redrawn 90 cells wide", func(scr string) bool {
		for _, line := range strings.Split(scr, "\n") {
			if strings.Contains(line, g[1]+" ") {
				line = strings.TrimRight(line, " ")
				return len([]rune(line)) <= 90 && strings.HasSuffix(line, "││")
			}
		}
		return false
	})
}
