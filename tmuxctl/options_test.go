package tmuxctl_test

import (
	"testing"

	"github.com/panemap/panemap/tmuxctl"
)

func TestUserOptions(t *testing.T) {
	srv, c := newClient(t, tmuxctl.Env{})
	srv.Must("set", "-g", "@panemap-width", "70%")
	srv.Must("set", "-g", "@panemap-edge", "stop")
	srv.Must("set", "-t", "main", "@panemap-edge", "wrap") // the session's own value wins
	srv.Must("set", "-g", "@panemap-title", "#{pane_id} a;b")
	sid := tmuxctl.SessionID(srv.Display("main:", "#{session_id}"))
	got, err := c.UserOptions(t.Context(), sid, []string{"@panemap-width", "@panemap-edge", "@panemap-height", "@panemap-title"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"@panemap-width": "70%", "@panemap-edge": "wrap", "@panemap-title": "#{pane_id} a;b"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	if _, err := c.UserOptions(t.Context(), sid, []string{"@x}#{pane_id"}); tmuxctl.KindOf(err) != tmuxctl.KindInvalidInput {
		t.Errorf("bad option name accepted: %v", err)
	}
}

func TestParseVersion(t *testing.T) {
	for _, tc := range []struct {
		in      string
		ok      bool
		atLeast bool // 3.2
	}{
		{"tmux 3.3a", true, true},
		{"tmux 3.2", true, true},
		{"tmux 3.1c", true, false},
		{"tmux 2.9a", true, false},
		{"tmux 10.0", true, true},
		{"tmux next-3.6", true, true},
		{"tmux master", true, true},
		{"garbage", false, false},
	} {
		v, err := tmuxctl.ParseVersion(tc.in)
		if (err == nil) != tc.ok {
			t.Errorf("ParseVersion(%q) err = %v", tc.in, err)
			continue
		}
		if err == nil && (tmuxctl.CheckVersion(v) == nil) != tc.atLeast {
			t.Errorf("CheckVersion(%q) = %v", tc.in, tmuxctl.CheckVersion(v))
		}
	}
}
