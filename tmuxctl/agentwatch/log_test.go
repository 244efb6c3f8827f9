package agentwatch_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/agentwatch"
)

// messageLog counts the inner server's message-log entries (tmux logs
// every command any client runs) and those of them that capture a pane.
type messageLog struct {
	n       *tmuxtest.Nested
	entries int
}

// since returns the watcher's entries added since the last call (the
// test's own commands left out: show-messages, send-keys, its captures
// with -p alone, display-message -t) and how many of them capture a pane.
func (l *messageLog) since(t testing.TB) (added, captures int) {
	t.Helper()
	out := l.n.Inner.Must("show-messages", "-t", l.n.Client())
	var entries []string
	for _, line := range strings.Split(out, "\n") { // newest first
		if _, cmd, ok := strings.Cut(line, " command: "); ok {
			entries = append(entries, cmd)
		}
	}
	for _, cmd := range entries[:max(0, len(entries)-l.entries)] {
		switch {
		case strings.HasPrefix(cmd, "show-messages"), strings.HasPrefix(cmd, "send-keys"),
			strings.HasPrefix(cmd, "capture-pane -p "), strings.HasPrefix(cmd, "display-message -p -t"):
		case strings.HasPrefix(cmd, "capture-pane"):
			added++
			captures++
		default:
			added++
		}
	}
	l.entries = len(entries)
	return added, captures
}

// TestListCapturesOnlyPrintedAgentScreens: a look captures the screens
// of agent panes whose window printed since the last look, never a pane
// that runs no agent, and otherwise costs tmux's message log one entry.
func TestListCapturesOnlyPrintedAgentScreens(t *testing.T) {
	t.Parallel()
	n := tmuxtest.StartNested(t, 120, 40)
	srv := n.Inner
	// As panemap runs: control mode from 3.7, tmux processes below.
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(), Control: tmux.ControlAuto})
	t.Cleanup(func() { _ = c.Close() })
	srv.Must("new-window", "-d", "-t", "main:1", "exec sh")
	srv.Must("new-window", "-d", "-t", "main:2", "exec sh")
	a := startAgent(t, srv, "main:1", "codex", "print • Working (3s • esc to interrupt)", "read", "sleep 600000")
	b := startAgent(t, srv, "main:2", "aider", "print Applied edit to main.go", "sleep 600000")
	// A title rule decides Gemini's state: its screen is never read.
	srv.Must("new-window", "-d", "-t", "main:3", "exec sh")
	g := startAgent(t, srv, "main:3", "gemini", "title ⏲  Working… (repo)", "print ⠏ Reading files (esc to cancel, 3s)", "read", "sleep 600000")
	shell := srv.Display("main:0.0", "#{pane_id}")
	w := agentwatch.New(c, agents.DefaultRules())
	ctx := t.Context()
	waitScreen(t, srv, a, "esc to interrupt")
	waitScreen(t, srv, b, "Applied edit")
	waitScreen(t, srv, g, "esc to cancel")
	log := &messageLog{n: n}
	log.since(t)
	tmuxtest.NextSecond(t)

	list, err := w.List(ctx, server)
	if err != nil || len(list) != 3 {
		t.Fatalf("first look: %+v, %v", list, err)
	}
	if _, captures := log.since(t); captures != 2 {
		t.Errorf("the first look captured %d screens, want both agents'", captures)
	}
	look(t, w)
	if added, captures := log.since(t); captures != 0 || added != 1 {
		t.Errorf("a look with nothing printed added %d entries, %d captures; want the list alone", added, captures)
	}
	// A shell that prints, in a window of its own.
	srv.Must("send-keys", "-t", shell, "echo printed", "Enter")
	waitScreen(t, srv, tmux.PaneID(shell), "printed\n")
	look(t, w)
	if _, captures := log.since(t); captures != 0 {
		t.Errorf("a shell's output cost %d captures", captures)
	}
	srv.Must("send-keys", "-t", string(a), "go", "Enter")
	waitScreen(t, srv, a, `got "go"`)
	look(t, w)
	if added, captures := log.since(t); captures != 1 || added != 3 {
		t.Errorf("a look after codex printed added %d entries, %d captures; want 3 (the list, the header, codex's screen)", added, captures)
	}
	// tmux counts activity in whole seconds: the look after one in the
	// second codex printed captures it once more.
	tmuxtest.NextSecond(t)
	look(t, w)
	log.since(t)
	srv.Must("send-keys", "-t", string(g), "go", "Enter")
	waitScreen(t, srv, g, `got "go"`)
	look(t, w)
	if added, captures := log.since(t); captures != 0 || added != 1 {
		t.Errorf("a look after gemini printed under its title's rule added %d entries, %d captures; want the list alone", added, captures)
	}
}

// look is one List, which must not fail.
func look(t *testing.T, w *agentwatch.Watcher) {
	t.Helper()
	if _, err := w.List(t.Context(), server); err != nil {
		t.Fatal(err)
	}
}
