package transport

import (
	"errors"
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// tmux's own error texts (3.3a) for a server that cannot be reached or a
// target that no longer exists, and the kind each must become.
func TestClassifyTmuxErrorGoingAway(t *testing.T) {
	t.Parallel()
	sock := tmux.Socket{Name: "work", Source: "-L"}
	for _, c := range []struct {
		msg  string
		kind tmux.Kind
		says string
	}{
		{"no server running on /tmp/tmux-0/work", tmux.KindServerGone, "no tmux server running on socket name work"},
		{"error connecting to /tmp/tmux-0/work (No such file or directory)", tmux.KindServerGone, "no tmux server running"},
		{"error connecting to /tmp/tmux-0/work (Permission denied)", tmux.KindServerGone, "permission denied"},
		{"directory /tmp/tmux-0 has unsafe permissions", tmux.KindServerGone, "unsafe permissions"},
		{"server exited unexpectedly", tmux.KindServerGone, "no tmux server running"},
		{"lost server", tmux.KindServerGone, "no tmux server running"},
		{"no current target", tmux.KindGone, "no current target"},
		{"protocol version mismatch (client 7, server 8)", tmux.KindUnsupported, "the tmux binary cannot talk to the server on socket name work (-L) (protocol version mismatch (client 7, server 8))"},
		{"can't find pane: %9", tmux.KindGone, "%9"},
		{"unknown flag -f", tmux.KindUnsupported, "unknown flag -f"},
		{"something else", tmux.KindRefused, "something else"},
	} {
		e := ClassifyTmuxError(c.msg, sock, errors.New("exit status 1"))
		if e.Kind != c.kind || !strings.Contains(e.Message, c.says) || strings.Contains(e.Message, "\n") {
			t.Errorf("%q: %s %q, want %s saying %q", c.msg, e.Kind, e.Message, c.kind, c.says)
		}
	}
}

// TestClassifyTmux32aUsageErrors pins tmux 3.2a's answer to a flag it does
// not know: over exec its client's getopt complains first, then the
// server prints the usage, which is all a control client sees. Both must
// become the same unsupported error, as 3.3a's "unknown flag" does.
func TestClassifyTmux32aUsageErrors(t *testing.T) {
	t.Parallel()
	sock := tmux.Socket{Name: "work", Source: "-L"}
	usage := "usage: select-pane [-DdeLlMmRUZ] [-T title] [-t target-pane]"
	viaExec := ClassifyTmuxError("tmux: unknown option -- Q\n"+usage, sock, errors.New("exit status 1"))
	viaControl := ClassifyTmuxError(usage, sock, errors.New(usage))
	for _, e := range []*tmux.Error{viaExec, viaControl} {
		if e.Kind != tmux.KindUnsupported || !strings.HasSuffix(e.Message, usage) {
			t.Errorf("%s %q, want unsupported ending in the usage", e.Kind, e.Message)
		}
	}
	if viaExec.Message != viaControl.Message {
		t.Errorf("exec says %q, control says %q", viaExec.Message, viaControl.Message)
	}
	// getopt's line alone is all there is to go by.
	if e := ClassifyTmuxError("tmux: option requires an argument -- t", sock, errors.New("exit status 1")); e.Kind != tmux.KindRefused || !strings.Contains(e.Message, "-- t") {
		t.Errorf("lone getopt line: %s %q", e.Kind, e.Message)
	}
}
