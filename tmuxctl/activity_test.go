package tmuxctl_test

import (
	"slices"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestActiveSince: a pane that prints, in any session, is listed from
// the second before it printed on; a quiet one is not.
func TestActiveSince(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		quiet := tmux.PaneID(srv.Display("main:", "#{pane_id}"))
		srv.Must("respawn-pane", "-k", "-t", string(quiet), "exec cat")
		srv.Must("new-session", "-d", "-s", "other", "exec cat")
		loud := tmux.PaneID(srv.Display("other:", "#{pane_id}"))
		tmuxtest.NextSecond(t) // past the second everything above started in
		since := time.Now().Unix()
		srv.Must("send-keys", "-t", string(loud), "-l", "hello\n")
		var got []tmux.PaneID
		tmuxtest.Eventually(t, 20*time.Second, func() bool {
			var err error
			got, err = c.ActiveSince(t.Context(), since)
			return err == nil && slices.Contains(got, loud)
		}, "%s to be listed as active", loud)
		if slices.Contains(got, quiet) {
			t.Errorf("the quiet pane %s is listed: %v", quiet, got)
		}
	})
}
