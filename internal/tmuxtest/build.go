package tmuxtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
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
}
