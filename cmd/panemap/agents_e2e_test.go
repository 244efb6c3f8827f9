package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/assets/tools"
	"github.com/panemap/panemap/internal/agenthooks"
	"github.com/panemap/panemap/internal/agenttest"
	"github.com/panemap/panemap/internal/tmuxtest"
)

// paneOption reads a pane's user option ("" when unset).
func paneOption(srv *tmuxtest.Server, pane, name string) string {
	out, _ := srv.Run("show-options", "-p", "-q", "-v", "-t", pane, name)
	return strings.TrimSpace(out)
}

// TestHookFromAnAgentsHook runs the very line panemap hooks gives Claude
// Code's Stop hook in a pane, as the agent would: with only the TMUX and
// TMUX_PANE tmux gave the pane to say where it is. A state no hook may
// set first: exit 2 and the pane unmarked.
func TestHookFromAnAgentsHook(t *testing.T) {
	srv := tmuxtest.Start(t, 0, 0)
	// In the pane's command line: tmux gives a new pane the PATH of the
	// client that asked for it (spawn.c), not respawn-pane -e's.
	path := "export PATH=" + filepath.Dir(tmuxtest.Panemap(t)) + ":$PATH; "
	pane := srv.Active("main:0")
	srv.Must("respawn-pane", "-k", "-t", pane, shellLine(path+"panemap hook --agent claude exited"))
	tmuxtest.Eventually(t, wait, func() bool {
		return strings.Contains(srv.Must("capture-pane", "-p", "-t", pane), "EXITED=")
	}, "panemap hook exited did not end")
	if scr := srv.Must("capture-pane", "-p", "-t", pane); !strings.Contains(scr, `invalid state "exited"`) || !strings.Contains(scr, "EXITED=2") {
		t.Errorf("panemap hook exited:\n%s", scr)
	}
	if got := paneOption(srv, pane, "@panemap-agent-state"); got != "" {
		t.Errorf("a refused state marked the pane %q", got)
	}

	before := time.Now().Unix()
	line := agenthooks.Line("panemap", "claude", agents.Done)
	srv.Must("respawn-pane", "-k", "-t", pane, shellLine(path+line))
	waitExited(t, srv, pane, line)
	if got := paneOption(srv, pane, "@panemap-agent-state"); got != "done" {
		t.Errorf("after %q the pane's state is %q, want done", line, got)
	}
	if got := paneOption(srv, pane, "@panemap-agent-name"); got != "claude" {
		t.Errorf("after %q the pane's agent is %q, want claude", line, got)
	}
	since, err := strconv.ParseInt(paneOption(srv, pane, "@panemap-agent-since"), 10, 64)
	if err != nil || since < before-1 || since > time.Now().Unix()+1 {
		t.Errorf("@panemap-agent-since is %d (%v), not the time it was set", since, err)
	}
}

// TestHookLineNeverFails: the line an agent's hook runs exits 0 and
// prints nothing, whatever happens: outside tmux, and with no panemap
// on PATH (exit 2 from Claude Code's Stop hook would keep it going).
func TestHookLineNeverFails(t *testing.T) {
	for _, word := range []string{tmuxtest.Panemap(t), "/nonexistent/panemap"} {
		cmd := exec.Command("sh", "-c", agenthooks.Line(word, "claude", agents.Done))
		cmd.Env = []string{"PATH=/usr/bin:/bin"}
		if out, err := cmd.CombinedOutput(); err != nil || len(out) != 0 {
			t.Errorf("%q outside tmux: %v, output %q", agenthooks.Line(word, "claude", agents.Done), err, out)
		}
	}
}

