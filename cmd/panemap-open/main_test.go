package main

import "testing"

// TestTmuxSocket: the socket is the -S among the leading global flags,
// as the plugin's binding passes it; a later flag's value is never read
// as one.
func TestTmuxSocket(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-S", "/tmp/tmux-0/default", "-t", "$1:@2", "--in-popup"}, "/tmp/tmux-0/default"},
		{[]string{"-t", "$1:@2", "-S", "/s"}, "/s"},
		{[]string{"-S/s", "--in-popup"}, "/s"},
		{[]string{"-L", "work", "--in-popup"}, ""},
		{[]string{"--in-popup", "--state", "-S", "/not"}, ""},
		{[]string{"-t", "-S", "--in-popup"}, ""},
		{nil, ""},
	} {
		if got := tmuxSocket(tc.args); got != tc.want {
			t.Errorf("tmuxSocket(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}
