package tmuxtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Binary is a tmux executable and the version it says it is.
type Binary struct {
	Path    string
	Version string // as `tmux -V` prints it, without "tmux "
}

// BinariesEnv names the tmux executables a test may start servers from
// besides the tmux in PATH, separated as PATH separates directories.
// scripts/tmux-matrix.sh sets it to every tmux it built (and the system
// tmux), and .ci/run to the same before its first tests.
const BinariesEnv = "PANEMAP_TMUX_BINARIES"

// StartFrom is Start with the server started from the tmux executable
// binary rather than the tmux in PATH (see Binaries): a server of another
// version than the tmux a program under test finds in PATH, as after an
// upgrade of tmux while its server still runs.
func StartFrom(tb testing.TB, binary string, cols, rows int) *Server {
	tb.Helper()
	return startServer(tb, UniqueName("pmtest"), binary, "/dev/null", Env(), cols, rows)
}

// StartNamedFrom is StartFrom with a chosen socket name: another server
// on the socket of one the test killed, as a restart of tmux makes it.
func StartNamedFrom(tb testing.TB, name, binary string, cols, rows int) *Server {
	tb.Helper()
	return startServer(tb, name, binary, "/dev/null", Env(), cols, rows)
}

// Binaries is the tmux in PATH followed by each executable BinariesEnv
// names that reports another version (one per version, in the order
// named). An executable that does not run fails the test: the list is
// made by the scripts that build them.
func Binaries(tb testing.TB) []Binary {
	tb.Helper()
	Available(tb)
	path, err := exec.LookPath("tmux")
	if err != nil {
		tb.Fatal(err)
	}
	all := []Binary{binaryAt(tb, path)}
	seen := map[string]bool{all[0].Version: true}
	for _, p := range filepath.SplitList(os.Getenv(BinariesEnv)) {
		if p == "" {
			continue
		}
		b := binaryAt(tb, p)
		if !seen[b.Version] {
			seen[b.Version] = true
			all = append(all, b)
		}
	}
	return all
}

// OtherVersions is Binaries split into the tmux in PATH and the others; a
// test that needs another version skips, saying why, when there is none.
func OtherVersions(tb testing.TB) (inPath Binary, others []Binary) {
	tb.Helper()
	all := Binaries(tb)
	if len(all) < 2 {
		tb.Skipf("only tmux %s here: %s names no tmux of another version to start a server from (scripts/tmux-matrix.sh and .ci/run set it)", all[0].Version, BinariesEnv)
	}
	return all[0], all[1:]
}

func binaryAt(tb testing.TB, path string) Binary {
	tb.Helper()
	out, err := exec.Command(path, "-V").Output()
	if err != nil {
		tb.Fatalf("%s -V: %v (%s names it)", path, err, BinariesEnv)
	}
	return Binary{Path: path, Version: strings.TrimPrefix(strings.TrimSpace(string(out)), "tmux ")}
}

// AtLeast reports whether the binary is tmux major.minor or newer (see
// Server.AtLeast).
func (b Binary) AtLeast(major, minor int) bool { return atLeast(b.Version, major, minor) }

// RecordAttaches makes the server note every client that attaches from
// now on, with the client-attached hook (a control-mode client fires it
// too), so that a test can tell afterwards whether any control client
// attached, however briefly: polling list-clients can miss one that came
// and went between two polls.
func (s *Server) RecordAttaches() {
	s.tb.Helper()
	s.Must("set", "-g", "@pmtest-attached", "-",
		";", "set-hook", "-g", "client-attached", `set -gaF @pmtest-attached "#{client_control_mode}"`)
}

// ControlAttaches is how many control-mode clients attached since
// RecordAttaches.
func (s *Server) ControlAttaches() int {
	s.tb.Helper()
	return strings.Count(s.Must("show-options", "-gv", "@pmtest-attached"), "1")
}

// TalksTo reports whether this tmux binary can talk to a server of tmux
// version server at all: a server from 3.6 on closes the connection of a
// client from before 3.6 ("server exited unexpectedly"; tried with 3.2a
// to 3.5a clients on 3.6b, 3.7c and master servers), while any newer
// client talks to an older server.
func (b Binary) TalksTo(server string) bool {
	return b.AtLeast(3, 6) || !atLeast(server, 3, 6)
}
