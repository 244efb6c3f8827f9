package releasetest

// install.sh against a snapshot of the release served on 127.0.0.1, run
// as a new user would: env -i with PATH=/usr/bin:/bin, where there is no
// Go.

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestMain(m *testing.M) {
	code := m.Run()
	Remove()
	os.Exit(code)
}

// installRun is one run of install.sh.
type installRun struct {
	code           int
	stdout, stderr string
}

// runInstall runs install.sh with exactly env (and nothing of the test's
// own environment) and args.
func runInstall(t *testing.T, snap *Snapshot, env []string, args ...string) installRun {
	t.Helper()
	cmd := exec.Command("/bin/sh", append([]string{filepath.Join(snap.Root, "install.sh")}, args...)...)
	cmd.Env = env
	cmd.Dir = t.TempDir()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := installRun{stdout: out.String(), stderr: errb.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		r.code = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return r
}

// newUser is the environment of `env -i PATH=/usr/bin:/bin` with a HOME of
// the test's own: no Go (which lives elsewhere) and no panemap.
func newUser(t *testing.T) []string {
	t.Helper()
	needCurl(t)
	if _, err := os.Stat("/usr/bin/go"); err == nil {
		t.Fatal("/usr/bin/go exists: the test's PATH=/usr/bin:/bin would have Go")
	}
	return []string{"PATH=/usr/bin:/bin", "HOME=" + t.TempDir()}
}

// needCurl fails the test, rather than skipping it, when curl is missing:
// install.sh's default downloader is what CI must test.
func needCurl(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("curl"); err != nil {
		t.Fatalf("install.sh's tests need curl (apt-get install curl): %v", err)
	}
}

// versionOf runs an installed binary's -V.
func versionOf(t *testing.T, bin string) string {
	t.Helper()
	out, err := exec.Command(bin, "-V").Output()
	if err != nil {
		t.Fatalf("%s -V: %v", bin, err)
	}
	return strings.TrimSpace(string(out))
}

// wantInstalled checks that dir holds panemap of the snapshot's version,
// and nothing else (no temporary file left behind).
func wantInstalled(t *testing.T, snap *Snapshot, r installRun, dir string) {
	t.Helper()
	if r.code != 0 {
		t.Fatalf("install.sh exit %d\nstderr: %s", r.code, r.stderr)
	}
	if got, want := versionOf(t, filepath.Join(dir, "panemap")), "panemap "+snap.Version; got != want {
		t.Errorf("installed panemap -V = %q, want %q", got, want)
	}
	var names []string
	if entries, _ := os.ReadDir(dir); entries != nil {
		for _, e := range entries {
			names = append(names, e.Name())
		}
	}
	if !slices.Equal(names, Binaries) {
		t.Errorf("%s holds %v, want %v alone", dir, names, Binaries)
	}
	if !strings.Contains(r.stderr, "installed panemap "+snap.Version+" to "+dir+"/panemap") {
		t.Errorf("install.sh does not say what it installed where:\n%s", r.stderr)
	}
}

// wantNothingInstalled checks a failed run: exit 1, a message containing
// why, and dir as it was (holding old, when old is not empty).
func wantNothingInstalled(t *testing.T, r installRun, why, dir, old string) {
	t.Helper()
	if r.code != 1 || !strings.Contains(r.stderr, why) || !strings.Contains(r.stderr, "nothing installed") {
		t.Errorf("exit %d, want 1 and a message with %q and \"nothing installed\"\nstderr: %s", r.code, why, r.stderr)
	}
	entries, _ := os.ReadDir(dir)
	if old == "" {
		if len(entries) != 0 {
			t.Errorf("%s holds %v after a failed install", dir, entries)
		}
		return
	}
	data, err := os.ReadFile(filepath.Join(dir, "panemap"))
	if err != nil || string(data) != old || len(entries) != 1 {
		t.Errorf("the panemap already in %s was changed or joined by others: %v, %v", dir, entries, err)
	}
}

// wantRefused runs install.sh from url (with args) into an empty folder,
// and checks that it installs nothing and says why.
func wantRefused(t *testing.T, snap *Snapshot, url, why string, args ...string) {
	t.Helper()
	dir := t.TempDir()
	r := runInstall(t, snap, newUser(t), append([]string{"--base-url", url, "--dir", dir}, args...)...)
	wantNothingInstalled(t, r, why, dir, "")
}

func TestInstallServedSnapshot(t *testing.T) {
	snap := Build(t)
	url := Serve(t, snap.Dir)
	env := newUser(t)
	dir := filepath.Join(t.TempDir(), "bin")
	// Twice: the second run replaces the first's binary.
	for run := 1; run <= 2; run++ {
		r := runInstall(t, snap, env, "--version", snap.Version, "--base-url", url, "--dir", dir)
		wantInstalled(t, snap, r, dir)
	}
	// --version takes a tag too; the base URL can come from the environment.
	dir = filepath.Join(t.TempDir(), "bin")
	r := runInstall(t, snap, append(env, "PANEMAP_BASE_URL="+url), "--version=v"+snap.Version, "--dir="+dir)
	wantInstalled(t, snap, r, dir)
	if !strings.Contains(r.stderr, "is not in PATH") {
		t.Errorf("no word that %s is not in PATH:\n%s", dir, r.stderr)
	}
}

// TestInstallDefaultDir: with no --dir, panemap goes to ~/.local/bin (the
// test's own HOME).
func TestInstallDefaultDir(t *testing.T) {
	snap := Build(t)
	env := newUser(t)
	home := strings.TrimPrefix(env[1], "HOME=")
	r := runInstall(t, snap, env, "--base-url", Serve(t, snap.Dir))
	wantInstalled(t, snap, r, filepath.Join(home, ".local", "bin"))
}

// TestInstallLocalFolder: a folder, as a path or a file:// URL, with no
// downloader at all.
func TestInstallLocalFolder(t *testing.T) {
	snap := Build(t)
	path := "PATH=" + ToolsDir(t, append(InstallTools, "sha256sum")...)
	for _, base := range []string{snap.Dir, "file://" + snap.Dir} {
		dir := t.TempDir()
		r := runInstall(t, snap, []string{path, "HOME=" + t.TempDir()}, "--base-url", base, "--dir", dir)
		wantInstalled(t, snap, r, dir)
	}
}

// TestInstallDownloadersAndHashes: curl, else wget; sha256sum, else
// shasum, else openssl. Each PATH holds one of each and nothing else.
func TestInstallDownloadersAndHashes(t *testing.T) {
	snap := Build(t)
	url := Serve(t, snap.Dir)
	for _, tools := range [][]string{{"curl", "sha256sum"}, {"wget", "sha256sum"}, {"curl", "shasum", "perl"}, {"curl", "openssl"}} {
		t.Run(strings.Join(tools, "+"), func(t *testing.T) {
			if tools[0] == "wget" {
				if _, err := exec.LookPath("wget"); err != nil {
					t.Skip("wget is not installed; curl is the downloader tested everywhere")
				}
			}
			dir := t.TempDir()
			env := []string{"PATH=" + ToolsDir(t, append(InstallTools, tools...)...), "HOME=" + t.TempDir()}
			wantInstalled(t, snap, runInstall(t, snap, env, "--base-url", url, "--dir", dir), dir)
		})
	}
}

// TestInstallRefusesTamperedArchive: an archive that is not the one
// checksums.txt names is neither unpacked nor run. Its panemap would
// leave a mark if it ever ran.
func TestInstallRefusesTamperedArchive(t *testing.T) {
	snap := Build(t)
	mark := filepath.Join(t.TempDir(), "ran")
	folder := snap.Tampered(t, "#!/bin/sh\ntouch "+mark+"\necho panemap "+snap.Version+"\n")
	dir := t.TempDir()
	old := "the panemap installed before\n"
	if err := os.WriteFile(filepath.Join(dir, "panemap"), []byte(old), 0o755); err != nil {
		t.Fatal(err)
	}
	r := runInstall(t, snap, newUser(t), "--base-url", Serve(t, folder), "--dir", dir)
	wantNothingInstalled(t, r, "checksum mismatch for "+snap.Archive, dir, old)
	if _, err := os.Stat(mark); err == nil {
		t.Error("install.sh ran the tampered archive's binary")
	}
}

// TestInstallRefusesMissingChecksumLine: checksums.txt without a line for
// this machine's archive (lines for the others only).
func TestInstallRefusesMissingChecksumLine(t *testing.T) {
	snap := Build(t)
	folder := snap.Copy(t)
	var lines []string
	for _, arch := range []string{"amd64", "arm64"} {
		for _, goos := range []string{"linux", "darwin"} {
			if name := ArchiveName(goos, arch); name != snap.Archive {
				lines = append(lines, strings.Repeat("0", 64)+"  "+name)
			}
		}
	}
	if err := os.WriteFile(filepath.Join(folder, "checksums.txt"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	url := Serve(t, folder)
	wantRefused(t, snap, url, "checksums.txt at "+url+" has no line for "+snap.Archive)
}

func TestInstallRefusesMissingArchive(t *testing.T) {
	snap := Build(t)
	folder := snap.Copy(t)
	if err := os.Remove(filepath.Join(folder, snap.Archive)); err != nil {
		t.Fatal(err)
	}
	url := Serve(t, folder)
	wantRefused(t, snap, url, "cannot download "+url+"/"+snap.Archive)
}

func TestInstallUnreachableServer(t *testing.T) {
	snap := Build(t)
	url := Unreachable(t)
	wantRefused(t, snap, url, "cannot download "+url+"/checksums.txt")
}

// TestInstallRefusesOtherVersion: the release at the base URL is not the
// one --version asks for.
func TestInstallRefusesOtherVersion(t *testing.T) {
	snap := Build(t)
	wantRefused(t, snap, Serve(t, snap.Dir), "not panemap 99.0.0", "--version", "99.0.0")
}

func TestInstallBadArguments(t *testing.T) {
	snap := Build(t)
	env := newUser(t)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--version", "banana"}, 2, "--version: 'banana' is not a release version"},
		{[]string{"--version", "1.2"}, 2, "--version: '1.2' is not a release version"},
		{[]string{"--version", "1.2.3;rm"}, 2, "--version: '1.2.3;rm' is not a release version"},
		{[]string{"--frobnicate"}, 2, "unknown argument '--frobnicate'"},
		{[]string{"latest"}, 2, "unknown argument 'latest'"},
		{[]string{"--dir"}, 2, "--dir needs a value"},
		{[]string{"--dir", ""}, 2, "--dir: no folder given"},
		{[]string{"--base-url", "ftp://example.invalid/x"}, 1, "only http, https and file URLs"},
	} {
		r := runInstall(t, snap, env, tc.args...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("install.sh %q: exit %d, want %d and %q\nstderr: %s", tc.args, r.code, tc.code, tc.want, r.stderr)
		}
		if tc.code == 2 && !strings.Contains(r.stderr, "usage: install.sh") {
			t.Errorf("install.sh %q: no usage line:\n%s", tc.args, r.stderr)
		}
	}
	if r := runInstall(t, snap, env, "--help"); r.code != 0 || !strings.Contains(r.stdout, "--base-url URL") {
		t.Errorf("install.sh --help: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestSnapshotArchive: the archive holds what .goreleaser.yaml puts in
// one: the binary, the documents, the plugin and the completions, with
// the commit's time.
func TestSnapshotArchive(t *testing.T) {
	snap := Build(t)
	if snap.Archive != ArchiveName(runtime.GOOS, runtime.GOARCH) {
		t.Errorf("archive %s for %s/%s", snap.Archive, runtime.GOOS, runtime.GOARCH)
	}
	names, mtimes := archiveListing(t, filepath.Join(snap.Dir, snap.Archive))
	want := append(slices.Clone(Binaries), ArchiveFiles...)
	for _, c := range Completions {
		want = append(want, c)
	}
	for _, w := range want {
		if !names[w] {
			t.Errorf("the archive lacks %s; it has %v", w, names)
		}
	}
	if commit := commitTime(snap.Root); len(mtimes) == 0 || !mtimes[commit.Unix()] || len(mtimes) != 1 {
		t.Errorf("file times %v, want the commit's %v alone", mtimes, commit)
	}
}

// archiveListing is the names in a .tar.gz, and the set of its files'
// modification times (Unix seconds).
func archiveListing(t *testing.T, path string) (map[string]bool, map[int64]bool) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	names, mtimes := map[string]bool{}, map[int64]bool{}
	tr := tar.NewReader(gz)
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return names, mtimes
		}
		if err != nil {
			t.Fatal(err)
		}
		names[hdr.Name] = true
		if hdr.Typeflag == tar.TypeReg {
			mtimes[hdr.ModTime.Unix()] = true
		}
	}
}
