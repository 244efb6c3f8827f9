package tmuxctl_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

func TestPrefixBinding(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	// Keys list-keys prints escaped, quoted or in another spelling; bound
	// over exec, where an argument ending in ";" must be written \;.
	mine := map[string]string{`M-$`: "dollar", `M-"`: "dquote", `M-'`: "squote", `M-\`: "backslash", `M-#`: "hash", `M-{`: "brace", `\`: "plain-backslash", "C-M-g": "ctrl-meta-g", "M-Space": "meta-space", "é": "e-acute", "S-F5": "shift-f5", `M-\;`: "semicolon"}
	for k, label := range mine {
		srv.Must("bind-key", k, "display-message", label)
		mine[k] = "display-message " + label
	}
	for _, tc := range []struct{ key, want string }{
		{"c", "new-window"},
		{"%", "split-window -h"},
		{`"`, "split-window"},
		{"C-b", "send-prefix"},
		{"Up", "select-pane -U"}, // a repeatable (-r) binding
		{"$", "rename-session"},
		{";", "last-pane"},
		{"~", "show-messages"},
		{"{", "swap-pane -U"},
		{"PageUp", "copy-mode -u"}, // printed as PPage
		{"DC", "refresh-client -c"},
		{"M-1", "select-layout even-horizontal"},
		{"C-Up", "resize-pane -U"},
		{`M-$`, mine[`M-$`]},
		{`M-"`, mine[`M-"`]},
		{`M-'`, mine[`M-'`]},
		{`M-\`, mine[`M-\`]},
		{`M-#`, mine[`M-#`]},
		{`M-{`, mine[`M-{`]},
		{`\`, mine[`\`]},
		{"M-C-g", mine["C-M-g"]}, // 3.5+ prints C-M-g, older tmux M-C-g
		{"M-space", mine["M-Space"]},
		{"é", mine["é"]},
		{"S-F5", mine["S-F5"]},
		{"M-;", mine[`M-\;`]},
	} {
		cmd, ok, err := c.PrefixBinding(ctx(t), tc.key)
		if err != nil || !ok || !strings.Contains(cmd, tc.want) {
			t.Errorf("PrefixBinding(%q) = %q, %v, %v; want %q", tc.key, cmd, ok, err, tc.want)
		}
	}
	for _, key := range []string{"G", "M-G", "F11"} {
		if cmd, ok, err := c.PrefixBinding(ctx(t), key); ok || err != nil {
			t.Errorf("PrefixBinding(%q) = %q, %v, %v; want unbound", key, cmd, ok, err)
		}
	}
}

func TestPrefixBindingRefusesWhatIsNotAKeyName(t *testing.T) {
	t.Parallel()
	_, c := newClient(t, tmux.Env{})
	for _, key := range []string{"", "a b", "G;", "c ; kill-server", "#{pane_id}", "x\n", "-T", "C-M-S-C-g", "VeryLongKeyNameHere"} {
		if _, _, err := c.PrefixBinding(ctx(t), key); tmux.KindOf(err) != tmux.KindInvalidInput {
			t.Errorf("PrefixBinding(%q): err = %v, want invalid input", key, err)
		}
	}
}
