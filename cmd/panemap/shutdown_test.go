package main

// Logs that hostile input cannot forge, and shutdown of `panemap mcp`
// that is prompt and changes nothing in tmux.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// logfmtPairs splits one slog TextHandler line into key=value pairs,
// reporting false when the line is not well-formed logfmt.
func logfmtPairs(line string) ([][2]string, bool) {
	var pairs [][2]string
	for line != "" {
		k, rest, ok := strings.Cut(line, "=")
		if !ok || k == "" || strings.ContainsAny(k, " \"") {
			return nil, false
		}
		var v string
		if strings.HasPrefix(rest, `"`) {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				return nil, false
			}
			v, _ = strconv.Unquote(q)
			rest = rest[len(q):]
		} else {
			v, rest, _ = strings.Cut(rest, " ")
			rest = " " + rest
			if strings.TrimSpace(rest) == "" {
				rest = ""
			}
		}
		pairs = append(pairs, [2]string{k, v})
		if rest != "" && !strings.HasPrefix(rest, " ") {
			return nil, false
		}
		line = strings.TrimPrefix(rest, " ")
	}
	return pairs, len(pairs) > 0
}

// TestMCPLogsCannotBeForged sends client text built to forge log lines in
// every place a client controls, with debug logging on, and checks that
// every stderr line is one logfmt record from panemap.
func TestMCPLogsCannotBeForged(t *testing.T) {
	srv := tmuxtest.Start(t, 0, 0)
	const forged = "\nlevel=ERROR msg=forged\n"
	cmd := exec.Command(tmuxtest.Panemap(t), "-L", srv.Name, "mcp")
	cmd.Env = mcpEnv() // PANEMAP_LOG=debug
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	reqs := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x` + jsonEsc(forged) + `","version":"1` + jsonEsc(forged) + `"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	}
	id := 2
	add := func(tool string, args map[string]any) {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": map[string]any{"name": tool, "arguments": args}})
		reqs = append(reqs, string(b))
		id++
	}
	add("select_pane", map[string]any{"pane": "%1" + forged})
	add("select_pane", map[string]any{"pane": "%0", "direction": "up" + forged})
	add("swap_pane", map[string]any{"source_pane": "%0", "target_pane": forged})
	add("list_panes", map[string]any{"window": "@0" + forged})
	add("list_panes", map[string]any{"x" + forged: 1})
	add("no_such_tool"+forged, map[string]any{})
	add("select_pane", map[string]any{"pane": "%999"}) // gone: logged as a failure
	reqs = append(reqs, `{"jsonrpc":"2.0","id":"`+jsonEsc(forged)+`","method":"nope`+jsonEsc(forged)+`"}`)
	cmd.Stdin = strings.NewReader(strings.Join(reqs, "\n") + "\n")
	var stdout strings.Builder
	cmd.Stdout = &stdout
	tmuxtest.StartProcess(t, cmd)
	if code := waitExit(t, cmd); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	logs := stderr.String()
	if !strings.Contains(logs, "tool call failed") {
		t.Fatalf("no failure was logged:\n%s", logs)
	}
	for _, line := range strings.Split(strings.TrimSuffix(logs, "\n"), "\n") {
		pairs, ok := logfmtPairs(line)
		if !ok || pairs[0][0] != "time" || len(pairs) < 3 || pairs[1][0] != "level" || pairs[2][0] != "msg" {
			t.Errorf("stderr line is not a log record: %q", line)
			continue
		}
		if pairs[2][1] == "forged" || pairs[1][1] == "ERROR" {
			t.Errorf("forged or error record: %q", line)
		}
	}
	if strings.Count(stdout.String(), "\n") < id-2 {
		t.Errorf("not every call was answered:\n%s", stdout.String())
	}
}

func jsonEsc(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// tmuxFingerprint is the state a shutdown must not change: every
// session, window and pane with focus, zoom, history and marks, and the
// attached clients.
func tmuxFingerprint(t *testing.T, srv *tmuxtest.Server) string {
	t.Helper()
	panes := srv.Must("list-panes", "-a", "-F",
		"#{session_id} #{session_attached} #{window_id} #{window_active} #{window_last_flag} #{window_zoomed_flag} #{window_layout} "+
			"#{pane_id} #{pane_active} #{pane_last} #{pane_marked} #{pane_left},#{pane_top},#{pane_width}x#{pane_height}")
	clients := srv.Must("list-clients", "-F", "#{client_name}")
	return panes + "\nclients:" + clients
}

// TestMCPShutdownLeavesTmuxAsItWas ends a serving panemap mcp, which has
// answered calls (so any connection it keeps is open), by SIGINT, SIGTERM
// and by closing stdin: each ends it promptly with status 0, and tmux is
// as it was before it started (no client left attached, nothing moved).
func TestMCPShutdownLeavesTmuxAsItWas(t *testing.T) {
	srv := tmuxtest.Start(t, 0, 0)
	g := srv.Grid()
	srv.Must("select-pane", "-t", g[1])
	srv.Must("select-pane", "-t", g[2])
	for _, how := range []string{"SIGINT", "SIGTERM", "stdin closed"} {
		t.Run(how, func(t *testing.T) {
			before := tmuxFingerprint(t, srv)
			cmd, stdin, stdout, stderr := startRawMCP(t, srv.Name)
			lines := make(chan string, 8)
			go func() {
				sc := bufio.NewScanner(stdout)
				sc.Buffer(nil, 1<<20)
				for sc.Scan() {
					lines <- sc.Text()
				}
				close(lines)
				_, _ = io.Copy(io.Discard, stdout)
			}()
			send := func(s string) {
				if _, err := fmt.Fprintln(stdin, s); err != nil {
					t.Fatal(err)
				}
			}
			answer := func(id int) {
				t.Helper()
				select {
				case l, ok := <-lines:
					if !ok || !strings.Contains(l, fmt.Sprintf(`"id":%d`, id)) {
						t.Fatalf("answer %d: %q\n%s", id, l, stderr)
					}
				case <-time.After(mcpWait):
					t.Fatalf("no answer %d\n%s", id, stderr)
				}
			}
			send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
			answer(1)
			send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			// Read-only calls: they change nothing, so the fingerprint
			// compares what shutdown itself does.
			send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_panes","arguments":{}}}`)
			answer(2)
			send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_panes","arguments":{"window":"@0"}}}`)
			answer(3)
			var err error
			switch how {
			case "SIGINT":
				err = cmd.Process.Signal(syscall.SIGINT)
			case "SIGTERM":
				err = cmd.Process.Signal(syscall.SIGTERM)
			default:
				err = stdin.Close()
			}
			if err != nil {
				t.Fatal(err)
			}
			if code := waitExit(t, cmd); code != 0 {
				t.Errorf("exit status %d after %s\n%s", code, how, stderr)
			}
			// The control client's detach is the server's to finish.
			var after string
			tmuxtest.Eventually(t, mcpWait, func() bool { after = tmuxFingerprint(t, srv); return after == before },
				"tmux changed after %s:\nbefore:\n%s\nafter:\n%s", how, before, after)
		})
	}
}
