package tmuxtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Counter is a tmux wrapper that logs every tmux process started through
// it (one line of arguments each) and then runs the real tmux.
type Counter struct {
	Dir  string // holds the wrapper as "tmux": put it first on PATH
	Path string // the wrapper itself
	log  string
}

// CountingTmux makes a Counter around the tmux on PATH now.
func CountingTmux(tb testing.TB) *Counter {
	tb.Helper()
	Available(tb)
	real, err := exec.LookPath("tmux")
	if err != nil {
		tb.Fatal(err)
	}
	real, _ = filepath.Abs(real)
	return newCounter(tb, fmt.Sprintf("exec '%s' \"$@\"", real))
}

// FakeTmux is a Counter around a tmux that is not: body is the rest of
// the shell script after the call is logged, with the arguments in "$@".
func FakeTmux(tb testing.TB, body string) *Counter {
	tb.Helper()
	return newCounter(tb, body)
}

func newCounter(tb testing.TB, then string) *Counter {
	dir := tb.TempDir()
	c := &Counter{Dir: dir, Path: filepath.Join(dir, "tmux"), log: filepath.Join(dir, "calls.log")}
	// One write per call, so that two tmux processes starting at once
	// cannot interleave their lines.
	script := fmt.Sprintf("#!/bin/sh\nline=$(printf '%%s' \"$*\" | tr '\\n' ' ')\nprintf '%%s\\n' \"$line\" >> '%s'\n%s\n", c.log, then)
	WriteExecutable(tb, c.Path, []byte(script))
	return c
}

// Calls is every tmux process started so far, as its arguments.
func (c *Counter) Calls() []string {
	b, _ := os.ReadFile(c.log)
	s := strings.TrimSuffix(string(b), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// CallsAfterVersion is Calls without the one read of the server's
// version (display-message -p #{version}) that a client makes before its
// first capture, which builds its command lists for that version.
func (c *Counter) CallsAfterVersion() []string {
	var out []string
	read := false
	for _, call := range c.Calls() {
		if !read && strings.HasSuffix(call, "display-message -p #{version}") {
			read = true
			continue
		}
		out = append(out, call)
	}
	return out
}

// Env is Env() with the wrapper first on PATH.
func (c *Counter) Env() []string {
	var env []string
	for _, kv := range Env() {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			kv = "PATH=" + c.Dir + string(os.PathListSeparator) + v
		}
		env = append(env, kv)
	}
	return env
}
