package tmuxctl

import (
	"regexp"
	"strings"
	"testing"
)

// FuzzUserOptionAsRegexp: the hand-written check takes exactly the names
// the regular expression it replaces takes.
func FuzzUserOptionAsRegexp(f *testing.F) {
	re := regexp.MustCompile(`^@[a-z][a-z0-9-]{0,63}$`)
	for _, s := range []string{"@panemap-edge", "@a", "@", "@A", "@1a", "@a_b", "panemap", "@a\n", "@" + strings.Repeat("a", 64), "@" + strings.Repeat("a", 65)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := isUserOption(s), re.MatchString(s); got != want {
			t.Errorf("isUserOption(%q) = %v, the regexp says %v", s, got, want)
		}
	})
}
