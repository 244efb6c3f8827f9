package releasetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func readRepoFile(t *testing.T, name string) string {
	t.Helper()
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestGoreleaserConfigMatchesSnapshot: the snapshot the tests install is
// built as .goreleaser.yaml builds a release (goreleaser itself runs here
// only with PANEMAP_SNAPSHOT_GORELEASER=1), so the two must agree on the
// flags, the names and the files. When goreleaser is on PATH, goreleaser
// check validates the configuration too.
func TestGoreleaserConfigMatchesSnapshot(t *testing.T) {
	config := readRepoFile(t, ".goreleaser.yaml")
	want := []string{
		"version: 2",
		"- CGO_ENABLED=0",
		"- -trimpath",
		"- " + Ldflags("{{ .Version }}"),
		`mod_timestamp: "{{ .CommitTimestamp }}"`,
		"goos: [linux, darwin]",
		"goarch: [amd64, arm64]",
		"formats: [tar.gz]",
		`name_template: "{{ .ProjectName }}_{{ .Os }}_{{ .Arch }}"`,
		"name_template: checksums.txt",
		"algorithm: sha256",
		"- src: completions/*",
		"sh scripts/completions.sh",
		"artifacts: checksum", // cosign signs checksums.txt
		"sboms:",
	}
	for _, f := range ArchiveFiles {
		want = append(want, "- src: "+f)
	}
	for _, w := range want {
		if !strings.Contains(config, w) {
			t.Errorf(".goreleaser.yaml lacks %q", w)
		}
	}
	completions := readRepoFile(t, "scripts/completions.sh")
	for shell, name := range Completions {
		if !strings.Contains(completions, "completion "+shell+" > "+name) {
			t.Errorf("scripts/completions.sh does not write %s for %s", name, shell)
		}
	}
	if path, err := exec.LookPath("goreleaser"); err == nil {
		root, _ := RepoRoot()
		cmd := exec.Command(path, "check")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("goreleaser check: %v\n%s", err, out)
		}
	}
}

// TestReleaseWorkflow: the workflow signs with cosign keylessly and makes
// SBOMs, and its tag check, run here, refuses a tag other than VERSION's.
func TestReleaseWorkflow(t *testing.T) {
	wf := readRepoFile(t, ".github/workflows/release.yml")
	for _, w := range []string{`tags: ["v*"]`, "id-token: write", "sigstore/cosign-installer", "download-syft", "goreleaser/goreleaser-action"} {
		if !strings.Contains(wf, w) {
			t.Errorf("release.yml lacks %q", w)
		}
	}
	check := stepScript(t, wf, "The tag matches VERSION")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "VERSION"), []byte("1.2.3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for tag, ok := range map[string]bool{"v1.2.3": true, "v1.2.4": false, "1.2.3": false, "v1.2.3-rc1": false} {
		cmd := exec.Command("bash", "-e", "-c", check)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=/usr/bin:/bin", "GITHUB_REF_NAME=" + tag}
		out, err := cmd.CombinedOutput()
		if (err == nil) != ok || !ok && !strings.Contains(string(out), "tag "+tag+" does not match VERSION (v1.2.3)") {
			t.Errorf("tag %s with VERSION 1.2.3: %v\n%s", tag, err, out)
		}
	}
}

// stepScript is the run: | script of the workflow step with that name.
func stepScript(t *testing.T, workflow, name string) string {
	t.Helper()
	_, rest, ok := strings.Cut(workflow, "- name: "+name+"\n")
	if !ok {
		t.Fatalf("no step %q", name)
	}
	_, rest, ok = strings.Cut(rest, "run: |\n")
	if !ok {
		t.Fatalf("step %q has no run: | script", name)
	}
	var lines []string
	for _, line := range strings.Split(rest, "\n") {
		if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "          ") {
			break
		}
		lines = append(lines, strings.TrimPrefix(line, "          "))
	}
	return strings.Join(lines, "\n")
}
