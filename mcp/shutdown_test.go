package mcp_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestServeStdioLeavesNoGoroutine serves over the control-mode transport
// (with its reader and event goroutines) until stdin closes, and until the
// context is cancelled, then checks every goroutine it started is gone.
func TestServeStdioLeavesNoGoroutine(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	for _, how := range []string{"stdin closed", "context cancelled"} {
		t.Run(how, func(t *testing.T) {
			base := runtime.NumGoroutine()
			client := tmuxctl.Open(tmuxctl.Options{
				Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(),
				Control: tmux.ControlAlways, // exercise control mode even where auto would not
			})
			server, err := mcp.New(client, mcp.Options{})
			if err != nil {
				t.Fatal(err)
			}
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- mcp.ServeStdio(ctx, server, inR, outW, nil) }()
			lines := bufio.NewScanner(outR)
			lines.Buffer(nil, 1<<20)
			send := func(s string) {
				if _, err := fmt.Fprintln(inW, s); err != nil {
					t.Fatal(err)
				}
			}
			send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
			if !lines.Scan() || !strings.Contains(lines.Text(), `"id":1`) {
				t.Fatalf("initialize: %q", lines.Text())
			}
			send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_panes","arguments":{}}}`)
			if !lines.Scan() || !strings.Contains(lines.Text(), `"id":2`) || strings.Contains(lines.Text(), `"isError":true`) {
				t.Fatalf("list_panes: %q", lines.Text())
			}
			if !strings.Contains(srv.Must("list-clients", "-F", "#{client_control_mode}"), "1") {
				t.Errorf("the control connection is not in use: the test proves less than it says")
			}
			go func() { _, _ = io.Copy(io.Discard, outR) }() // whatever else it writes
			if how == "stdin closed" {
				_ = inW.Close()
			} else {
				cancel()
			}
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("ServeStdio: %v", err)
				}
				_ = outW.Close()
			case <-time.After(10 * time.Second):
				t.Fatal("ServeStdio did not return")
			}
			if err := client.Close(); err != nil {
				t.Errorf("closing the client: %v", err)
			}
			_ = inW.Close()
			var n int
			tmuxtest.Eventually(t, 20*time.Second, func() bool { n = runtime.NumGoroutine(); return n <= base },
				"goroutines left behind: %d, had %d before:\n%s", n, base, stacks())
		})
	}
}

func stacks() string {
	buf := make([]byte, 1<<20)
	return string(buf[:runtime.Stack(buf, true)])
}
