package tmuxtest

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestSurvivorsScript: scripts/survivors.sh, which .ci/run runs after each
// section, fails naming every process still running with the section's
// PANEMAP_TEST_RUN (a plain process and a tmux server, which a test
// started), and passes once they are gone.
func TestSurvivorsScript(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the script reads /proc")
	}
	Available(t)
	mark := fmt.Sprintf("survivors-test-%d-%d", os.Getpid(), time.Now().UnixNano())
	t.Setenv("PANEMAP_TEST_RUN", mark)
	sleep := exec.Command("sleep", "600")
	if err := sleep.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sleep.Process.Kill(); _ = sleep.Wait() })
	srv := Start(t, 0, 0)
	check := func(seconds string) (string, error) {
		out, err := exec.Command("bash", "../../scripts/survivors.sh", mark, seconds).CombinedOutput()
		return string(out), err
	}
	out, err := check("0")
	if err == nil {
		t.Fatalf("passed with a sleep and a tmux server running:\n%s", out)
	}
	for _, want := range []string{fmt.Sprintf("%d: sleep 600", sleep.Process.Pid), "tmux -L " + srv.Name} {
		if !strings.Contains(out, want) {
			t.Errorf("the report does not name %q:\n%s", want, out)
		}
	}
	_ = sleep.Process.Kill()
	_ = sleep.Wait()
	srv.Kill()
	if out, err := check("10"); err != nil {
		t.Errorf("failed with nothing left: %v\n%s", err, out)
	}
}
