package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// agentOpts are a server's options with the embedded rules only: a test
// must not read the rules file of whoever runs it.
func agentOpts(opts mcp.Options) mcp.Options {
	opts.AgentRules = agents.DefaultRules()
	return opts
}

// hookSince is the unix time the tests' hooks say a state began.
const hookSince = 1700000000

// fakeAgent runs cat in pane under name (a link to cat named as the
// agent), so that its process tree names the agent as the real one's
// does; cat waits for input, as an agent does at its prompt.
func fakeAgent(t *testing.T, srv *tmuxtest.Server, pane, name string) {
	t.Helper()
	cat, err := exec.LookPath("cat")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Symlink(cat, filepath.Join(dir, name)); err != nil {
		t.Fatal(err)
	}
	srv.Must("respawn-pane", "-k", "-t", pane, "exec "+filepath.Join(dir, name))
	srv.WaitRunning(20*time.Second, pane, name)
}

// markAgent runs a fake agent name in pane and sets pane's options as
// `panemap hook --agent NAME STATE` does (API42.md's option names), since
// hookSince.
func markAgent(t *testing.T, srv *tmuxtest.Server, pane, name, state string) {
	t.Helper()
	if srv.Display(pane, "#{@panemap-agent-name}") != name {
		fakeAgent(t, srv, pane, name)
	}
	srv.Must("set", "-p", "-t", pane, "@panemap-agent-name", name)
	srv.Must("set", "-p", "-t", pane, "@panemap-agent-since", "1700000000")
	srv.Must("set", "-p", "-t", pane, "@panemap-agent-state", state)
}

// agentOut mirrors list_agents' Agent.
type agentOut struct {
	Pane        string   `json:"pane"`
	Session     string   `json:"session"`
	SessionName string   `json:"session_name"`
	Window      string   `json:"window"`
	WindowIndex int      `json:"window_index"`
	PaneIndex   int      `json:"pane_index"`
	Agent       string   `json:"agent"`
	State       string   `json:"state"`
	Since       *string  `json:"since"`
	Source      string   `json:"source"`
	Focused     bool     `json:"focused"`
	Question    []string `json:"question"`
}

type agentsOut struct {
	Scope  string     `json:"scope"`
	Agents []agentOut `json:"agents"`
}

type waitAgentOut struct {
	Matched  bool    `json:"matched"`
	Pane     *string `json:"pane"`
	Agent    *string `json:"agent"`
	State    *string `json:"state"`
	Source   *string `json:"source"`
	WaitedMS int64   `json:"waited_ms"`
}

func panesOf(list []agentOut) []string {
	var out []string
	for _, a := range list {
		out = append(out, a.Pane)
	}
	return out
}

