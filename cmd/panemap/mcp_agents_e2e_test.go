package main

// The agents' MCP tools through the real binary, as an orchestrating agent
// runs it: `panemap mcp --allow-input` over stdio, against a private tmux
// server whose panes' hook options tmux's own set-option sets.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestMCPAgentsEndToEnd: list_agents sees the states hooks set, through
// API42.md's pane options; wait_for_agent wakes when one changes; send_keys
// types #(…), ;, $HOME and a newline as literal text, and tmux runs none
// of it.
func TestMCPAgentsEndToEnd(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	g := srv.Grid()
	for _, p := range g {
		srv.Must("respawn-pane", "-k", "-t", p, "exec cat")
	}
	srv.Must("select-pane", "-t", g[0])
	cs, _ := connectMCP(t, srv.Name, "--allow-input")
	list, err := cs.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	for _, want := range []string{"list_agents", "send_keys", "wait_for_agent"} {
		if !slices.Contains(names, want) {
			t.Errorf("panemap mcp --allow-input does not offer %s: %v", want, names)
		}
	}

	// What `panemap hook` sets, set by tmux itself: g[1] by its state
	// alone, g[2] with the agent's name too, where a fake codex runs.
	srv.Must("set", "-p", "-t", g[1], "@panemap-agent-state", "waiting")
	cat, err := exec.LookPath("cat")
	if err != nil {
		t.Fatal(err)
	}
	codex := filepath.Join(t.TempDir(), "codex") // its process tree names the agent
	if err := os.Symlink(cat, codex); err != nil {
		t.Fatal(err)
	}
	srv.Must("respawn-pane", "-k", "-t", g[2], "exec "+codex)
	srv.WaitRunning(20*time.Second, g[2], "codex")
	srv.Must("set", "-p", "-t", g[2], "@panemap-agent-name", "codex")
	srv.Must("set", "-p", "-t", g[2], "@panemap-agent-state", "working")
	res := callMCP(t, cs, "list_agents", map[string]any{})
	var listed struct {
		Agents []struct {
			Pane   string `json:"pane"`
			Agent  string `json:"agent"`
			State  string `json:"state"`
			Source string `json:"source"`
		} `json:"agents"`
	}
	raw, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(raw, &listed); res.IsError || err != nil {
		t.Fatalf("list_agents: %s %s", text(res), raw)
	}
	got := map[string]string{}
	for _, a := range listed.Agents {
		got[a.Pane] = a.State + " " + a.Source
	}
	if want := map[string]string{g[1]: "waiting hook", g[2]: "working hook"}; !maps.Equal(got, want) {
		t.Errorf("list_agents = %v, want %v:\n%s", got, want, text(res))
	}
	if !strings.Contains(text(res), "STATE") || !strings.Contains(text(res), g[1]) {
		t.Errorf("list_agents' text is not a table naming %s:\n%s", g[1], text(res))
	}

	// wait_for_agent wakes on a change: it is waiting (its first progress
	// notification says so) before the state changes.
	progressed := make(chan struct{}, 1)
	waiter, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "panemap-e2e-wait", Version: "1"}, &sdkmcp.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *sdkmcp.ProgressNotificationClientRequest) {
			select {
			case progressed <- struct{}{}:
			default:
			}
		},
	}).Connect(t.Context(), &sdkmcp.CommandTransport{Command: mcpCommandFor(t, srv.Name)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = waiter.Close() })
	params := &sdkmcp.CallToolParams{Name: "wait_for_agent",
		Arguments: map[string]any{"panes": []string{g[2]}, "states": []string{"done", "error"}, "timeout_ms": 30_000}}
	params.SetProgressToken("e2e")
	answer := make(chan *sdkmcp.CallToolResult, 1)
	go func() {
		res, err := waiter.CallTool(t.Context(), params)
		if err != nil {
			t.Error(err)
		}
		answer <- res
	}()
	select {
	case <-progressed:
	case res := <-answer:
		t.Fatalf("wait_for_agent answered before the change: %+v", res)
	case <-time.After(20 * time.Second):
		t.Fatal("no progress from wait_for_agent")
	}
	srv.Must("set", "-p", "-t", g[2], "@panemap-agent-state", "done")
	select {
	case res := <-answer:
		sc, _ := res.StructuredContent.(map[string]any)
		if res.IsError || sc["matched"] != true || sc["pane"] != g[2] || sc["state"] != "done" || sc["agent"] != "codex" {
			t.Errorf("wait_for_agent: %s %v", text(res), sc)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("wait_for_agent did not wake when the state changed")
	}

	// send_keys: literal text into cat, which prints each line back.
	touched := filepath.Join(t.TempDir(), "X")
	line := "#(touch " + touched + ") ; $HOME #{pane_id}"
	res = callMCP(t, cs, "send_keys", map[string]any{"pane": g[3], "text": line + "\nnext\n"})
	if res.IsError {
		t.Fatalf("send_keys: %s", text(res))
	}
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		screen := srv.Must("capture-pane", "-p", "-t", g[3])
		return strings.Count(screen, line+"\n") == 2 && strings.Count(screen, "next\n") == 2
	}, "%s to show %q and %q, each echoed and printed back:\n%s", g[3], line, "next", srv.Must("capture-pane", "-p", "-t", g[3]))
	if _, err := os.Stat(touched); !os.IsNotExist(err) {
		t.Errorf("tmux ran #(touch %s): %v", touched, err)
	}
	res = callMCP(t, cs, "send_keys", map[string]any{"pane": g[3], "keys": []string{"F12"}})
	if !res.IsError || errorMeta(t, res).Kind != "invalid_input" || !strings.Contains(text(res), "F12") {
		t.Errorf("send_keys F12: %q", text(res))
	}
	if _, err := srv.Run("list-sessions"); err != nil {
		t.Errorf("the tmux server did not survive: %v", err)
	}
}

// mcpCommandFor is `panemap -L socket mcp` as connectMCP starts it.
func mcpCommandFor(t *testing.T, socket string) *exec.Cmd {
	cmd := exec.Command(tmuxtest.Panemap(t), "-L", socket, "mcp")
	cmd.Env = mcpEnv()
	return cmd
}

// TestMCPInputIsOptIn: without --allow-input the binary offers no
// send_keys, nor with --read-only; both flags together stop it at start
// with an error naming them, before any protocol.
func TestMCPInputIsOptIn(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	for _, args := range [][]string{nil, {"--read-only"}, {"--no-content"}} {
		cs, _ := connectMCP(t, srv.Name, args...)
		list, err := cs.ListTools(t.Context(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range list.Tools {
			if tool.Name == "send_keys" {
				t.Errorf("panemap mcp %v offers send_keys", args)
			}
		}
	}
	cmd := exec.Command(tmuxtest.Panemap(t), "-L", srv.Name, "mcp", "--read-only", "--allow-input")
	cmd.Env = mcpEnv()
	var stdout, stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(""), &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 || stdout.Len() != 0 ||
		!strings.Contains(stderr.String(), "--allow-input") || !strings.Contains(stderr.String(), "--read-only") {
		t.Errorf("panemap mcp --read-only --allow-input: %v, stdout %q, stderr %q; want exit 2 naming both flags", err, stdout.String(), stderr.String())
	}
}
