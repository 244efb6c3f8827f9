package tmuxctl_test

import (
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestWindowAlerts: the session's alerts on its windows are read with
// them: a bell (monitor-bell, on by default), activity (monitor-activity)
// and silence (monitor-silence), each on a window of its own, and none
// on a window that has had none.
func TestWindowAlerts(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		quiet := srv.Must("new-window", "-d", "-t", "main:1", "-P", "-F", "#{window_id}", "exec cat")
		// A program's bell: typed into cat, the terminal would echo ^G.
		bell := srv.Must("new-window", "-d", "-t", "main:2", "-P", "-F", "#{window_id}", `printf '\a'; exec cat`)
		busy := srv.Must("new-window", "-d", "-t", "main:3", "-P", "-F", "#{window_id}", "exec cat")
		silent := srv.Must("new-window", "-d", "-t", "main:4", "-P", "-F", "#{window_id}", "exec cat")
		srv.Must("set", "-w", "-t", busy, "monitor-activity", "on")
		srv.Must("set", "-w", "-t", silent, "monitor-silence", "1")
		srv.Must("send-keys", "-t", busy, "-l", "x")
		sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
		want := map[string][3]bool{quiet: {}, bell: {true, false, false}, busy: {false, true, false}, silent: {false, false, true}}
		got := map[string][3]bool{}
		tmuxtest.Eventually(t, 10*time.Second, func() bool {
			st, err := c.ReadState(t.Context(), sid)
			if err != nil {
				t.Fatal(err)
			}
			clear(got)
			for _, w := range st.Windows {
				if _, ok := want[string(w.ID)]; ok {
					got[string(w.ID)] = [3]bool{w.Bell, w.Activity, w.Silence}
				}
			}
			for id, flags := range want {
				if got[id] != flags {
					return false
				}
			}
			return true
		}, "the alerts (bell, activity, silence) %v, want %v", got, want) // got: filled in place
	})
}
