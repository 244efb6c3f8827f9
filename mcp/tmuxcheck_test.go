package mcp_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// TestOldTmuxRefusedAsUnsupported: with a tmux server older than
// MinVersion every call that would reach tmux says which version is
// needed, and nothing but the read of the server's version reaches it;
// bad input is still judged first. The server's version is what counts,
// whatever `tmux -V` says (the fake's binary claims 3.7c).
func TestOldTmuxRefusedAsUnsupported(t *testing.T) {
	t.Parallel()
	fake := tmuxtest.FakeTmux(t, `case "$*" in *-V*) echo 'tmux 3.7c';; *'#{version}'*) echo 3.1;; esac`)
	f := startWith(t, tmuxtest.Start(t, 0, 0), tmux.Env{}, mcp.Options{}, fake)
	pane := f.srv.Display("main:0.0", "#{pane_id}")
	for _, c := range []struct {
		tool string
		args any
	}{
		{"list_panes", obj()},
		{"list_panes", obj("window", "@0")},
		{"select_pane", obj("pane", pane, "direction", "up")},
		{"swap_pane", obj("source_pane", pane, "target_pane", pane)},
	} {
		text, meta := f.fail(t, c.tool, c.args)
		if meta != (mcp.ErrorMeta{Kind: tmux.KindUnsupported}) || !strings.Contains(text, "tmux 3.1 is too old: panemap needs tmux 3.2 or newer") {
			t.Errorf("%s: %q %+v", c.tool, text, meta)
		}
	}
	for _, call := range fake.Calls() {
		if !strings.HasSuffix(call, "display-message -p #{version}") {
			t.Errorf("a command reached a tmux too old for it: %q", call)
		}
	}
	if _, meta := f.fail(t, "select_pane", obj("pane", "%1;")); meta.Kind != tmux.KindInvalidInput {
		t.Errorf("bad input with an old tmux: %+v, want invalid_input", meta)
	}
	if _, meta := f.fail(t, "list_panes", obj("window", "main:1")); meta.Kind != tmux.KindInvalidInput {
		t.Errorf("bad window with an old tmux: %+v, want invalid_input", meta)
	}
}
