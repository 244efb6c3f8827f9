package main

// `panemap mcp` when tmux goes away in every way it can: the binary
// missing from PATH, an old tmux, permission denied on the socket, the
// socket file deleted, the server killed while calls are in flight. Each
// gives a typed error; the process keeps serving and recovers when tmux is
// back.

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// connectMCPCmd connects the go-sdk client to an already prepared command.
func connectMCPCmd(t *testing.T, cmd *exec.Cmd) (*sdkmcp.ClientSession, *syncBuffer) {
	t.Helper()
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	ctx, cancel := context.WithTimeout(t.Context(), mcpWait)
	defer cancel()
	cs, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "panemap-away", Version: "1"}, nil).
		Connect(ctx, &sdkmcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connecting to %v: %v\nstderr:\n%s", cmd.Args, err, stderr)
	}
	t.Cleanup(func() {
		_ = cs.Close()
		if t.Failed() {
			t.Logf("panemap mcp stderr:\n%s", stderr)
		}
	})
	return cs, stderr
}

// withPath is mcpEnv with PATH replaced.
func withPath(path string) []string {
	var env []string
	for _, kv := range mcpEnv() {
		if !strings.HasPrefix(kv, "PATH=") {
			env = append(env, kv)
		}
	}
	return append(env, "PATH="+path)
}

// wantFailure checks a call failed with the given meta and a message
// containing every one of says.
func wantFailure(t *testing.T, res *sdkmcp.CallToolResult, when string, want mcp.ErrorMeta, says ...string) {
	t.Helper()
	if !res.IsError {
		t.Fatalf("%s: call succeeded: %s", when, text(res))
	}
	if m := errorMeta(t, res); m != want {
		t.Errorf("%s: meta %+v, want %+v (%s)", when, m, want, text(res))
	}
	for _, s := range says {
		if !strings.Contains(text(res), s) {
			t.Errorf("%s: message %q does not say %q", when, text(res), s)
		}
	}
}

func writeScript(t *testing.T, path, body string) {
	t.Helper()
	_ = os.Remove(path)
	tmuxtest.WriteExecutable(t, path, []byte("#!/bin/sh\n"+body))
}

// TestMCPTmuxMissingOldAndBack runs one panemap mcp process while its PATH
// first has no tmux, then a tmux 3.1, then the real tmux.
func TestMCPTmuxMissingOldAndBack(t *testing.T) {
	srv := tmuxtest.Start(t, 0, 0)
	pane := srv.Display("main:0.0", "#{pane_id}")
	real, err := exec.LookPath("tmux")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cmd := exec.Command(tmuxtest.Panemap(t), "-L", srv.Name, "mcp")
	cmd.Env = withPath(dir)
	cs, _ := connectMCPCmd(t, cmd)

	serverGone := mcp.ErrorMeta{Kind: tmux.KindServerGone, Retryable: true}
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"list_panes", map[string]any{}},
		{"select_pane", map[string]any{"pane": pane}},
		{"swap_pane", map[string]any{"source_pane": pane, "target_pane": "%1"}},
	} {
		wantFailure(t, callMCP(t, cs, c.tool, c.args), "no tmux in PATH: "+c.tool, serverGone, "tmux not found")
	}
	// Input is judged before tmux is looked for.
	wantFailure(t, callMCP(t, cs, "select_pane", map[string]any{"pane": "{marked}"}), "hostile id, no tmux",
		mcp.ErrorMeta{Kind: tmux.KindInvalidInput}, `"{marked}"`)

	// An old tmux server: every call says which version is needed, and
	// nothing but the reads of the server's version ran (the script would
	// record any other call). They are the server's #{version}, read on
	// the way to a control client or alone; `tmux -V` would say 3.7c.
	calls := filepath.Join(t.TempDir(), "calls")
	writeScript(t, filepath.Join(dir, "tmux"), `case "$*" in -V) echo "tmux 3.7c"; exit 0;;
*'V#{version}'*) echo 'B $0 V3.1'; exit 0;; *'#{version}'*) echo 3.1; exit 0;; esac
echo "$@" >> `+calls+`
echo "unknown flag -f" >&2
exit 1
`)
	unsupported := mcp.ErrorMeta{Kind: tmux.KindUnsupported}
	wantFailure(t, callMCP(t, cs, "list_panes", map[string]any{}), "tmux 3.1: list_panes", unsupported, "tmux 3.1 is too old", "needs tmux 3.2 or newer")
	wantFailure(t, callMCP(t, cs, "select_pane", map[string]any{"pane": pane}), "tmux 3.1: select_pane", unsupported, "3.2")
	wantFailure(t, callMCP(t, cs, "swap_pane", map[string]any{"source_pane": pane, "target_pane": pane}), "tmux 3.1: swap_pane", unsupported, "3.2")
	if b, err := os.ReadFile(calls); err == nil {
		t.Errorf("commands reached a tmux too old to run them:\n%s", b)
	}

	// tmux is upgraded under the running server: no restart needed.
	_ = os.Remove(filepath.Join(dir, "tmux"))
	if err := os.Symlink(real, filepath.Join(dir, "tmux")); err != nil {
		t.Fatal(err)
	}
	res := callMCP(t, cs, "select_pane", map[string]any{"pane": pane})
	if sc, _ := res.StructuredContent.(map[string]any); res.IsError || sc["id"] != pane {
		t.Fatalf("select_pane once tmux is back: %s", text(res))
	}
}

