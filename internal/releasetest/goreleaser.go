package releasetest

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// GoreleaserEnv, set to 1, makes the snapshot with goreleaser (which must
// be on PATH) rather than go build. Not the default: goreleaser takes a
// minute even for one target, and CI runs the suite once per tmux.
const GoreleaserEnv = "PANEMAP_SNAPSHOT_GORELEASER"

// goreleaserSnapshot runs goreleaser release --snapshot on a copy of the
// checkout (its before hook writes completions/, and the tests write
// nothing into the checkout), in a fresh git repository tagged with
// VERSION, and for this machine's target only.
func goreleaserSnapshot(goreleaser, root, work string) (*Snapshot, error) {
	version, err := ReleaseVersion(root)
	if err != nil {
		return nil, err
	}
	src := filepath.Join(work, "src")
	list, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %w", err)
	}
	for _, name := range strings.Split(strings.TrimSuffix(string(list), "\x00"), "\x00") {
		if err := copyFile(filepath.Join(root, name), filepath.Join(src, name)); err != nil {
			return nil, err
		}
	}
	config := filepath.Join(src, ".goreleaser.yaml")
	b, err := os.ReadFile(config)
	if err != nil {
		return nil, err
	}
	oneTarget := strings.NewReplacer(
		"goos: [linux, darwin]", "goos: ["+runtime.GOOS+"]",
		"goarch: [amd64, arm64]", "goarch: ["+runtime.GOARCH+"]").Replace(string(b))
	if strings.Count(oneTarget, runtime.GOOS+"]") != 1 || strings.Count(oneTarget, "goarch: ["+runtime.GOARCH+"]") != 1 {
		return nil, fmt.Errorf("%s: no goos/goarch lines to narrow to %s/%s", config, runtime.GOOS, runtime.GOARCH)
	}
	if err := os.WriteFile(config, []byte(oneTarget), 0o644); err != nil {
		return nil, err
	}
	for _, args := range [][]string{
		{"init", "-q"}, {"add", "-A"},
		{"-c", "user.name=releasetest", "-c", "user.email=releasetest@panemap.invalid", "commit", "-qm", "snapshot"},
		{"tag", "v" + version},
		// Without a remote, goreleaser's git step gives up before it reads
		// the commit's date, and the archive's file times would be the
		// files' own.
		{"remote", "add", "origin", "https://github.com/panemap/panemap.git"},
	} {
		if out, err := exec.Command("git", append([]string{"-C", src}, args...)...).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("git %s: %w\n%s", args[0], err, out)
		}
	}
	cmd := exec.Command(goreleaser, "release", "--snapshot", "--clean", "--skip=sign,sbom")
	cmd.Dir = src
	cmd.Env = append(releaseEnv(), "GORELEASER_CURRENT_TAG=v"+version)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("goreleaser: %w\n%s", err, out)
	}
	dist := filepath.Join(src, "dist")
	var meta struct{ Version string }
	if b, err := os.ReadFile(filepath.Join(dist, "metadata.json")); err != nil || json.Unmarshal(b, &meta) != nil || meta.Version == "" {
		return nil, fmt.Errorf("goreleaser wrote no version in dist/metadata.json (%w)", err)
	}
	return &Snapshot{Dir: dist, Archive: ArchiveName(runtime.GOOS, runtime.GOARCH), Version: meta.Version, Root: src, By: "goreleaser"}, nil
}

func copyFile(from, to string) error {
	info, err := os.Lstat(from)
	if os.IsNotExist(err) {
		return nil // deleted in the work tree, not yet in git
	}
	if err != nil || !info.Mode().IsRegular() {
		return err
	}
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, data, info.Mode().Perm())
}
