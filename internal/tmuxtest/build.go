package tmuxtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
)

var build struct {
	once sync.Once
	dir  string
	path string
	err  error
	out  []byte
}

// Panemap builds the panemap binary once per test process and returns its
// path. Call RemoveBuilt from TestMain to delete it afterwards.
func Panemap(tb testing.TB) string {
	tb.Helper()
	build.once.Do(func() {
		build.dir, build.err = os.MkdirTemp("", "panemap-bin-")
		if build.err != nil {
			return
		}
		build.path = filepath.Join(build.dir, "panemap")
		cmd := exec.Command("go", "build", "-o", build.path, "github.com/panemap/panemap/cmd/panemap")
		build.out, build.err = cmd.CombinedOutput()
	})
	if build.err != nil {
		tb.Fatalf("building panemap: %v\n%s", build.err, build.out)
	}
	return build.path
}

// RemoveBuilt deletes the binary Panemap built, if any.
func RemoveBuilt() {
	if build.dir != "" {
		_ = os.RemoveAll(build.dir)
	}
	if buildOpen.dir != "" {
		_ = os.RemoveAll(buildOpen.dir)
	}
}

// WriteExecutable writes a program (a script, or a copy of a binary) to
// path with mode 0755, for a test to run, and returns path. It holds
// syscall.ForkLock for reading while the file is open for writing, so that
// no process is forked meanwhile: one forked by a parallel test would
// inherit the descriptor until it execs, and running the file in that
// window fails with "text file busy" (ETXTBSY; golang.org/issue/22315).
func WriteExecutable(tb testing.TB, path string, content []byte) string {
	tb.Helper()
	syscall.ForkLock.RLock()
	err := os.WriteFile(path, content, 0o755)
	syscall.ForkLock.RUnlock()
	if err != nil {
		tb.Fatal(err)
	}
	return path
}
