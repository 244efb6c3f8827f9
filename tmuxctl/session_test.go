package tmuxctl_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestSessionOfMostRecent: with no context, SessionOf is tmux's own most
// recently used session — over control mode too, where a command without
// a target would resolve to the connection's attached session instead.
func TestSessionOfMostRecent(t *testing.T) {
	t.Parallel()
	forEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		main := tmux.SessionID(srv.Display("main:", "#{session_id}"))
		srv.Must("new-window", "-d", "-t", "main:1", "exec sh")
		if got, err := c.SessionOf(ctx(t)); err != nil || got != main {
			t.Fatalf("SessionOf with one session = %q, %v; want %s", got, err, main)
		}
		// A newer session, after the connection attached to main. "aaa"
		// sorts before "main", and is most likely created in the same
		// second as main's last activity: tmux's tie-break by name would
		// pick it too, so also try one that sorts after.
		for _, name := range []string{"zzz", "aaa"} {
			srv.Must("new-session", "-d", "-s", name, "exec sh")
			srv.Must("new-window", "-d", "-t", name+":1", "exec sh")
			want := tmux.SessionID(srv.Display(name+":", "#{session_id}"))
			if tmuxs := srv.Must("display-message", "-p", "#{session_id}"); tmuxs != string(want) {
				t.Fatalf("tmux itself picks %s, the test expected %s", tmuxs, want)
			}
			got, err := c.SessionOf(ctx(t))
			if err != nil || got != want {
				t.Fatalf("SessionOf after creating %s = %q, %v; want %s (tmux's most recent session)", name, got, err, want)
			}
			wantWin := tmux.WindowID(srv.Display(name+":1", "#{window_id}"))
			for _, target := range []string{":1", "1", ":1.0"} {
				s, w, err := c.ResolveWindow(ctx(t), target)
				if err != nil || s != want || w != wantWin {
					t.Fatalf("ResolveWindow(%q) = %s %s, %v; want %s %s", target, s, w, err, want, wantWin)
				}
			}
			s, w, err := c.ResolveWindow(ctx(t), "")
			if err != nil || s != want || w != tmux.WindowID(srv.Display(name+":", "#{window_id}")) {
				t.Fatalf("ResolveWindow(\"\") = %s %s, %v; want %s's current window", s, w, err, want)
			}
		}
		// An absolute target is left alone.
		mainWin := tmux.WindowID(srv.Display("main:1", "#{window_id}"))
		if s, w, err := c.ResolveWindow(ctx(t), "main:1"); err != nil || s != main || w != mainWin {
			t.Fatalf("ResolveWindow(main:1) = %s %s, %v; want %s %s", s, w, err, main, mainWin)
		}
		for _, target := range []string{":7", "7", "main:7", "main:1.9"} {
			if _, _, err := c.ResolveWindow(ctx(t), target); tmux.KindOf(err) != tmux.KindGone {
				t.Fatalf("ResolveWindow(%s) = %v, want gone", target, err)
			}
		}
	})
}

// TestResolveWindowPopupSessionGone: in a popup ($TMUX names the server
// and the session, no pane), a session gone by the time panemap asks is
// an error that says what was looked for, not an empty window name.
func TestResolveWindowPopupSessionGone(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	env := tmux.Env{TMUX: srv.SocketPath() + ",123,7"} // session $7: none
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Path: srv.SocketPath(), Source: "$TMUX"}, Caller: env, Env: tmuxtest.Env(), Control: tmux.ControlNever})
	t.Cleanup(func() { _ = c.Close() })
	_, _, err := c.ResolveWindow(ctx(t), "")
	if tmux.KindOf(err) != tmux.KindGone || !strings.Contains(err.Error(), "no current window ($7)") || strings.Contains(err.Error(), `""`) {
		t.Fatalf("ResolveWindow(\"\") with the popup's session gone = %v; want gone, naming $7", err)
	}
}
