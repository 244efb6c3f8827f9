package tmuxtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

var buildOpen struct {
	once sync.Once
	dir  string
	err  error
	out  []byte
}

// PanemapOpen builds cmd/panemap-open once per test process, in a
// directory of its own with Panemap's binary beside it (a hard link, the
// same file), as releases and install.sh lay them out, and returns
// panemap-open's path. The panemap beside it is
// filepath.Join(filepath.Dir(path), "panemap"). Tests that load the plugin
// with Panemap's own path run without the resident, those with this
// directory's panemap with it. RemoveBuilt deletes it too.
func PanemapOpen(tb testing.TB) string {
	tb.Helper()
	bin := Panemap(tb)
	buildOpen.once.Do(func() {
		buildOpen.dir, buildOpen.err = os.MkdirTemp("", "panemap-open-")
		if buildOpen.err != nil {
			return
		}
		cmd := exec.Command("go", "build", "-o", filepath.Join(buildOpen.dir, "panemap-open"), "github.com/panemap/panemap/cmd/panemap-open")
		// Static, as releases build it. The race detector needs cgo, so
		// -race (CI's GOFLAGS) is left out of this build.
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOFLAGS="+withoutRace(os.Getenv("GOFLAGS")))
		if buildOpen.out, buildOpen.err = cmd.CombinedOutput(); buildOpen.err != nil {
			return
		}
		buildOpen.err = os.Link(bin, filepath.Join(buildOpen.dir, "panemap"))
	})
	if buildOpen.err != nil {
		tb.Fatalf("building panemap-open: %v\n%s", buildOpen.err, buildOpen.out)
	}
	return filepath.Join(buildOpen.dir, "panemap-open")
}

// withoutRace is the go flags flags without -race.
func withoutRace(flags string) string {
	return strings.Join(slices.DeleteFunc(strings.Fields(flags), func(f string) bool { return f == "-race" || f == "-race=true" }), " ")
}