// TestListAgents: list_agents lists the panes an agent's hook marked, in
// reading order (session name, window index, pane index), each with its
// place, agent, state, since and source, and leaves the other panes out;
// scope, session and window narrow it as they narrow list_panes.
func TestListAgents(t *testing.T) {
	t.Parallel()
	srv := tmuxtestStart(t)
	g := srv.Grid() // tl tr bl br; pane indices tl 0, bl 1, tr 2, br 3
	srv.Must("select-pane", "-t", g[3])
	other := srv.Must("new-session", "-d", "-s", "other", "-P", "-F", "#{pane_id}")
	markAgent(t, srv, other, "gemini", "working")
	markAgent(t, srv, g[1], "codex", "done") // not focused: stays done
	markAgent(t, srv, g[0], "claude", "waiting")
	f := startOn(t, srv, tmux.Env{}, agentOpts(mcp.Options{}))

	var all agentsOut
	text := f.ok(t, "list_agents", obj(), &all)
	if got, want := panesOf(all.Agents), []string{g[0], g[1], other}; all.Scope != "server" || !slices.Equal(got, want) {
		t.Fatalf("list_agents {} = scope %s, %v; want scope server, %v (main's panes by index, then other's)", all.Scope, got, want)
	}
	wants := []struct{ agent, state string }{{"claude", "waiting"}, {"codex", "done"}, {"gemini", "working"}}
	for i, a := range all.Agents {
		p := a.Pane
		want := agentOut{Pane: p, Session: srv.Display(p, "#{session_id}"), SessionName: srv.Display(p, "#{session_name}"),
			Window: srv.Display(p, "#{window_id}"), WindowIndex: atoi(t, srv.Display(p, "#{window_index}")),
			PaneIndex: atoi(t, srv.Display(p, "#{pane_index}")), Agent: wants[i].agent, State: wants[i].state, Source: "hook",
			Focused: p == other}
		got := a
		got.Since = nil
		if !equalAgent(got, want) {
			t.Errorf("agent %d: %+v, want %+v", i, got, want)
		}
		if a.Since == nil || *a.Since != time.Unix(hookSince, 0).UTC().Format(time.RFC3339) {
			t.Errorf("%s since %v, want %s", p, a.Since, time.Unix(hookSince, 0).UTC().Format(time.RFC3339))
		}
		if a.Question != nil {
			t.Errorf("%s: a question %q from a hook", p, a.Question)
		}
	}
	for _, want := range []string{"3 agent panes", "1 waiting", "PANE", "SOURCE", g[0] + " ", "main:0.0", "claude", "waiting", "2023-11-14T22:13:20Z", "other:0.0", "gemini"} {
		if !strings.Contains(text, want) {
			t.Errorf("text does not say %q:\n%s", want, text)
		}
	}

	var narrowed agentsOut
	f.ok(t, "list_agents", obj("window", srv.Display(g[0], "#{window_id}")), &narrowed)
	if got := panesOf(narrowed.Agents); narrowed.Scope != "window" || !slices.Equal(got, []string{g[0], g[1]}) {
		t.Errorf("list_agents window: scope %s, %v; want window, [%s %s]", narrowed.Scope, got, g[0], g[1])
	}
	f.ok(t, "list_agents", obj("scope", "session", "session", srv.Display(other, "#{session_id}")), &narrowed)
	if got := panesOf(narrowed.Agents); narrowed.Scope != "session" || !slices.Equal(got, []string{other}) {
		t.Errorf("list_agents session other: scope %s, %v; want session, [%s]", narrowed.Scope, got, other)
	}

	// A window of shells has no agents.
	shells := srv.Must("new-window", "-d", "-t", "other", "-P", "-F", "#{window_id}")
	var none agentsOut
	if text := f.ok(t, "list_agents", obj("window", shells), &none); len(none.Agents) != 0 || !strings.Contains(text, "0 agent panes") {
		t.Errorf("no agents: %+v, text %q", none, text)
	}
}

// TestAgentQuestion: a waiting agent whose screen a rule read comes with
// its question's lines, plain text, in list_agents and wait_for_agent;
// with NoContent both leave the question out (it is pane content) and
// still say the agent waits.
func TestAgentQuestion(t *testing.T) {
	t.Parallel()
	srv := tmuxtestStart(t)
	p := srv.Display("main:0", "#{pane_id}")
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Fatal(err)
	}
	claude := filepath.Join(t.TempDir(), "claude")
	if err := os.Symlink(sh, claude); err != nil {
		t.Fatal(err)
	}
	// Claude Code's permission dialog, its colours included; the shell
	// named claude stays the pane's process while cat waits.
	srv.Must("respawn-pane", "-k", "-t", p, claude+` -c "printf 'Bash command\n  rm -rf build\n\n\033[1mDo you want to proceed?\033[0m\n\342\235\257 1. Yes\n  2. No\n'; cat"`)
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		return strings.Contains(srv.Must("capture-pane", "-p", "-t", p), "2. No")
	}, "the dialog on %s", p)

	for _, opts := range []mcp.Options{{}, {NoContent: true}} {
		f := startOn(t, srv, tmux.Env{}, agentOpts(opts))
		var l agentsOut
		text := f.ok(t, "list_agents", obj(), &l)
		if len(l.Agents) != 1 || l.Agents[0].Agent != "claude" || l.Agents[0].State != "waiting" || !strings.HasPrefix(l.Agents[0].Source, "screen:claude-") {
			t.Fatalf("%+v: list_agents = %+v", opts, l)
		}
		q := strings.Join(l.Agents[0].Question, "\n")
		var w struct {
			Question []string `json:"question"`
		}
		f.ok(t, "wait_for_agent", obj("states", []string{"waiting"}), &w)
		if opts.NoContent {
			if q != "" || w.Question != nil || strings.Contains(text, "Do you want") {
				t.Errorf("--no-content answered the question: %q, %q, text %q", q, w.Question, text)
			}
			continue
		}
		if !strings.Contains(q, "Do you want to proceed?") || !strings.Contains(q, "1. Yes") || strings.ContainsAny(q, "\x1b[") {
			t.Errorf("question %q: want the dialog's lines, plain text", q)
		}
		if !strings.Contains(text, "> Do you want to proceed?") {
			t.Errorf("the table does not show the question:\n%s", text)
		}
		if !slices.Equal(w.Question, l.Agents[0].Question) {
			t.Errorf("wait_for_agent's question %q, list_agents' %q", w.Question, l.Agents[0].Question)
		}
	}
}

