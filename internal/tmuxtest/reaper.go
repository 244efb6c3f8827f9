package tmuxtest

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
)

// The reaper ends what a test process started when the test process
// itself dies before its cleanups run: a test that panics takes the
// whole test binary down, and the cleanups of every other test running
// in parallel never run, so their tmux servers (daemons, which outlive
// the binary) and the processes they started would stay, each server
// holding its panes' shells (issue 40: a test must end every process it
// starts, whatever its outcome). One small shell a test process, started
// with the first process registered, waits for the test process to go
// and then kills every registered process still running. It knows a
// process by its pid and its start time (/proc/PID/stat), so a pid that
// another process took since is never signalled. Linux only (/proc);
// elsewhere the cleanups alone end what the tests start.
// startEnv is the environment the test process started with, before any
// test's t.Setenv: the reaper carries CI's PANEMAP_TEST_RUN mark of the
// run (scripts/survivors.sh), not a mark one test set for itself.
var startEnv = os.Environ()

var reaper struct {
	once sync.Once
	mu   sync.Mutex
	list *os.File // "PID STARTTIME" lines, one a registered process
}

// reapScript waits while the test process ($1) runs, then kills each
// process of the list ($2) whose start time is still the one recorded,
// and removes the list. The field after comm in /proc/PID/stat is the
// third; comm may hold spaces and parentheses ("tmux: server"), so the
// line is cut after its last ") ", which leaves the start time (field
// 22) as the 20th word.
const reapScript = `while kill -0 "$1" 2>/dev/null; do sleep 1; done
while read -r pid start; do
  stat=$(cat "/proc/$pid/stat" 2>/dev/null) || continue
  set -- ${stat##*) }
  [ "${20}" = "$start" ] && kill -9 "$pid" 2>/dev/null
done < "$2"
rm -f "$2"`

// reapIfOrphaned registers process pid with the reaper. Errors are
// ignored: the reaper is a second line behind the tests' cleanups.
func reapIfOrphaned(pid int) {
	start, err := startTime(pid)
	if err != nil {
		return
	}
	reaper.once.Do(startReaper)
	reaper.mu.Lock()
	defer reaper.mu.Unlock()
	if reaper.list != nil {
		_, _ = fmt.Fprintf(reaper.list, "%d %s\n", pid, start)
	}
}

func startReaper() {
	f, err := os.CreateTemp("", "panemap-reap-*")
	if err != nil {
		return
	}
	cmd := exec.Command("/bin/sh", "-c", reapScript, "reaper", fmt.Sprint(os.Getpid()), f.Name())
	cmd.Env = startEnv
	if err := cmd.Start(); err != nil {
		_ = f.Close()
		_ = os.Remove(f.Name())
		return
	}
	// Not waited for: it outlives this process by design, and ends by
	// itself a second after it (sleep 1 at a time).
	_ = cmd.Process.Release()
	reaper.list = f
}

// startTime is field 22 of /proc/PID/stat, the process's start time in
// clock ticks since boot: with the pid, it names one process for good.
func startTime(pid int) (string, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return "", err
	}
	s := string(b)
	fields := strings.Fields(s[strings.LastIndex(s, ") ")+2:])
	if len(fields) < 20 {
		return "", fmt.Errorf("/proc/%d/stat: %d fields after comm", pid, len(fields))
	}
	return fields[19], nil
}
