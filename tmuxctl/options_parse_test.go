package tmuxctl

import (
	"fmt"
	"maps"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// TestParseOptions decodes output as each tmux prints a format made
// by optionsFormat: raw (3.2a, 3.3a, 3.6+), or escaped by vis(3) (3.4 and
// 3.5a; 3.4 also writes $x as \$x). Backslashes in values arrive doubled.
func TestParseOptions(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		out  string
		want []string
	}{
		{"70%\\.\\.wrap\\.\n", []string{"70%", "", "wrap"}},
		{"a\rb\x1b\\.\n", []string{"a\rb\x1b"}},                                    // raw
		{`a\rb\033\.` + "\n", []string{"a\rb\x1b"}},                                // 3.4, 3.5a
		{`\\r\.` + "\n", []string{`\r`}},                                           // a backslash and an r
		{`\$HOME\.$HOME\.\\\$HOME\.` + "\n", []string{"$HOME", "$HOME", `\$HOME`}}, // 3.4, 3.5a
		{"two\nlines\\.tab\there\\.\n", []string{"two\nlines", "tab\there"}},
		{`\a\b\f\v\177\001\.` + "\n", []string{"\a\b\f\v\x7f\x01"}},
		{`a\\.b\.` + "\n", []string{`a\.b`}},
	} {
		names := make([]string, len(c.want))
		want := map[string]string{} // set and non-empty options only
		for i, v := range c.want {
			names[i] = fmt.Sprint("@o", i)
			if v != "" {
				want[names[i]] = v
			}
		}
		got, err := parseOptions(c.out, names)
		if err != nil || !maps.Equal(got, want) {
			t.Errorf("%q: %q, %v; want %q", c.out, got, err, want)
		}
	}
	for _, out := range []string{"a\\.\n", "a\\.b\\.c\n", "a\\", `\q\.`, `\01\.`} {
		if got, err := parseOptions(out, []string{"@a", "@b"}); tmux.KindOf(err) != tmux.KindRefused {
			t.Errorf("%q: %q, %v; want refused", out, got, err)
		}
	}
}
