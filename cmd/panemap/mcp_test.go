package main

// Tests of `panemap mcp` as an MCP client starts it: the real binary over
// stdio, in the bare environment clients give their servers (no TMUX, a C
// locale), against private tmux servers.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
)

const mcpWait = 10 * time.Second

// mcpEnv is what an MCP client typically gives a server: no TMUX or
// TMUX_PANE, and no locale but C.
func mcpEnv() []string {
	var env []string
	for _, kv := range tmuxtest.Env() {
		if strings.HasPrefix(kv, "LANG=") || strings.HasPrefix(kv, "LC_") || strings.HasPrefix(kv, "LANGUAGE=") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "LC_ALL=C", "PANEMAP_LOG=debug")
}

// syncBuffer collects a child's stderr for failure messages.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// connectMCP starts `panemap -L socket mcp args...` and connects the
// go-sdk client to it over its stdin and stdout.
func connectMCP(t *testing.T, socket string, args ...string) (*sdkmcp.ClientSession, *syncBuffer) {
	t.Helper()
	return connectMCPEnv(t, socket, mcpEnv(), args...)
}

// connectMCPEnv is connectMCP with the server's environment given.
func connectMCPEnv(t *testing.T, socket string, env []string, args ...string) (*sdkmcp.ClientSession, *syncBuffer) {
	t.Helper()
	return connectMCPArgs(t, env, append([]string{"-L", socket, "mcp"}, args...)...)
}

// connectMCPArgs starts panemap with these arguments and environment, and
// connects the go-sdk client to it.
func connectMCPArgs(t *testing.T, env []string, args ...string) (*sdkmcp.ClientSession, *syncBuffer) {
	t.Helper()
	cmd := exec.Command(tmuxtest.Panemap(t), args...)
	cmd.Env = env
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	ctx, cancel := context.WithTimeout(t.Context(), mcpWait)
	defer cancel()
	cs, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "panemap-e2e", Version: "1"}, nil).
		Connect(ctx, &sdkmcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connecting to panemap mcp: %v\nstderr:\n%s", err, stderr)
	}
	t.Cleanup(func() {
		if err := cs.Close(); err != nil {
			t.Logf("closing the session: %v", err)
		}
		if t.Failed() {
			t.Logf("panemap mcp stderr:\n%s", stderr)
		}
	})
	return cs, stderr
}

func callMCP(t *testing.T, cs *sdkmcp.ClientSession, tool string, args map[string]any) *sdkmcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), mcpWait)
	defer cancel()
	res, err := cs.CallTool(ctx, &sdkmcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s %v: %v", tool, args, err)
	}
	return res
}

func errorMeta(t *testing.T, res *sdkmcp.CallToolResult) mcp.ErrorMeta {
	t.Helper()
	var m mcp.ErrorMeta
	raw, _ := json.Marshal(res.Meta[mcp.ErrorMetaKey])
	if err := json.Unmarshal(raw, &m); err != nil || m.Kind == "" {
		t.Fatalf("result %+v has no %s meta", res, mcp.ErrorMetaKey)
	}
	return m
}

