// Package releasetest makes a snapshot of panemap's release for tests:
// the archive for this machine and checksums.txt, built as
// .goreleaser.yaml builds them (with go build and the same flags, or with
// goreleaser itself when PANEMAP_SNAPSHOT_GORELEASER=1), and serves it on
// 127.0.0.1 the way a release is served. CI never builds goreleaser: that
// takes ten minutes from cold.
package releasetest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Snapshot is one release: a folder holding Archive and checksums.txt.
type Snapshot struct {
	Dir     string
	Archive string // panemap_GOOS_GOARCH.tar.gz, for this machine
	Version string // what the binary's -V says after "panemap "
	Root    string // the repository the snapshot was built from
	By      string // "goreleaser" or "go build"

	work string // the temporary folder holding it all
}

// ArchiveName is the release archive for goos/goarch: no version in the
// name, so that releases/latest/download/NAME always works.
func ArchiveName(goos, goarch string) string {
	return "panemap_" + goos + "_" + goarch + ".tar.gz"
}

// Ldflags are the release build's linker flags (.goreleaser.yaml's
// ldflags, a test keeps them equal): no symbol table or DWARF, and the
// version stamped.
func Ldflags(version string) string {
	return "-s -w -X main.version=" + version
}

// Binaries are the programs every archive holds, each built from
// cmd/NAME: panemap, and panemap-open, the popup's client of the resident.
var Binaries = []string{"panemap", "panemap-open"}

// ArchiveFiles are the files every archive holds besides the binaries, as
// .goreleaser.yaml lists them.
var ArchiveFiles = []string{"README.md", "LICENSE", "panemap.tmux"}

// Completions are the completion scripts in every archive, by shell.
var Completions = map[string]string{
	"bash": "completions/panemap.bash",
	"zsh":  "completions/_panemap",
	"fish": "completions/panemap.fish",
}

var built struct {
	once sync.Once
	snap *Snapshot
	err  error
}

// Build makes the snapshot once per test process; Remove, from TestMain,
// deletes it. With -short the test skips instead: a release build
// compiles every package again, without cgo.
func Build(tb testing.TB) *Snapshot {
	tb.Helper()
	if testing.Short() {
		tb.Skip("builds the release snapshot (a release build of panemap): skipped with -short")
	}
	built.once.Do(func() { built.snap, built.err = build() })
	if built.err != nil {
		tb.Fatalf("building the release snapshot: %v", built.err)
	}
	return built.snap
}

// Remove deletes the snapshot Build made, if any.
func Remove() {
	if built.snap != nil {
		_ = os.RemoveAll(built.snap.work)
	}
}

func build() (*Snapshot, error) {
	root, err := RepoRoot()
	if err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp("", "panemap-release-")
	if err != nil {
		return nil, err
	}
	var snap *Snapshot
	if os.Getenv(GoreleaserEnv) == "1" {
		path, lerr := exec.LookPath("goreleaser")
		if lerr != nil {
			err = fmt.Errorf("%s=1 and no goreleaser: %w", GoreleaserEnv, lerr)
		} else {
			snap, err = goreleaserSnapshot(path, root, work)
		}
	} else {
		snap, err = goBuildSnapshot(root, work)
	}
	if err != nil {
		_ = os.RemoveAll(work)
		return nil, err
	}
	snap.work = work
	return snap, nil
}

// RepoRoot is the folder of the module's go.mod.
func RepoRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("go env GOMOD: not in a module")
	}
	return filepath.Dir(gomod), nil
}

// ReleaseVersion is the version the VERSION file names.
func ReleaseVersion(root string) (string, error) {
	b, err := os.ReadFile(filepath.Join(root, "VERSION"))
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(b)), nil
}

