package transport_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestControlScriptReadCutShort: a script whose closing read expands
// only part of its format (its pane killed by the script itself, the read
// takes another context, and a pane loop over no window ends the
// expansion there: format_expand1 stops at a failed replacement) is
// answered, where the marker the read carried at its end was lost and the
// request waited for it until its caller gave up.
func TestControlScriptReadCutShort(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	g := srv.Grid()
	ct := dialControl(t, srv, "$0")
	// Bounds a hang, not speed: tmux answers in milliseconds.
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	out, err := ct.RunScript(ctx,
		[]string{"run-shell", "-C", "-t", g[3], "kill-pane -t " + g[3]},
		[]string{"display-message", "-p", "-t", g[3], "read:#{window_id}:#{P:x}:end"})
	if ctx.Err() != nil {
		t.Fatalf("tmux %s: the script was never answered: %v", srv.Version(), err)
	}
	// What the read printed before its expansion stopped, or its error.
	if err == nil && !strings.HasPrefix(out, "read:") {
		t.Errorf("tmux %s: answered %q, want the read's beginning", srv.Version(), out)
	}
	if _, err := ct.Run(t.Context(), []string{"display-message", "-p", "ok"}); err != nil {
		t.Errorf("the connection does not answer after the script: %v", err)
	}
}
