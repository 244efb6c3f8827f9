package tmuxctl_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

func TestUserOptions(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	srv.Must("set", "-g", "@panemap-width", "70%")
	srv.Must("set", "-g", "@panemap-edge", "stop")
	srv.Must("set", "-t", "main", "@panemap-edge", "wrap") // the session's own value wins
	srv.Must("set", "-g", "@panemap-title", "#{pane_id} a;b")
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
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
	if _, err := c.UserOptions(t.Context(), sid, []string{"@x}#{pane_id"}); tmux.KindOf(err) != tmux.KindInvalidInput {
		t.Errorf("bad option name accepted: %v", err)
	}
}

// TestUserOptionsExactOnEveryVersion: values that tmux 3.4 and 3.5a print
// escaped (control characters, 3.4's "$x"), and the backslashes that make
// that escaping ambiguous, read back exactly as set.
func TestUserOptionsExactOnEveryVersion(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	for _, v := range []string{
		"\r", `\r`, "\x1b[31m", `\033`, "$HOME", `\$HOME`, "${x}", "$_", `\`, `\\`, `a\.b`, `\.`,
		"tab\there", "two\nlines", "\a\b\f\v\x7f", "\x01", "ünï ✓", "#{pane_id}", "x; y", " ",
	} {
		srv.Must("set", "-g", "@panemap-x", v)
		got, err := c.UserOptions(t.Context(), "", []string{"@panemap-before", "@panemap-x", "@panemap-after"})
		if err != nil || got["@panemap-x"] != v || len(got) != 1 {
			t.Errorf("tmux %s: @panemap-x set to %q reads as %q (%v), %v", srv.Version(), v, got["@panemap-x"], got, err)
		}
	}
}

func TestParseVersion(t *testing.T) {
	t.Parallel()
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
		v, err := tmux.ParseVersion(tc.in)
		if (err == nil) != tc.ok {
			t.Errorf("ParseVersion(%q) err = %v", tc.in, err)
			continue
		}
		if err == nil && (tmux.CheckVersion(v) == nil) != tc.atLeast {
			t.Errorf("CheckVersion(%q) = %v", tc.in, tmux.CheckVersion(v))
		}
	}
}

func TestRequireVersion(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fake := func(name, out string) string {
		return tmuxtest.WriteExecutable(t, filepath.Join(dir, name), []byte("#!/bin/sh\necho '"+out+"'\n"))
	}
	if _, err := transport.RequireVersion(t.Context(), fake("old", "tmux 3.1c")); tmux.KindOf(err) != tmux.KindUnsupported || !strings.Contains(err.Error(), "3.2") {
		t.Errorf("tmux 3.1c: %v, want unsupported naming 3.2", err)
	}
	if _, err := transport.RequireVersion(t.Context(), fake("odd", "tmux custom-build")); err == nil || tmux.KindOf(err) != "" {
		t.Errorf("an unreadable version: %v, want a plain error the caller may pass over", err)
	}
	if _, err := transport.RequireVersion(t.Context(), filepath.Join(dir, "missing")); tmux.KindOf(err) != tmux.KindServerGone {
		t.Errorf("missing tmux: %v, want server_gone", err)
	}
	if v, err := transport.RequireVersion(t.Context(), fake("new", "tmux 3.4")); err != nil || !v.AtLeast(3, 4) {
		t.Errorf("tmux 3.4: %+v, %v", v, err)
	}
}
