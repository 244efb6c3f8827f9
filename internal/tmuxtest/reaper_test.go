package tmuxtest

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// crashEnv makes TestReaperCrashingTest the test process that crashes.
const crashEnv = "PANEMAP_TMUXTEST_CRASH"

// TestReaperEndsWhatACrashedTestStarted: a test process that dies before
// its cleanups run (a panic in any test does that to every test running)
// leaves no tmux server and no process it started behind: the reaper
// kills them once the test process is gone. The crashing test process
// is this test binary again, running TestReaperCrashingTest alone.
func TestReaperEndsWhatACrashedTestStarted(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the reaper reads /proc")
	}
	Available(t)
	crash := exec.Command(os.Args[0], "-test.run=^TestReaperCrashingTest$", "-test.count=1")
	crash.Env = append(Env(), crashEnv+"=1")
	out, err := crash.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	StartProcess(t, crash)
	var server, sleeper int
	var name string
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if _, err := fmt.Sscanf(lines.Text(), "started %s %d %d", &name, &server, &sleeper); err == nil {
			break
		}
	}
	if server == 0 {
		t.Fatalf("the crashing test said nothing of what it started (%v)", crash.Wait())
	}
	t.Cleanup(func() { _ = syscall.Kill(server, syscall.SIGKILL); _ = syscall.Kill(sleeper, syscall.SIGKILL) })
	_ = crash.Wait()
	if crash.ProcessState.ExitCode() != 3 {
		t.Fatalf("the crashing test exited %d, want 3", crash.ProcessState.ExitCode())
	}
	deadline := time.Now().Add(15 * time.Second)
	for n := 0; alive(server, name) || alive(sleeper, "sleep"); n++ {
		if time.Now().After(deadline) {
			t.Fatalf("15 s after its test process died, still running: the tmux server %d %v, the sleep %d %v", server, alive(server, name), sleeper, alive(sleeper, "sleep"))
		}
		time.Sleep(PollPause(n))
	}
}

// alive reports whether pid runs (a zombie does not) with word in its
// command line.
func alive(pid int, word string) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	return err == nil && strings.Contains(string(b), word)
}

// TestReaperCrashingTest starts a tmux server and a process as tests do,
// says so, and ends its test process before any cleanup runs, as a
// panic does. It runs only as TestReaperEndsWhatACrashedTestStarted's
// child.
func TestReaperCrashingTest(t *testing.T) {
	if os.Getenv(crashEnv) == "" {
		t.Skip("run by TestReaperEndsWhatACrashedTestStarted")
	}
	srv := Start(t, 0, 0)
	sleeper := exec.Command("sleep", "600")
	StartProcess(t, sleeper)
	fmt.Printf("started %s %d %d\n", srv.Name, srv.process.Pid, sleeper.Process.Pid)
	os.Exit(3)
}
