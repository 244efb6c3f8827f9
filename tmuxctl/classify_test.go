package tmuxctl

import (
	"errors"
	"strings"
	"testing"
)

// tmux's own error texts (3.3a) for a server that cannot be reached or a
// target that no longer exists, and the kind each must become.
func TestClassifyTmuxErrorGoingAway(t *testing.T) {
	sock := Socket{Name: "work", Source: "-L"}
	for _, c := range []struct {
		msg  string
		kind Kind
		says string
	}{
		{"no server running on /tmp/tmux-0/work", KindServerGone, "no tmux server running on socket name work"},
		{"error connecting to /tmp/tmux-0/work (No such file or directory)", KindServerGone, "no tmux server running"},
		{"error connecting to /tmp/tmux-0/work (Permission denied)", KindServerGone, "permission denied"},
		{"directory /tmp/tmux-0 has unsafe permissions", KindServerGone, "unsafe permissions"},
		{"server exited unexpectedly", KindServerGone, "no tmux server running"},
		{"lost server", KindServerGone, "no tmux server running"},
		{"no current target", KindGone, "no current target"},
		{"can't find pane: %9", KindGone, "%9"},
		{"unknown flag -f", KindUnsupported, "unknown flag -f"},
		{"something else", KindRefused, "something else"},
	} {
		e := ClassifyTmuxError(c.msg, sock, errors.New("exit status 1"))
		if e.Kind != c.kind || !strings.Contains(e.Message, c.says) || strings.Contains(e.Message, "\n") {
			t.Errorf("%q: %s %q, want %s saying %q", c.msg, e.Kind, e.Message, c.kind, c.says)
		}
	}
}