// TestMCPPermissionDeniedMessage checks the classification of tmux's own
// "Permission denied" text with a tmux that prints exactly what tmux 3.3a
// prints (see TestMCPPermissionDeniedReal for the real thing).
func TestMCPPermissionDeniedMessage(t *testing.T) {
	tmuxtest.Available(t)
	dir := t.TempDir()
	name := tmuxtest.UniqueName("pmperm")
	writeScript(t, filepath.Join(dir, "tmux"), `case "$1" in -V) echo "tmux 3.3a"; exit 0;; esac
echo "error connecting to /tmp/tmux-0/`+name+` (Permission denied)" >&2
exit 1
`)
	cmd := exec.Command(tmuxtest.Panemap(t), "-L", name, "mcp")
	cmd.Env = withPath(dir)
	cs, _ := connectMCPCmd(t, cmd)
	wantFailure(t, callMCP(t, cs, "list_panes", map[string]any{}), "list_panes",
		mcp.ErrorMeta{Kind: tmux.KindServerGone, Retryable: true}, "permission denied", name)
	wantFailure(t, callMCP(t, cs, "select_pane", map[string]any{"pane": "%0"}), "select_pane",
		mcp.ErrorMeta{Kind: tmux.KindServerGone, Retryable: true}, "permission denied", name)
}

// TestMCPPermissionDeniedReal runs panemap mcp as another user against a
// server whose socket directory that user cannot enter. Root ignores file
// permissions, so this needs either a non-root test run (then the user is
// ourselves and the server root's — not available) or root dropping to
// nobody with setpriv, which is what it does.
func TestMCPPermissionDeniedReal(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root, to run panemap as another user")
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("setpriv not installed")
	}
	srv := tmuxtest.Start(t, 0, 0)
	// A copy of the binary that nobody may run.
	binDir, err := os.MkdirTemp("", "panemap-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(binDir) })
	if err := os.Chmod(binDir, 0o755); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(tmuxtest.Panemap(t))
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(binDir, "panemap")
	tmuxtest.WriteExecutable(t, bin, src)
	if fi, err := os.Stat(filepath.Dir(srv.SocketPath())); err != nil || fi.Mode().Perm()&0o001 != 0 {
		t.Skipf("socket directory is enterable by others (%v, %v)", fi.Mode(), err)
	}
	cmd := exec.Command(setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--", bin, "-S", srv.SocketPath(), "mcp")
	cmd.Env = append(withPath(os.Getenv("PATH")), "HOME=/")
	cs, _ := connectMCPCmd(t, cmd)
	wantFailure(t, callMCP(t, cs, "list_panes", map[string]any{}), "as nobody",
		mcp.ErrorMeta{Kind: tmux.KindServerGone, Retryable: true}, "permission denied", srv.SocketPath())
	wantFailure(t, callMCP(t, cs, "select_pane", map[string]any{"pane": "%0"}), "as nobody",
		mcp.ErrorMeta{Kind: tmux.KindServerGone, Retryable: true}, "permission denied")
	if _, err := srv.Run("list-sessions"); err != nil {
		t.Errorf("server: %v", err)
	}
}

// TestMCPSocketDeletedAndRecreated deletes the socket file of a running
// server (as a tmp cleaner would). A panemap mcp that already holds a
// control connection may keep serving through it; one started afterwards
// cannot reach the server and says it is gone. Once tmux recreates its
// socket (it does on SIGUSR1), both serve.
func TestMCPSocketDeletedAndRecreated(t *testing.T) {
	srv := tmuxtest.Start(t, 0, 0)
	pane := srv.Display("main:0.0", "#{pane_id}")
	pid, err := strconv.Atoi(srv.Must("display-message", "-p", "#{pid}"))
	if err != nil {
		t.Fatal(err)
	}
	// If the test fails with the socket gone, cleanup cannot reach the
	// server through it.
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGTERM) })
	early, _ := connectMCP(t, srv.Name)
	if res := callMCP(t, early, "select_pane", map[string]any{"pane": pane}); res.IsError {
		t.Fatalf("select_pane: %s", text(res))
	}
	if err := os.Remove(srv.SocketPath()); err != nil {
		t.Fatal(err)
	}
	late, _ := connectMCP(t, srv.Name)
	serverGone := mcp.ErrorMeta{Kind: tmux.KindServerGone, Retryable: true}
	for _, tool := range []string{"list_panes", "select_pane"} {
		args := map[string]any{}
		if tool == "select_pane" {
			args["pane"] = pane
		}
		wantFailure(t, callMCP(t, late, tool, args), "socket deleted: "+tool, serverGone, srv.Name)
		if res := callMCP(t, early, tool, args); res.IsError {
			wantFailure(t, res, "socket deleted, connected before: "+tool, serverGone, srv.Name)
		}
	}
	if err := syscall.Kill(pid, syscall.SIGUSR1); err != nil {
		t.Fatal(err)
	}
	tmuxtest.Eventually(t, mcpWait, func() bool { _, err := os.Stat(srv.SocketPath()); return err == nil }, "tmux did not recreate its socket")
	for _, cs := range []*sdkmcp.ClientSession{early, late} {
		if res := callMCP(t, cs, "select_pane", map[string]any{"pane": pane}); res.IsError {
			t.Fatalf("select_pane after the socket came back: %s", text(res))
		}
	}
}

