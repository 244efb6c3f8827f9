package tmux

import (
	"regexp"
	"testing"
)

// FuzzMajorMinorAsRegexp: the hand-written scan finds what the regular
// expression it replaces finds, for any text.
func FuzzMajorMinorAsRegexp(f *testing.F) {
	re := regexp.MustCompile(`([0-9]+)\.([0-9]+)`)
	for _, s := range []string{"3.3a", "next-3.8", "master", "openbsd-7.5", "3.", ".4", "a1.b2.3", "12.34.56", "1..2", "x9", "3a.4", "007.0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		major, minor, ok := majorMinor(s)
		m := re.FindStringSubmatch(s)
		if ok != (m != nil) || ok && (major != m[1] || minor != m[2]) {
			t.Errorf("majorMinor(%q) = %q, %q, %v; the regexp finds %q", s, major, minor, ok, m)
		}
	})
}
