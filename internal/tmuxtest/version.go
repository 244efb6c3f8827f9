package tmuxtest

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var releaseRE = regexp.MustCompile(`^(?:next-)?([0-9]+)\.([0-9]+)`)

// atLeast reports whether version (as #{version} or `tmux -V` without
// "tmux " gives it) is major.minor or newer. A development build counts
// as the release it leads to ("next-3.8" is 3.8); one that names none
// ("master") counts as newer than any.
func atLeast(version string, major, minor int) bool {
	m := releaseRE.FindStringSubmatch(version)
	if m == nil {
		return true
	}
	ma, _ := strconv.Atoi(m[1])
	mi, _ := strconv.Atoi(m[2])
	return ma > major || ma == major && mi >= minor
}

// Version is the server's tmux version as #{version} reports it: "3.2a",
// "3.3a", "next-3.8" (a development build), "master".
func (s *Server) Version() string {
	s.tb.Helper()
	if s.version == "" {
		s.version = s.Must("display-message", "-p", "#{version}")
	}
	return s.version
}

// AtLeast reports whether the server is tmux major.minor or newer.
func (s *Server) AtLeast(major, minor int) bool {
	s.tb.Helper()
	return atLeast(s.Version(), major, minor)
}

// Available reports whether tmux is installed; tests skip without it only
// when PANEMAP_REQUIRE_TMUX is unset (CI sets it, so a missing tmux fails).
func Available(tb testing.TB) {
	tb.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("PANEMAP_REQUIRE_TMUX") != "" {
			tb.Fatalf("tmux is required: %v", err)
		}
		tb.Skip("tmux not installed")
	}
}

// TmuxAtLeast reports whether the tmux in PATH, which the test servers
// run, is major.minor or newer; for choosing a test's course before any
// server is started.
func TmuxAtLeast(tb testing.TB, major, minor int) bool {
	tb.Helper()
	Available(tb)
	out, err := exec.Command("tmux", "-V").Output()
	if err != nil {
		tb.Fatalf("tmux -V: %v", err)
	}
	return atLeast(strings.TrimPrefix(strings.TrimSpace(string(out)), "tmux "), major, minor)
}