// TestMCPServerKilledMidCall kills the tmux server while calls are in
// flight: each is answered (done before the kill, or server_gone after),
// none hangs past its deadline, and a new server on the same socket is
// served by the same process.
func TestMCPServerKilledMidCall(t *testing.T) {
	srv := tmuxtest.Start(t, 0, 0)
	g := srv.Grid()
	cs, stderr := connectMCP(t, srv.Name)

	// -short samples: 20 calls a worker, still well past the kill.
	workers, each := 6, tmuxtest.Rounds(40, 20)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var ok, gone int
	answered := make(chan struct{}, workers*each)
	for w := range workers {
		wg.Go(func() {
			for i := range each {
				p := g[(w+i)%4]
				var args map[string]any
				tool := []string{"select_pane", "swap_pane", "list_panes"}[i%3]
				switch tool {
				case "select_pane":
					args = map[string]any{"pane": p, "direction": "right"}
				case "swap_pane":
					args = map[string]any{"source_pane": p, "target_pane": g[(w+i+1)%4]}
				default:
					args = map[string]any{}
				}
				ctx, cancel := context.WithTimeout(t.Context(), callDeadline)
				res, err := cs.CallTool(ctx, &sdkmcp.CallToolParams{Name: tool, Arguments: args})
				cancel()
				answered <- struct{}{}
				if err != nil {
					t.Errorf("%s %v: no answer within %v: %v", tool, args, callDeadline, err)
					continue
				}
				mu.Lock()
				if !res.IsError {
					ok++
				} else if m := errorMeta(t, res); m.Kind == tmux.KindServerGone || m.Kind == tmux.KindGone {
					gone++
				} else {
					t.Errorf("%s %v: %+v %s", tool, args, m, text(res))
				}
				mu.Unlock()
			}
		})
	}
	// Kill the server once a few calls have been answered.
	for range workers * 2 {
		<-answered
	}
	srv.Kill()
	wg.Wait()
	if gone == 0 {
		t.Errorf("no call saw the server gone (%d ok)", ok)
	}

	srv2 := tmuxtest.StartNamed(t, srv.Name, 0, 0)
	pane := srv2.Display("main:0.0", "#{pane_id}")
	if res := callMCP(t, cs, "select_pane", map[string]any{"pane": pane}); res.IsError {
		t.Fatalf("after a new server started: %s\n%s", text(res), stderr)
	}
}

// callDeadline bounds a call's wait for its answer so that a call that
// is never answered (waiting on a dead server, a lost reply) fails the
// test instead of hanging it. It says nothing about speed: tmux answers
// in milliseconds, but a loaded 2-core machine has taken over 2 s for one
// call of TestMCPChaos's 8 at once, and tests never assert on time.
const callDeadline = 30 * time.Second
