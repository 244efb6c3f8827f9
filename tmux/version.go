package tmux

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a tmux version as `tmux -V` prints it ("tmux 3.3a",
// "tmux next-3.6", "tmux master").
type Version struct {
	Raw          string
	Major, Minor int
	Dev          bool // a development build ("master", "next-…"): assumed new enough
}

// MinVersion is the oldest tmux panemap works with: list-panes -f,
// display-popup and attach -f ignore-size,no-output arrived in 3.2.
var MinVersion = Version{Raw: "3.2", Major: 3, Minor: 2}

// majorMinor finds the first "digits.digits" in s, as the regular
// expression ([0-9]+)\.([0-9]+) would. It is written out because a
// package-level regexp is compiled as every panemap starts, the popup's
// included, and that start is on the key press's clock.
func majorMinor(s string) (major, minor string, ok bool) {
	for i := 0; i < len(s); {
		if !isDigit(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		k := j + 1
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		if j < len(s) && s[j] == '.' && k > j+1 {
			return s[i:j], s[j+1 : k], true
		}
		i = j
	}
	return "", "", false
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// ParseVersion reads the output of `tmux -V`.
func ParseVersion(s string) (Version, error) {
	s = strings.TrimSpace(s)
	v := Version{Raw: strings.TrimPrefix(s, "tmux ")}
	major, minor, ok := majorMinor(v.Raw)
	if v.Raw == "master" || strings.HasPrefix(v.Raw, "next-") && !ok {
		v.Dev = true
		return v, nil
	}
	if !ok || !strings.HasPrefix(s, "tmux ") {
		return v, fmt.Errorf("cannot read the tmux version from %s", Quote(s))
	}
	v.Major, _ = strconv.Atoi(major)
	v.Minor, _ = strconv.Atoi(minor)
	v.Dev = strings.HasPrefix(v.Raw, "next-")
	return v, nil
}

// AtLeast reports whether v is major.minor or newer.
func (v Version) AtLeast(major, minor int) bool {
	if v.Dev && v.Major == 0 {
		return true
	}
	return v.Major > major || v.Major == major && v.Minor >= minor
}

func (v Version) String() string { return v.Raw }

// Upstream reports whether v is spelled as upstream tmux spells its
// releases and builds ("3.3a", "next-3.8", "master"), so that its number
// says what it can do. A distribution's own spelling does not:
// OpenBSD's "openbsd-7.5" is tmux 3.4.
func (v Version) Upstream() bool {
	r := v.Raw
	return r == "master" || strings.HasPrefix(r, "next-") || r != "" && r[0] >= '0' && r[0] <= '9'
}

// CheckVersion refuses tmux older than MinVersion with a message that
// says which version is needed.
func CheckVersion(v Version) error {
	if v.AtLeast(MinVersion.Major, MinVersion.Minor) {
		return nil
	}
	return &Error{Kind: KindUnsupported, Value: v.Raw, Message: fmt.Sprintf("tmux %s is too old: panemap needs tmux %s or newer", v.Raw, MinVersion)}
}

// ParseServerVersion reads a server's #{version} ("3.6b", "next-3.8",
// "master"): the version of the tmux that runs the server, which is what
// every decision goes by. After an upgrade the `tmux` binary (`tmux -V`)
// is newer than the server still running until it restarts, and a control
// client safe for the binary's version can crash the older server. One
// spelled in a way this cannot read is a build of its own: it comes back
// as a development build (new for the features, not Upstream, so
// PlanControl keeps it off control mode). Empty output is not a version.
func ParseServerVersion(s string) (Version, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Version{}, &Error{Kind: KindRefused, Message: "tmux did not say its version (#{version} was empty)"}
	}
	v, err := ParseVersion("tmux " + s)
	if err != nil {
		v = Version{Raw: s, Dev: true}
	}
	return v, nil
}

// CheckServerVersion is CheckVersion for a server's #{version}: one spelled
// otherwise than upstream spells it is let through, for tmux itself to
// answer.
func CheckServerVersion(v Version) error {
	if !v.Upstream() {
		return nil
	}
	return CheckVersion(v)
}
