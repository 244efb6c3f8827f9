package supervise

import (
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestAliveNotAZombie: a process that has exited but is not yet reaped
// (a tmux server whose parent has not waited for it: in a container
// without an init process, never) is not alive: its resident would
// otherwise outlive it, with a worker, for as long as the zombie stays.
func TestAliveNotAZombie(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("zombies are read from /proc")
	}
	if !Alive(os.Getpid()) {
		t.Fatal("this test's own process is not alive")
	}
	cmd := exec.Command("true")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	// Exited, not waited for: a zombie until Wait below.
	tmuxtest.Eventually(t, 10*time.Second, func() bool { return zombieState(pid) }, "true never exited")
	if Alive(pid) {
		t.Error("a zombie counts as alive")
	}
	_ = cmd.Wait()
	if Alive(pid) {
		t.Error("a reaped process counts as alive")
	}
}

// zombieState reads pid's state from /proc: Z once it exited unreaped.
func zombieState(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	_, rest, _ := strings.Cut(string(stat), ") ")
	return strings.HasPrefix(rest, "Z")
}
