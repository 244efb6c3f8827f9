package tmuxctl_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// FollowSession back and forth: the connection ends up attached to the
// session asked for last, as tmux itself reports.
func TestFollowSessionBackAndForth(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("new-session", "-d", "-s", "other")
	a := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	b := tmux.SessionID(srv.Display("other:", "#{session_id}"))
	at := transport.NewAuto(tmux.Socket{Name: srv.Name, Source: "-L"})
	at.Env = tmuxtest.Env()
	at.Policy = tmux.ControlAlways // exercise control mode even where auto would not
	t.Cleanup(func() { _ = at.Close() })
	if ok, err := at.Connect(t.Context()); !ok {
		t.Fatal(err)
	}
	name := at.Control().ClientName()
	// list-clients, not display-message -c: tmux 3.2a's display-message
	// takes -c without an argument (its usage says otherwise).
	attached := func() tmux.SessionID {
		for _, line := range strings.Split(srv.Must("list-clients", "-F", "#{client_name} #{session_id}"), "\n") {
			if s, ok := strings.CutPrefix(line, name+" "); ok {
				return tmux.SessionID(s)
			}
		}
		t.Fatalf("client %s is not attached", name)
		return ""
	}
	for _, s := range []tmux.SessionID{b, a, b, a} {
		if err := at.FollowSession(t.Context(), s); err != nil {
			t.Fatal(err)
		}
		if got := attached(); got != s {
			t.Fatalf("after following %s the connection is on %s", s, got)
		}
		if got := at.Control().Session(); got != s {
			t.Fatalf("after following %s the transport thinks it is on %s", s, got)
		}
	}
}
