package tmuxtest

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// Nested is an inner tmux server with a real attached client: the client
// runs in a pane of an outer private server. Keys typed into the outer
// pane reach the inner client; the outer pane's screen shows what a person
// would see, popups included.
type Nested struct {
	Inner     *Server
	Outer     *Server
	OuterPane string
	tb        testing.TB
	client    string // the inner server's client, the outer pane's tmux attach
}

// StartNested starts both servers; the inner session "main" is attached
// from the outer pane, which is cols x rows.
func StartNested(tb testing.TB, cols, rows int) *Nested {
	tb.Helper()
	return startNested(tb, Start(tb, cols, rows), cols, rows)
}

// StartNestedNamed is StartNested with the inner server's socket name
// chosen (any text a socket's file name can hold).
func StartNestedNamed(tb testing.TB, inner string, cols, rows int) *Nested {
	tb.Helper()
	return startNested(tb, StartNamed(tb, inner, cols, rows), cols, rows)
}

// StartConfig is Start with tmux.conf conf, read as the server starts
// (before its first session, as tmux reads ~/.tmux.conf), in the
// environment env (the server's global environment, run-shell's too).
func StartConfig(tb testing.TB, conf string, env []string, cols, rows int) *Server {
	tb.Helper()
	Available(tb)
	return startServer(tb, UniqueName("pmconf"), "", conf, env, cols, rows)
}

// StartNestedConfig is StartNested with the inner server started by
// StartConfig.
func StartNestedConfig(tb testing.TB, conf string, env []string, cols, rows int) *Nested {
	tb.Helper()
	return startNested(tb, StartConfig(tb, conf, env, cols, rows), cols, rows)
}

func startNested(tb testing.TB, inner *Server, cols, rows int) *Nested {
	tb.Helper()
	SkipEndToEndIfShort(tb)
	outer := Start(tb, cols, rows)
	// The outer server owns the terminal size: let the inner window follow
	// its only client. The inner server keeps every command it ran, so
	// that a failed test shows what panemap asked of tmux up to the
	// failure (logOnFailure): a navigator that stopped asking, or asked the
	// wrong thing. One command list a server: each tmux client started
	// costs a few milliseconds of CPU, and the end-to-end tests start
	// thousands.
	inner.Must("set", "-g", "window-size", "latest",
		";", "set", "-g", "status", "off",
		";", "set", "-g", "message-limit", "100000")
	attach := fmt.Sprintf("exec env -u TMUX -u TMUX_PANE -u TMUX_TMPDIR tmux -L '%s' -u attach -t main", strings.ReplaceAll(inner.Name, "'", `'\''`))
	pane := strings.TrimSpace(outer.Must("set", "-g", "status", "off",
		";", "respawn-pane", "-k", "-t", "main:0", attach,
		";", "display-message", "-p", "-t", "main:0", "#{pane_id}"))
	n := &Nested{Inner: inner, Outer: outer, OuterPane: pane, tb: tb}
	tb.Cleanup(n.logOnFailure)
	Eventually(tb, 5*time.Second, func() bool {
		out, err := inner.Run("list-clients", "-F", "#{client_name}")
		if f := strings.Fields(out); err == nil && len(f) > 0 {
			n.client = f[0]
		}
		return n.client != ""
	}, "inner client did not attach")
	return n
}

// SkipEndToEndIfShort skips a test that drives a real client (a popup,
// keys typed into a terminal) when the tests run with -short: the fast tier
// leaves those to the full run.
func SkipEndToEndIfShort(tb testing.TB) {
	tb.Helper()
	if testing.Short() {
		tb.Skip("end-to-end test through a real client: skipped with -short")
	}
}

// Client is the inner server's attached client name. It is the outer
// pane's terminal, which stays as long as the pane's tmux attach runs (no
// test detaches it or respawns the pane).
func (n *Nested) Client() string { return n.client }

// Screen is what the outer pane shows now.
func (n *Nested) Screen() string {
	n.tb.Helper()
	return n.Outer.Must("capture-pane", "-p", "-t", n.OuterPane)
}

// Keys types keys into the outer pane (tmux send-keys key names).
func (n *Nested) Keys(keys ...string) {
	n.tb.Helper()
	n.Outer.Must(append([]string{"send-keys", "-t", n.OuterPane}, keys...)...)
}

// WaitScreen polls the outer screen until cond holds, failing with the
// last screen after timeout.
func (n *Nested) WaitScreen(timeout time.Duration, what string, cond func(screen string) bool) string {
	n.tb.Helper()
	var last string
	deadline := time.Now().Add(timeout)
	for i := 0; ; i++ {
		last = n.Screen()
		if cond(last) {
			return last
		}
		if time.Now().After(deadline) {
			n.tb.Fatalf("timed out after %v waiting for %s; screen:\n%s", timeout, what, last)
		}
		time.Sleep(PollPause(i))
	}
}

// failureLogEntries is how many of the inner server's last log entries a
// failed test prints.
const failureLogEntries = 60

// logOnFailure prints the end of the inner server's message log when the
// test failed: every command any client ran, panemap's included, newest
// last (show-messages needs a client; with none left there is nothing).
func (n *Nested) logOnFailure() {
	if !n.tb.Failed() {
		return
	}
	out, err := n.Inner.Run("show-messages", "-t", n.client)
	if n.client == "" || err != nil {
		return
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	slices.Reverse(lines) // show-messages prints the newest first
	lines = lines[max(0, len(lines)-failureLogEntries):]
	n.tb.Logf("the inner server's message log, last %d entries (times are HH:MM):\n%s", len(lines), strings.Join(lines, "\n"))
}