// goBuildSnapshot builds the binary as .goreleaser.yaml does (CGO off,
// -trimpath, the ldflags, file times from the commit), writes the
// completions with it, and packs the archive and checksums.txt.
func goBuildSnapshot(root, work string) (*Snapshot, error) {
	version, err := ReleaseVersion(root)
	if err != nil {
		return nil, err
	}
	var files []archiveFile
	for _, b := range Binaries {
		path := filepath.Join(work, b)
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags", Ldflags(version), "-o", path, "./cmd/"+b)
		cmd.Dir = root
		cmd.Env = append(releaseEnv(), "CGO_ENABLED=0", "GOOS="+runtime.GOOS, "GOARCH="+runtime.GOARCH)
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("go build: %w\n%s", err, out)
		}
		files = append(files, archiveFile{name: b, path: path, mode: 0o755})
	}
	binary := filepath.Join(work, "panemap")
	mtime := commitTime(root)
	for _, f := range ArchiveFiles {
		files = append(files, archiveFile{name: f, path: filepath.Join(root, f), mode: 0o644})
	}
	for shell, name := range Completions {
		script, err := exec.Command(binary, "completion", shell).Output()
		if err != nil {
			return nil, fmt.Errorf("panemap completion %s: %w", shell, err)
		}
		files = append(files, archiveFile{name: name, data: script, mode: 0o644})
	}
	dir := filepath.Join(work, "dist")
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	name := ArchiveName(runtime.GOOS, runtime.GOARCH)
	archive, err := tarGz(files, mtime)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, name), archive, 0o644); err != nil {
		return nil, err
	}
	sum := sha256.Sum256(archive)
	checksums := hex.EncodeToString(sum[:]) + "  " + name + "\n"
	if err := os.WriteFile(filepath.Join(dir, "checksums.txt"), []byte(checksums), 0o644); err != nil {
		return nil, err
	}
	return &Snapshot{Dir: dir, Archive: name, Version: version, Root: root, By: "go build"}, nil
}

// releaseEnv is the test's environment for the release build, less the
// -race that CI puts in GOFLAGS for the tests: a release is built with CGO
// off, which -race cannot have, and without the race detector.
func releaseEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if flags, ok := strings.CutPrefix(kv, "GOFLAGS="); ok {
			kept := slices.DeleteFunc(strings.Fields(flags), func(f string) bool { return f == "-race" || f == "-race=true" })
			kv = "GOFLAGS=" + strings.Join(kept, " ")
		}
		env = append(env, kv)
	}
	return env
}

// commitTime is the time of the checkout's commit, as goreleaser stamps
// the files it archives; the epoch outside git.
func commitTime(root string) time.Time {
	out, err := exec.Command("git", "-C", root, "log", "-1", "--format=%ct").Output()
	if sec, perr := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64); err == nil && perr == nil {
		return time.Unix(sec, 0)
	}
	return time.Unix(0, 0)
}

type archiveFile struct {
	name string // inside the archive
	path string // read from here, unless data is set
	data []byte
	mode int64
}

func tarGz(files []archiveFile, mtime time.Time) ([]byte, error) {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range files {
		data := f.data
		if data == nil {
			var err error
			if data, err = os.ReadFile(f.path); err != nil {
				return nil, err
			}
		}
		hdr := &tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(data)), ModTime: mtime, Typeflag: tar.TypeReg, Format: tar.FormatPAX}
		if err := tw.WriteHeader(hdr); err != nil {
			return nil, err
		}
		if _, err := tw.Write(data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Copy is a copy of the snapshot's folder that a test may spoil.
func (s *Snapshot) Copy(tb testing.TB) string {
	tb.Helper()
	dir := tb.TempDir()
	for _, name := range []string{s.Archive, "checksums.txt"} {
		data, err := os.ReadFile(filepath.Join(s.Dir, name))
		if err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// Tampered is a copy of the snapshot's folder whose archive is another
// one, holding a panemap that is the shell script given, while
// checksums.txt still names the real archive's sha256.
func (s *Snapshot) Tampered(tb testing.TB, script string) string {
	tb.Helper()
	dir := s.Copy(tb)
	archive, err := tarGz([]archiveFile{{name: "panemap", data: []byte(script), mode: 0o755}}, commitTime(s.Root))
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, s.Archive), archive, 0o644); err != nil {
		tb.Fatal(err)
	}
	return dir
}

// Serve serves dir over HTTP on 127.0.0.1 until the test ends, and
// returns its URL.
func Serve(tb testing.TB, dir string) string {
	tb.Helper()
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	tb.Cleanup(srv.Close)
	return srv.URL
}

// Unreachable is an http URL on 127.0.0.1 where nothing listens: a
// server started and closed again.
func Unreachable(tb testing.TB) string {
	tb.Helper()
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	return url
}
