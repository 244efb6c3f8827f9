package main

import (
	"bufio"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestMCPSurvivesBadLines drives the binary with raw lines: after
// initialize, each line that is not a JSON-RPC message the server can take
// gets its JSON-RPC error (-32700 for a line that is not JSON, -32600 for
// any other, with the request's id when it has one; -32601 for an unknown
// method) and the server goes on: tools/list and a list_panes call after
// them are answered, and only the end of stdin ends the process, with
// status 0. JSON-RPC 2.0 asks this, and the official TypeScript and Python
// servers do it; the SDK's own reader ended the session at the first
// malformed line.
func TestMCPSurvivesBadLines(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	pane := srv.Display("main:0.0", "#{pane_id}")
	cmd, stdin, stdout, stderr := startRawMCP(t, srv.Name)
	defer stdin.Close()
	answers := make(chan map[string]any, 16)
	go func() {
		defer close(answers)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var msg map[string]any
			if err := json.Unmarshal(sc.Bytes(), &msg); err != nil || msg["jsonrpc"] != "2.0" {
				msg = map[string]any{"not JSON-RPC": sc.Text()}
			}
			answers <- msg
		}
	}()
	send := func(line string) {
		t.Helper()
		if _, err := io.WriteString(stdin, line+"\n"); err != nil {
			t.Fatalf("writing %.80q: %v\nstderr:\n%s", line, err, stderr)
		}
	}
	next := func(after string) map[string]any {
		t.Helper()
		select {
		case msg, ok := <-answers:
			if !ok {
				t.Fatalf("stdout ended after %.80q\nstderr:\n%s", after, stderr)
			}
			if msg["not JSON-RPC"] != nil {
				t.Fatalf("after %.80q, stdout line is not a JSON-RPC message: %q", after, msg["not JSON-RPC"])
			}
			return msg
		case <-time.After(mcpWait):
			t.Fatalf("no answer to %.80q within %v\nstderr:\n%s", after, mcpWait, stderr)
		}
		return nil
	}

	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	if msg := next("initialize"); msg["id"] != 1.0 || msg["result"] == nil {
		t.Fatalf("initialize: %v", msg)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)

	for _, c := range []struct {
		line string
		code float64
		id   any  // nil: "id":null
		also bool // one more answer follows: the batch's good call
	}{
		{line: `not json`, code: -32700},
		{line: `{"jsonrpc":"2.0","id":2,"method":"tools/list"`, code: -32700},
		{line: `{"jsonrpc":"2.0","id":2,"method":"ping"} {}`, code: -32700},
		{line: `[1]`, code: -32600},
		{line: `42`, code: -32600},
		{line: `"x"`, code: -32600},
		{line: `null`, code: -32600},
		{line: `[]`, code: -32600},
		{line: `{}`, code: -32600},
		{line: `{"jsonrpc":"1.0","id":3,"method":"ping"}`, code: -32600, id: 3.0},
		{line: `{"jsonrpc":"2.0","id":4}`, code: -32600, id: 4.0},
		{line: `{"jsonrpc":"2.0","id":"five","params":{}}`, code: -32600, id: "five"},
		{line: `[{"jsonrpc":"2.0","id":6,"method":"ping"},{"jsonrpc":"2.0","id":7}]`, code: -32600},
		// The SDK reads this batch and refuses it for its repeated id, then
		// answers the first call.
		{line: `[{"jsonrpc":"2.0","id":8,"method":"ping"},{"jsonrpc":"2.0","id":8,"method":"ping"}]`, code: -32600, also: true},
		{line: `{"jsonrpc":"2.0","id":9,"method":"no/such/method"}`, code: -32601, id: 9.0},
		{line: `{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"list_panes","arguments":{}}` + strings.Repeat(" ", 16<<20) + `}`, code: -32600},
	} {
		send(c.line)
		got := []map[string]any{next(c.line)}
		if c.also {
			got = append(got, next(c.line))
		}
		for _, msg := range got {
			if msg["error"] == nil {
				if msg["id"] != 8.0 || msg["result"] == nil {
					t.Errorf("after %.80q: %v", c.line, msg)
				}
				continue
			}
			e, _ := msg["error"].(map[string]any)
			if e["code"] != c.code || e["message"] == "" || msg["id"] != c.id {
				t.Errorf("%.80q: answer %v, want error %v with id %v", c.line, msg, c.code, c.id)
			}
		}
		if c.also && (got[0]["error"] == nil) == (got[1]["error"] == nil) {
			t.Errorf("%.80q: answers %v, want an error and a result", c.line, got)
		}
	}

	send(`{"jsonrpc":"2.0","id":11,"method":"tools/list"}`)
	msg := next("tools/list")
	r, _ := msg["result"].(map[string]any)
	if tools, _ := r["tools"].([]any); msg["id"] != 11.0 || len(tools) == 0 {
		t.Errorf("tools/list after the bad lines: %v", msg)
	}
	send(`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"list_panes","arguments":{}}}`)
	msg = next("list_panes")
	r, _ = msg["result"].(map[string]any)
	if raw, _ := json.Marshal(r); msg["id"] != 12.0 || r == nil || r["isError"] == true || !strings.Contains(string(raw), pane) {
		t.Errorf("list_panes after the bad lines: %v", msg)
	}
	if !strings.Contains(stderr.String(), "level=WARN msg=\"refused an input line\" code=-32700") {
		t.Errorf("stderr does not say why a line was refused:\n%s", stderr)
	}

	_ = stdin.Close()
	select {
	case msg, ok := <-answers:
		if ok {
			t.Errorf("more output after the last answer: %v", msg)
		}
	case <-time.After(mcpWait):
		t.Errorf("stdout still open %v after stdin closed", mcpWait)
	}
	if code := waitExit(t, cmd); code != 0 {
		t.Fatalf("exit status %d at the end of stdin, want 0\nstderr:\n%s", code, stderr)
	}
}
