package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// sdkDefaultEnv is what the official MCP SDKs' stdio transports give a
// server when the client sets no env of its own: HOME, LOGNAME, PATH,
// SHELL, TERM and USER, nothing else. TMUX_TMPDIR moves tmux's default
// socket into an empty directory, so the default server, whatever runs
// there, is never asked.
func sdkDefaultEnv(t *testing.T) []string {
	env := []string{"TMUX_TMPDIR=" + t.TempDir()}
	for _, k := range []string{"HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// TestMCPStrippedEnvironmentSaysHowToFix: panemap mcp started, as an
// agent inside tmux starts it, with only the SDKs' default variables finds
// no server on tmux's default socket while the agent's server runs on
// another; the error says how to point it at the right one. Each fix it
// names then works: TMUX and TMUX_PANE in the env, or -S.
func TestMCPStrippedEnvironmentSaysHowToFix(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	pane := srv.Display("main:0", "#{pane_id}")
	window := srv.Display("main:0", "#{window_id}")
	env := sdkDefaultEnv(t)

	cs, _ := connectMCPArgs(t, env, "mcp")
	res := callMCP(t, cs, "list_panes", map[string]any{})
	msg := text(res)
	if !res.IsError || strings.Count(msg, "\n") != 0 {
		t.Fatalf("list_panes with no TMUX: want one line of error, got %q", msg)
	}
	for _, want := range []string{"no tmux server running on tmux's default socket", "TMUX and TMUX_PANE", "-L NAME", "-S PATH"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the error does not say %q: %s", want, msg)
		}
	}

	tmuxVar := srv.Display("main:0", "#{socket_path},#{pid},#{session_id}")
	tmuxVar = strings.Replace(tmuxVar, ",$", ",", 1)
	for name, c := range map[string]struct {
		env  []string
		args []string
	}{
		"TMUX and TMUX_PANE": {append(env, "TMUX="+tmuxVar, "TMUX_PANE="+pane), []string{"mcp"}},
		"-S":                 {env, []string{"-S", srv.SocketPath(), "mcp"}},
		"-S after mcp":       {env, []string{"mcp", "-S", srv.SocketPath()}},
	} {
		cs, _ := connectMCPArgs(t, c.env, c.args...)
		res := callMCP(t, cs, "list_panes", map[string]any{})
		if res.IsError || !strings.Contains(text(res), window) {
			t.Errorf("with %s: list_panes %s", name, text(res))
		}
	}
}

// zedSocket is the socket path the README's Zed snippet shows, for the
// reader to replace with their own.
const zedSocket = "/tmp/tmux-1000/default"

// clientVar is a variable reference an MCP client expands in its
// configuration: ${VAR}, ${VAR:-default} or ${env:VAR}.
var clientVar = regexp.MustCompile(`\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}`)

// snippetServes starts an MCP client snippet's server as a client run
// inside a tmux pane would: the SDKs' default environment, plus the
// snippet's env with the agent's own variables expanded as the client
// expands them, plus the variables it forwards by name. The agent's pane
// is on a private server, not on tmux's default socket; list_panes must
// show the agent's window.
func snippetServes(t *testing.T, command string, args []string, env map[string]string, forwarded []string) {
	t.Helper()
	if command != "panemap" {
		t.Fatalf("snippet runs %q, not panemap", command)
	}
	srv := tmuxtest.Start(t, 0, 0)
	pane := srv.Display("main:0", "#{pane_id}")
	agent := map[string]string{
		"TMUX":      strings.Replace(srv.Display("main:0", "#{socket_path},#{pid},#{session_id}"), ",$", ",", 1),
		"TMUX_PANE": pane,
	}
	childEnv := append(sdkDefaultEnv(t), "PATH="+binPath(t))
	for k, v := range env {
		childEnv = append(childEnv, k+"="+clientVar.ReplaceAllStringFunc(v, func(ref string) string {
			m := clientVar.FindStringSubmatch(ref)
			if v, ok := agent[m[1]]; ok {
				return v
			}
			return m[2]
		}))
	}
	for _, k := range forwarded {
		childEnv = append(childEnv, k+"="+agent[k])
	}
	args = slices.Clone(args)
	for i, a := range args {
		if a == zedSocket {
			args[i] = srv.SocketPath()
		}
	}
	cs, _ := connectMCPArgs(t, childEnv, args...)
	res := callMCP(t, cs, "list_panes", map[string]any{})
	if window := srv.Display("main:0", "#{window_id}"); res.IsError || !strings.Contains(text(res), window) {
		t.Errorf("the snippet's panemap %q with env %v: list_panes %s", args, env, text(res))
	}
}
