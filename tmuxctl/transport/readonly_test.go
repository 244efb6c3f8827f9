package transport

import (
	"fmt"
	"os"
	"testing"

	"github.com/panemap/panemap/tmux"
)

func TestReadOnly(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		cmds [][]string
		want bool
	}{
		{[][]string{{"display-message", "-p", "x"}, {"list-panes", "-t", "%1"}}, true},
		{[][]string{{"display-message", "x"}}, false},
		{[][]string{{"list-panes"}, {"select-pane", "-t", "%1"}}, false},
		{[][]string{{"swap-pane", "-s", "%1", "-t", "%2"}}, false},
		{[][]string{{"capture-pane", "-p"}}, true},
		{[][]string{{"capture-pane"}}, false},
		{[][]string{{"show-options", "-gv", "@x"}}, true},
	} {
		if got := readOnly(c.cmds); got != c.want {
			t.Errorf("readOnly(%q) = %v, want %v", c.cmds, got, c.want)
		}
	}
}

func TestChooseSession(t *testing.T) {
	t.Parallel()
	out := "S $0 0 0\nS $1 0 1\nS $2 1 on\nS $3 0 off\nB $3 V3.6b\n"
	for _, c := range []struct {
		follow tmux.SessionID
		want   tmux.SessionID
	}{{"", "$3"}, {"$2", "$2"}, {"$1", "$3"}, {"$9", "$3"}} {
		if got, err := chooseSession(out, c.follow, tmux.Socket{}); err != nil || got != c.want {
			t.Errorf("follow %q: %q, %v; want %q", c.follow, got, err, c.want)
		}
	}
	if got, err := chooseSession("B  V3.6b\n", "", tmux.Socket{}); err == nil {
		t.Errorf("no sessions: chose %q", got)
	}
	if got, _ := chooseSession("S $4 0 0\nS $5 0 0\nB  V3.6b\n", "", tmux.Socket{}); got != "$4" {
		t.Errorf("no best: chose %q, want the first", got)
	}
	// The server's version rides on the same answer, with or without a
	// session; without it there is none.
	for out, want := range map[string]string{out: "3.6b", "B  Vnext-3.8\n": "next-3.8", "S $4 0 0\nB $4\n": "", "B $4 V\n": ""} {
		if got := versionIn(out); got.Raw != want {
			t.Errorf("version in %q: %q, want %q", out, got.Raw, want)
		}
	}
}

// TestSocketFile: where tmux puts a server's socket, which cannotTalk
// connects to when a binary before 3.6 is refused by the server.
func TestSocketFile(t *testing.T) {
	t.Parallel()
	dir := fmt.Sprintf("tmux-%d", os.Getuid())
	for _, c := range []struct {
		sock tmux.Socket
		env  []string
		want string
	}{
		{tmux.Socket{Path: "/run/x/sock", Source: "-S"}, []string{"TMUX_TMPDIR=/elsewhere"}, "/run/x/sock"},
		{tmux.Socket{Name: "work", Source: "-L"}, []string{"TMUX_TMPDIR=/var/tmp"}, "/var/tmp/" + dir + "/work"},
		{tmux.Socket{Name: "work", Source: "-L"}, []string{"HOME=/root"}, "/tmp/" + dir + "/work"},
		{tmux.Socket{Source: "default"}, []string{}, "/tmp/" + dir + "/default"},
	} {
		if got := socketFile(c.sock, c.env); got != c.want {
			t.Errorf("%s with %q: %q, want %q", c.sock, c.env, got, c.want)
		}
	}
}
