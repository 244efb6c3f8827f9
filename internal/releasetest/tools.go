package releasetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// InstallTools are the programs install.sh needs besides a downloader
// (curl or wget) and a sha256 tool (sha256sum, shasum or openssl).
var InstallTools = []string{"sh", "uname", "mktemp", "rm", "awk", "tr", "tar", "gzip", "mkdir", "chmod", "cp", "mv", "grep", "sed"}

// ToolsDir is a folder holding a link to each of tools as found on PATH
// now, for a PATH that has those and nothing else: no go, no panemap.
// A tool that is missing fails the test, naming it.
func ToolsDir(tb testing.TB, tools ...string) string {
	tb.Helper()
	dir := tb.TempDir()
	for _, tool := range tools {
		path, err := exec.LookPath(tool)
		if err != nil {
			tb.Fatalf("%s is needed here and is not installed (apt-get install %s): %v", tool, tool, err)
		}
		if path, err = filepath.Abs(path); err != nil {
			tb.Fatal(err)
		}
		if err := os.Symlink(path, filepath.Join(dir, tool)); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}
