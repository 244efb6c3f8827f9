package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/releasetest"
)

// installLine is the README's one-line install: install.sh from the
// repository's main branch, piped to sh.
const installLine = "curl -fsSL https://raw.githubusercontent.com/panemap/panemap/main/install.sh | sh"

// readmeInstall runs the README's one line as a new user would (env -i,
// PATH=/usr/bin:/bin: no Go), with its GitHub address pointed at a copy
// of the repository's install.sh served on 127.0.0.1 next to a snapshot
// of the release (PANEMAP_BASE_URL), and checks that the panemap it puts
// in ~/.local/bin runs and says the release's version.
func readmeInstall(t *testing.T, line string) {
	if line != installLine {
		t.Fatalf("README's install line %q is not %q", line, installLine)
	}
	if _, err := exec.LookPath("curl"); err != nil {
		t.Fatalf("the README's install line needs curl (apt-get install curl): %v", err)
	}
	snap := releasetest.Build(t)
	folder := snap.Copy(t)
	script, err := os.ReadFile(filepath.Join(repoRoot(t), "install.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(folder, "install.sh"), script, 0o644); err != nil {
		t.Fatal(err)
	}
	url := releasetest.Serve(t, folder)
	home := t.TempDir()
	local := strings.Replace(line, "https://raw.githubusercontent.com/panemap/panemap/main", url, 1)
	cmd := exec.Command("/bin/sh", "-c", local)
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + home, "PANEMAP_BASE_URL=" + url}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", local, err, out)
	}
	out, err := exec.Command(filepath.Join(home, ".local", "bin", "panemap"), "-V").Output()
	if got := strings.TrimSpace(string(out)); err != nil || got != "panemap "+snap.Version {
		t.Errorf("the installed panemap -V = %q (%v), want panemap %s", got, err, snap.Version)
	}
}