func text(res *sdkmcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*sdkmcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

func TestMCPBinaryWithGoClient(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	g := srv.Grid()
	srv.Must("select-pane", "-t", g[3], "-T", "café ☕")
	cs, _ := connectMCP(t, srv.Name)

	if init := cs.InitializeResult(); init == nil || init.ServerInfo.Name != "panemap" {
		t.Fatalf("initialize result %+v", init)
	}
	list, err := cs.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	if want := []string{"apply_layout", "capture_pane", "delete_layout", "list_agents", "list_layouts", "list_panes", "move_pane", "rename_window", "resize_pane",
		"save_layout", "search_panes", "select_layout", "select_pane", "set_pane_title", "swap_pane", "wait_for_agent", "wait_for_text"}; !slices.Equal(names, want) {
		t.Errorf("tools/list = %v, want %v", names, want)
	}

	res := callMCP(t, cs, "select_pane", map[string]any{"pane": g[0], "direction": "right"})
	if res.IsError {
		t.Fatalf("select_pane failed: %s", text(res))
	}
	sc, _ := res.StructuredContent.(map[string]any)
	if sc["id"] != g[1] || sc["active"] != true || sc["caller"] != "unknown" || srv.Active(g[0]) != g[1] {
		t.Errorf("select_pane right from %s: %v; tmux active %s", g[0], sc, srv.Active(g[0]))
	}

	// tmux's output survives the C locale: UTF-8 titles are not mangled.
	res = callMCP(t, cs, "list_panes", map[string]any{"window": srv.Display(g[0], "#{window_id}")})
	raw, _ := json.Marshal(res.StructuredContent)
	if res.IsError || !strings.Contains(string(raw), `"title":"café ☕"`) {
		t.Errorf("list_panes under LC_ALL=C: %s %s", text(res), raw)
	}
	// And the whole server, with its maps, in the same bare environment.
	srv.Must("new-session", "-d", "-s", "second", "exec sh")
	res = callMCP(t, cs, "list_panes", map[string]any{"scope": "server"})
	sc, _ = res.StructuredContent.(map[string]any)
	if panes, _ := sc["panes"].([]any); res.IsError || len(panes) != 5 || !strings.Contains(text(res), "+---") {
		t.Errorf("list_panes scope server under LC_ALL=C: %s", text(res))
	}

	res = callMCP(t, cs, "select_pane", map[string]any{"pane": "%1; kill-server"})
	if !res.IsError || errorMeta(t, res).Kind != "invalid_input" || !strings.Contains(text(res), `"%1; kill-server"`) {
		t.Errorf("hostile pane id: %+v %q", res, text(res))
	}

	// The rearranging tools, through the binary.
	width := srv.Display(g[0], "#{pane_width}")
	res = callMCP(t, cs, "resize_pane", map[string]any{"pane": g[0], "direction": "right", "cells": 3})
	sc, _ = res.StructuredContent.(map[string]any)
	if got := srv.Display(g[0], "#{pane_width}"); res.IsError || fmt.Sprint(sc["width"]) != got || got == width {
		t.Errorf("resize_pane right 3 from width %s: %s %v; tmux width %s", width, text(res), sc, got)
	}
	w0 := srv.Display(g[0], "#{window_id}")
	layout := srv.Display(w0, "#{window_layout}")
	res = callMCP(t, cs, "select_layout", map[string]any{"window": w0, "layout": "tiled"})
	if res.IsError || srv.Display(w0, "#{window_layout}") == layout {
		t.Errorf("select_layout tiled: %s", text(res))
	}
	res = callMCP(t, cs, "select_layout", map[string]any{"window": w0, "layout": layout})
	if res.IsError || srv.Display(w0, "#{window_layout}") != layout {
		t.Errorf("select_layout %s: %s", layout, text(res))
	}
	for _, args := range []map[string]any{
		{"window": w0, "layout": "0000" + layout[4:]},
		{"window": w0 + "\n", "layout": "tiled"},
	} {
		res = callMCP(t, cs, "select_layout", args)
		if !res.IsError || errorMeta(t, res).Kind != "invalid_input" || srv.Display(w0, "#{window_layout}") != layout {
			t.Errorf("select_layout %v: %q", args, text(res))
		}
	}
	res = callMCP(t, cs, "move_pane", map[string]any{"pane": g[3], "to_window": w0, "new_window": true})
	if !res.IsError || errorMeta(t, res).Kind != "invalid_input" || !strings.Contains(text(res), "not both") {
		t.Errorf("move_pane with both to_window and new_window: %q", text(res))
	}
	res = callMCP(t, cs, "move_pane", map[string]any{"pane": g[3], "new_window": true})
	sc, _ = res.StructuredContent.(map[string]any)
	if res.IsError || sc["moved"] != true || srv.Display(g[3], "#{window_panes}") != "1" {
		t.Errorf("move_pane new_window: %s %v", text(res), sc)
	}
	if _, err := srv.Run("list-sessions"); err != nil {
		t.Errorf("the tmux server did not survive: %v", err)
	}
}

// TestMCPServerComesAndGoes starts panemap mcp before any tmux server
// exists on its socket: it must start and list its tools, refuse calls as
// server_gone (retryable), serve the server once it appears, and refuse
// again once it dies, all in the same process.
func TestMCPServerComesAndGoes(t *testing.T) {
	tmuxtest.Available(t)
	name := tmuxtest.UniqueName("pmmcp")
	cs, _ := connectMCP(t, name)

	offered, err := mcp.Tools(mcp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	list, err := cs.ListTools(t.Context(), nil)
	if err != nil || len(list.Tools) != len(offered) {
		t.Fatalf("tools/list without a tmux server: %v, %v", list, err)
	}
	refused := func(when string) {
		t.Helper()
		for _, c := range []struct {
			tool string
			args map[string]any
		}{
			{"list_panes", map[string]any{}},
			{"list_panes", map[string]any{"window": "@0"}},
			{"select_pane", map[string]any{"pane": "%0"}},
			{"swap_pane", map[string]any{"source_pane": "%0", "target_pane": "%1"}},
			{"resize_pane", map[string]any{"pane": "%0", "direction": "up", "cells": 1}},
			{"select_layout", map[string]any{"window": "@0", "layout": "tiled"}},
			{"move_pane", map[string]any{"pane": "%0", "new_window": true}},
			{"capture_pane", map[string]any{"pane": "%0"}}, {"search_panes", map[string]any{"pattern": "x"}},
			{"wait_for_text", map[string]any{"pane": "%0", "pattern": "x", "timeout_ms": 100}},
			{"set_pane_title", map[string]any{"pane": "%0", "title": "x"}}, {"rename_window", map[string]any{"window": "@0", "name": "x"}},
		} {
			res := callMCP(t, cs, c.tool, c.args)
			if !res.IsError {
				t.Fatalf("%s: %s %v succeeded: %s", when, c.tool, c.args, text(res))
			}
			if m := errorMeta(t, res); m != (mcp.ErrorMeta{Kind: "server_gone", Retryable: true}) {
				t.Errorf("%s: %s %v: meta %+v, want server_gone, retryable", when, c.tool, c.args, m)
			}
			if !strings.Contains(text(res), name) {
				t.Errorf("%s: %s: message %q does not name socket %s", when, c.tool, text(res), name)
			}
		}
	}
	refused("before the server starts")

	srv := tmuxtest.StartNamed(t, name, 0, 0)
	pane := srv.Display("main:0.0", "#{pane_id}")
	res := callMCP(t, cs, "list_panes", map[string]any{})
	if res.IsError {
		t.Fatalf("list_panes once the server is up: %s", text(res))
	}
	res = callMCP(t, cs, "select_pane", map[string]any{"pane": pane})
	if sc, _ := res.StructuredContent.(map[string]any); res.IsError || sc["id"] != pane {
		t.Fatalf("select_pane %s once the server is up: %s", pane, text(res))
	}

	srv.Kill()
	refused("after the server died")
}

// TestMCPStdoutIsProtocolOnly drives the binary with raw JSON-RPC lines
// and checks that every line it writes is a JSON-RPC message, and that it
// exits cleanly when stdin closes.
func TestMCPStdoutIsProtocolOnly(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	pane := srv.Display("main:0.0", "#{pane_id}")
	cmd := exec.Command(tmuxtest.Panemap(t), "-L", srv.Name, "mcp")
	cmd.Env = mcpEnv()
	var stdout bytes.Buffer
	stderr := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = &stdout, stderr
	cmd.Stdin = strings.NewReader(strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"select_pane","arguments":{"pane":"` + pane + `"}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"select_pane","arguments":{"pane":"{marked}"}}}`,
		`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"list_panes","arguments":{}}}`,
	}, "\n") + "\n")
	tmuxtest.StartProcess(t, cmd)
	// stdin is a string: it ends after the last request, and the server
	// must answer everything and then exit 0.
	if code := waitExit(t, cmd); code != 0 {
		t.Fatalf("exit status %d after stdin closed\nstderr:\n%s", code, stderr)
	}
	answered := map[float64]map[string]any{}
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var msg map[string]any
		if err := json.Unmarshal(sc.Bytes(), &msg); err != nil || msg["jsonrpc"] != "2.0" {
			t.Fatalf("stdout line is not a JSON-RPC message: %q", sc.Text())
		}
		if id, ok := msg["id"].(float64); ok {
			answered[id] = msg
		}
	}
	for id := 1.0; id <= 5; id++ {
		if answered[id] == nil || answered[id]["result"] == nil {
			t.Errorf("request %v: answer %v", id, answered[id])
		}
	}
	if r, _ := answered[3]["result"].(map[string]any); r == nil || r["isError"] == true {
		t.Errorf("select_pane %s: %v", pane, r)
	}
	if r, _ := answered[4]["result"].(map[string]any); r == nil || r["isError"] != true {
		t.Errorf("select_pane {marked}: %v", r)
	}
	if !strings.Contains(stderr.String(), "level=") {
		t.Errorf("no logs on stderr: %q", stderr)
	}
}

// TestMCPExitsOnSignal checks that SIGTERM (the context from
// signal.NotifyContext) ends a server that is waiting for input.
func TestMCPExitsOnSignal(t *testing.T) {
	srv := tmuxtest.Start(t, 0, 0)
	cmd, stdin, stdout, _ := startRawMCP(t, srv.Name)
	defer stdin.Close()
	fmt.Fprintln(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	// The answer proves the server is up and past signal setup.
	line := make(chan string, 1)
	go func() {
		r := bufio.NewReader(stdout)
		s, _ := r.ReadString('\n')
		line <- s
		_, _ = io.Copy(io.Discard, r)
	}()
	select {
	case s := <-line:
		if !strings.Contains(s, `"id":1`) {
			t.Fatalf("initialize answer %q", s)
		}
	case <-time.After(mcpWait):
		_ = cmd.Process.Kill()
		t.Fatal("no answer to initialize")
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := waitExit(t, cmd); code != 0 {
		t.Errorf("exit status %d after SIGTERM, want 0", code)
	}
}

// startRawMCP starts `panemap -L socket mcp` for raw JSON-RPC lines: its
// stdin and stdout, and its stderr collected.
func startRawMCP(t *testing.T, socket string) (*exec.Cmd, io.WriteCloser, io.Reader, *syncBuffer) {
	t.Helper()
	cmd := exec.Command(tmuxtest.Panemap(t), "-L", socket, "mcp")
	cmd.Env = mcpEnv()
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	tmuxtest.StartProcess(t, cmd)
	return cmd, stdin, stdout, stderr
}

// waitExit waits, bounded, for cmd to exit and returns its status.
func waitExit(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(mcpWait):
		_ = cmd.Process.Kill()
		t.Logf("killed: %v", <-done)
		t.Fatalf("panemap mcp did not exit within %v", mcpWait)
		return -1
	}
}
