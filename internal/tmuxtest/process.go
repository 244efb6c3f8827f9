package tmuxtest

import (
	"os/exec"
	"testing"
)

// StartProcess starts cmd, and ends it in the test's cleanup if it still
// runs then, whatever the test's outcome: a test that fails halfway (a
// t.Fatal before its own wait) must not leave a panemap, a resident or a
// shell running on the machine (CI fails when one is left: .ci/run,
// scripts/survivors.sh). The cleanup kills by the process handle (a
// pidfd), never another process that took the pid since; and should the
// test process die before its cleanups run, the reaper ends it.
func StartProcess(tb testing.TB, cmd *exec.Cmd) {
	tb.Helper()
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	reapIfOrphaned(cmd.Process.Pid)
	tb.Cleanup(func() { _ = cmd.Process.Kill() })
}