// TestHookNamedServer: -L names the server, TMUX_PANE the pane; nothing
// is printed, and no control client is started (one command: a tmux
// process is cheaper).
func TestHookNamedServer(t *testing.T) {
	srv := tmuxtest.Start(t, 0, 0)
	pane := srv.Active("main:0")
	srv.RecordAttaches()
	code, out, errs := cli(t, map[string]string{"TMUX_PANE": pane}, "-L", srv.Name, "hook", "waiting")
	if code != 0 || out != "" || errs != "" {
		t.Fatalf("hook waiting: code %d, stdout %q, stderr %q", code, out, errs)
	}
	if got := paneOption(srv, pane, "@panemap-agent-state"); got != "waiting" {
		t.Errorf("the pane's state is %q, want waiting", got)
	}
	if n := srv.ControlAttaches(); n != 0 {
		t.Errorf("panemap hook attached %d control clients", n)
	}
	code, _, errs = cli(t, map[string]string{"TMUX_PANE": "%x"}, "-L", srv.Name, "hook", "working")
	if code != 2 || !strings.Contains(errs, `"%x"`) || paneOption(srv, pane, "@panemap-agent-state") != "waiting" {
		t.Errorf("TMUX_PANE %%x: code %d, stderr %q", code, errs)
	}
}

// agentServer is a server with fake agents that marked their panes
// through panemap hook, as their hooks would: two in main's window 0 (one
// waiting, one done and not focused), one waiting in window 1, and one
// working in session other.
func agentServer(t *testing.T) (*tmuxtest.Server, []string) {
	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("split-window", "-d", "-t", "main:0", ";", "new-window", "-d", "-t", "main:1", ";", "new-session", "-d", "-s", "other")
	panes := []string{srv.Active("main:0"), srv.Display("main:0.1", "#{pane_id}"), srv.Display("main:1", "#{pane_id}"), srv.Display("other:0", "#{pane_id}")}
	for i, state := range []string{"waiting", "done", "waiting", "working"} {
		runFakeAgent(t, srv, panes[i], "claude", state)
	}
	return srv, panes
}

// runFakeAgent runs a fake agent in pane, which marks it state with
// panemap hook and stays.
func runFakeAgent(t *testing.T, srv *tmuxtest.Server, pane, agent, state string) {
	t.Helper()
	dir := agenttest.Install(t)
	srv.Must("respawn-pane", "-k", "-e", "FAKEAGENT_PANEMAP="+tmuxtest.Panemap(t), "-t", pane, agenttest.Command(dir, agent, "hook "+state, "sleep 600000"))
	srv.WaitDisplay(wait, pane, "#{@panemap-agent-state}", state)
}