func equalAgent(a, b agentOut) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	var n int
	if err := json.Unmarshal([]byte(s), &n); err != nil {
		t.Fatalf("%q is not a number", s)
	}
	return n
}

// TestWaitForAgent: wait_for_agent answers at once when a pane already is
// in a state asked for, wakes when one changes to it (by the pane ids or
// by a scope), tells its progress meanwhile, and answers matched false at
// its timeout.
func TestWaitForAgent(t *testing.T) {
	t.Parallel()
	var log progressLog
	srv := tmuxtestStart(t)
	g := srv.Grid()
	markAgent(t, srv, g[0], "claude", "working")
	markAgent(t, srv, g[1], "codex", "working")
	f := startClient(t, srv, agentOpts(mcp.Options{}), &sdkmcp.ClientOptions{ProgressNotificationHandler: log.handle})

	var w waitAgentOut
	text := f.ok(t, "wait_for_agent", obj("panes", []string{g[1]}, "states", []string{"error", "working"}), &w)
	if !w.Matched || *w.Pane != g[1] || *w.State != "working" || *w.Agent != "codex" || *w.Source != "hook" || !strings.Contains(text, g[1]) {
		t.Errorf("already working: %+v %q", w, text)
	}
	f.ok(t, "wait_for_agent", obj("panes", []string{g[0], g[1]}, "states", []string{"error"}, "timeout_ms", 300), &w)
	if w.Matched || w.Pane != nil || w.State != nil || w.Agent != nil || w.Source != nil {
		t.Errorf("timeout: %+v", w)
	}

	for _, c := range []struct {
		name string
		args map[string]any
	}{
		{"panes", obj("panes", []string{g[1], g[0]})},
		{"scope", obj("window", srv.Display(g[0], "#{window_id}"))},
	} {
		markAgent(t, srv, g[0], "claude", "working")
		token := "wait-" + c.name
		args := c.args
		args["states"], args["timeout_ms"] = []string{"waiting"}, 30_000
		params := &sdkmcp.CallToolParams{Name: "wait_for_agent", Arguments: args}
		params.SetProgressToken(token)
		answered := callInBackground(t, f, params)
		tmuxtest.Eventually(t, 20*time.Second, func() bool { return len(log.of(token)) >= 1 },
			"%s: a progress notification while no agent waits", c.name)
		srv.Must("set", "-p", "-t", g[0], "@panemap-agent-state", "waiting")
		answered(g[0] + " (claude) is waiting")
		for _, n := range log.of(token) {
			if n.Total != 30_000 || n.Progress > n.Total || !strings.Contains(n.Message, "waiting") {
				t.Errorf("%s: notification %+v", c.name, n)
			}
		}
	}
}

