package tmux

import (
	"slices"
	"testing"
)

// TestKeyBindingWords: a bound command as list-keys prints it splits into
// the words bind-key was given: bare words, "…" with backslash and octal
// escapes, '…' literally; anything else is not one command of words.
func TestKeyBindingWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		cmd  string
		want []string
	}{
		{`new-window`, []string{"new-window"}},
		{`run-shell -C "display-popup -E 'a b' \"#{q:x}\" \$HOME \\ \303\251"`, []string{"run-shell", "-C", `display-popup -E 'a b' "#{q:x}" $HOME \ é`}},
		{`display-message 'mine #{pane_id}'`, []string{"display-message", "mine #{pane_id}"}},
		{`run-shell -C "unclosed`, nil},
		{`run-shell 'unclosed`, nil},
		{`a "b"c`, nil},
	} {
		if got := (KeyBinding{Command: c.cmd}).Words(); !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.cmd, got, c.want)
		}
	}
}