// TestAgentsStatusAndScope: --status is the summary of the agents the
// scope covers (the server, or what -t names), and nothing at all where
// no pane runs an agent.
//
// It starts no control client (from 3.7 panemap would connect one): a
// tmux process for each read costs less, run every second.
func TestAgentsStatusAndScope(t *testing.T) {
	srv, _ := agentServer(t)
	srv.RecordAttaches()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-L", srv.Name, "agents", "--status"}, "2 waiting · 1 done · 1 working\n"},
		{[]string{"-L", srv.Name, "-t", "main", "agents", "--status"}, "2 waiting · 1 done\n"},
		{[]string{"-L", srv.Name, "-t", "main:1", "agents", "--status"}, "1 waiting\n"},
		{[]string{"-L", srv.Name, "agents", "--status", "-t", "other"}, "1 working\n"},
	} {
		code, out, errs := cli(t, nil, tc.args...)
		if code != 0 || errs != "" || out != tc.want {
			t.Errorf("panemap %q: code %d, stdout %q (want %q), stderr %q", tc.args, code, out, tc.want, errs)
		}
	}
	if n := srv.ControlAttaches(); n != 0 {
		t.Errorf("panemap agents attached %d control clients", n)
	}
	empty := tmuxtest.Start(t, 0, 0)
	if code, out, errs := cli(t, nil, "-L", empty.Name, "agents", "--status"); code != 0 || out != "" || errs != "" {
		t.Errorf("no agent: code %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestAgentsJSONAsListAgents: --json answers with list_agents' fields:
// each agent has every field the card requires and no other.
func TestAgentsJSONAsListAgents(t *testing.T) {
	srv, panes := agentServer(t)
	code, out, errs := cli(t, nil, "-L", srv.Name, "agents", "--json")
	if code != 0 || errs != "" {
		t.Fatalf("agents --json: code %d, stderr %q", code, errs)
	}
	var got struct {
		Scope  string                       `json:"scope"`
		Agents []map[string]json.RawMessage `json:"agents"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("agents --json: %v\n%s", err, out)
	}
	var listed []string
	for _, a := range got.Agents {
		var p string
		_ = json.Unmarshal(a["pane"], &p)
		listed = append(listed, p)
	}
	if got.Scope != "server" || !slices.Equal(listed, []string{panes[0], panes[1], panes[2], panes[3]}) {
		t.Errorf("agents --json lists %v in scope %q, want %v in server", listed, got.Scope, panes)
	}
	if _, err := tools.Cards.ReadFile("list_agents.json"); err != nil {
		t.Skipf("list_agents' card is not here yet (a4-mcp's branch): %v", err)
	}
	for _, a := range got.Agents {
		checkCardFields(t, "agents --json", "list_agents.json", "Agent", a)
	}
}

// TestAgentsTableAndExplain: the table has a line per agent; explain
// names the source that decided, and refuses a pane that is not there.
func TestAgentsTableAndExplain(t *testing.T) {
	srv, panes := agentServer(t)
	code, out, errs := cli(t, nil, "-L", srv.Name, "agents")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || errs != "" || len(lines) != 5 || !strings.HasPrefix(lines[0], "PANE") ||
		!strings.Contains(lines[1], panes[0]) || !strings.Contains(lines[1], "main:0.0") || !strings.Contains(lines[1], "waiting") || !strings.Contains(lines[1], "hook") {
		t.Errorf("agents: code %d, stderr %q, table:\n%s", code, errs, out)
	}
	code, out, errs = cli(t, nil, "-L", srv.Name, "agents", "explain", panes[2])
	if code != 0 || errs != "" || !strings.HasPrefix(out, panes[2]+" (main:1.0): claude, waiting") || !strings.Contains(out, "decided") {
		t.Errorf("agents explain %s: code %d, stderr %q, stdout:\n%s", panes[2], code, errs, out)
	}
	code, out, errs = cli(t, nil, "-L", srv.Name, "agents", "explain", "%999")
	if code == 0 || out != "" || !strings.Contains(errs, "%999") {
		t.Errorf("agents explain %%999: code %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestAgentsStatusLine runs the README's status line in a real tmux
// status line, through #(), and sees it follow a change of state.
func TestAgentsStatusLine(t *testing.T) {
	var lines []string
	for _, f := range readmeFences(t) {
		for _, l := range f.lines {
			if f.lang == "tmux" && (strings.Contains(l, "panemap agents --status") || strings.Contains(l, "status-interval")) {
				lines = append(lines, l)
			}
		}
	}
	if len(lines) != 2 {
		t.Fatalf("the README's status line is not two tmux lines (status-right, status-interval): %q", lines)
	}
	n := tmuxtest.StartNested(t, 100, 20)
	n.Inner.Must("set-environment", "-g", "PATH", binPath(t))
	conf := t.TempDir() + "/status.conf"
	if err := os.WriteFile(conf, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	n.Inner.Must("source-file", conf, ";", "set", "-g", "status", "on", ";", "split-window", "-d", "-t", "main:0")
	panes := []string{n.Inner.Active("main:0"), n.Inner.Display("main:0.1", "#{pane_id}")}
	for _, p := range panes {
		runFakeAgent(t, n.Inner, p, "codex", "working")
	}
	n.WaitScreen(wait, "2 working on the status line", func(scr string) bool { return strings.Contains(scr, "2 working") })
	n.Inner.Must("set-option", "-p", "-t", panes[1], "@panemap-agent-state", "waiting")
	n.WaitScreen(wait, "the waiting agent on the status line", func(scr string) bool { return strings.Contains(scr, "1 waiting · 1 working") })
}