// TestWaitForAgentCancelled: a client that cancels a wait_for_agent call
// ends it on the server at once, as wait_for_text.
func TestWaitForAgentCancelled(t *testing.T) {
	t.Parallel()
	var logs logBuffer
	var progress progressLog
	srv := tmuxtestStart(t)
	p := srv.Display("main:0", "#{pane_id}")
	markAgent(t, srv, p, "claude", "working")
	opts := agentOpts(mcp.Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	f := startClient(t, srv, opts, &sdkmcp.ClientOptions{ProgressNotificationHandler: progress.handle})

	ctx, cancel := context.WithCancel(t.Context())
	params := &sdkmcp.CallToolParams{Name: "wait_for_agent", Arguments: obj("panes", []string{p}, "states", []string{"done"}, "timeout_ms", 60_000)}
	params.SetProgressToken("cancel-me")
	done := make(chan error, 1)
	go func() {
		_, err := f.cs.CallTool(ctx, params)
		done <- err
	}()
	tmuxtest.Eventually(t, 20*time.Second, func() bool { return len(progress.of("cancel-me")) >= 1 }, "the wait to start")
	cancel()
	select {
	case err := <-done:
		if err == nil {
			t.Error("a cancelled call answered")
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a cancelled call did not end")
	}
	// The handler on the server side returned too: the server logs the
	// call's end, cancelled.
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		s := logs.String()
		return strings.Contains(s, "tool=wait_for_agent") && strings.Contains(s, "cancel")
	}, "the server to end the cancelled wait")
}

// logBuffer is a server's log, read while it writes.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestAgentToolsRefuseBadInput: wait_for_agent and list_agents refuse bad
// arguments naming the value, before tmux; a gone pane is gone.
func TestAgentToolsRefuseBadInput(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, agentOpts(mcp.Options{}))
	p := f.srv.Display("main:0", "#{pane_id}")
	before := f.runs()
	for _, c := range []struct {
		tool string
		args map[string]any
		name string
	}{
		{"wait_for_agent", obj("panes", []string{p, "main:0"}, "states", []string{"waiting"}), "main:0"},
		{"wait_for_agent", obj("panes", []string{"%1;kill-server"}, "states", []string{"waiting"}), "kill-server"},
		{"wait_for_agent", obj("panes", []string{p}, "states", []string{"waiting", "sleeping"}), `item 2, "sleeping", is not one of working,`},
		{"wait_for_agent", obj("panes", []string{p}, "states", []string{}), "states"},
		{"wait_for_agent", obj("panes", []string{p}), "states"},
		{"wait_for_agent", obj("panes", []string{p}, "states", []string{"done"}, "scope", "server"), "scope"},
		{"wait_for_agent", obj("states", []string{"done"}, "timeout_ms", 60001), "60001"},
		{"wait_for_agent", obj("states", []string{"done"}, "window", "%1"), "%1"},
		{"list_agents", obj("scope", "galaxy"), "galaxy"},
		{"list_agents", obj("session", "main"), "main"},
		{"list_agents", obj("limit", 3), "limit"},
	} {
		text, meta := f.fail(t, c.tool, c.args)
		if meta.Kind != tmux.KindInvalidInput || !strings.Contains(text, c.name) {
			t.Errorf("%s %s: %s %q; want invalid input naming %s", c.tool, short(c.args), meta.Kind, text, c.name)
		}
	}
	if n := f.runs() - before; n > 1 {
		t.Errorf("refused calls ran %d tmux processes", n)
	}
	for _, c := range []struct {
		tool string
		args map[string]any
		name string
	}{
		{"wait_for_agent", obj("panes", []string{"%999"}, "states", []string{"waiting"}, "timeout_ms", 200), "%999"},
		{"list_agents", obj("window", "@999"), "@999"},
	} {
		if text, meta := f.fail(t, c.tool, c.args); meta.Kind != tmux.KindGone || !strings.Contains(text, c.name) {
			t.Errorf("%s %s: %s %q, want gone naming %s", c.tool, short(c.args), meta.Kind, text, c.name)
		}
	}
}
