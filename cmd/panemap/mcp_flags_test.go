package main

// Tests of `panemap mcp`'s flags that need no tmux server.

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

func TestMCPListTools(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"mcp", "--list-tools"}, []string{"apply_layout", "capture_pane", "delete_layout", "list_agents", "list_layouts", "list_panes", "move_pane", "rename_window", "resize_pane",
			"save_layout", "search_panes", "select_layout", "select_pane", "set_pane_title", "swap_pane", "wait_for_agent", "wait_for_text"}},
		{[]string{"mcp", "--list-tools", "--allow-input"}, []string{"apply_layout", "capture_pane", "delete_layout", "list_agents", "list_layouts", "list_panes", "move_pane", "rename_window", "resize_pane",
			"save_layout", "search_panes", "select_layout", "select_pane", "send_keys", "set_pane_title", "swap_pane", "wait_for_agent", "wait_for_text"}},
		{[]string{"mcp", "--list-tools", "--read-only"}, []string{"capture_pane", "list_agents", "list_layouts", "list_panes", "search_panes", "wait_for_agent", "wait_for_text"}},
		{[]string{"mcp", "--list-tools", "--no-content"}, []string{"apply_layout", "delete_layout", "list_agents", "list_layouts", "list_panes", "move_pane", "rename_window", "resize_pane",
			"save_layout", "select_layout", "select_pane", "set_pane_title", "swap_pane", "wait_for_agent"}},
		{[]string{"mcp", "--list-tools", "--read-only", "--no-content"}, []string{"list_agents", "list_layouts", "list_panes", "wait_for_agent"}},
	} {
		var stdout, stderr bytes.Buffer
		// No tmux is needed, and none is contacted: the socket does not exist.
		code := run(t.Context(), append([]string{"-S", "/nonexistent/panemap-test.sock"}, c.args...), strings.NewReader(""), &stdout, &stderr, func(string) string { return "" })
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr.String())
		}
		var names []string
		for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
			if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(line, " ") {
				names = append(names, f[0])
			}
		}
		if !slices.Equal(names, c.want) {
			t.Errorf("%v listed %v, want %v:\n%s", c.args, names, c.want, stdout.String())
		}
		out := stdout.String()
		if !strings.Contains(out, `title="List Panes" readOnly=true destructive=false idempotent=true openWorld=false`) {
			t.Errorf("%v: list_panes annotations missing:\n%s", c.args, out)
		}
		if slices.Contains(c.want, "swap_pane") {
			for _, want := range []string{
				`title="Swap Panes" readOnly=false destructive=false idempotent=false openWorld=false`,
				`title="Resize Pane" readOnly=false destructive=false idempotent=false openWorld=false`,
				`title="Select Layout" readOnly=false destructive=false idempotent=false openWorld=false`,
				`title="Move Pane" readOnly=false destructive=true idempotent=true openWorld=false`,
				`title="Set Pane Title" readOnly=false destructive=false idempotent=true openWorld=false`,
				`title="List Agents" readOnly=true destructive=false idempotent=true openWorld=false`,
				`title="Wait For Agent" readOnly=true destructive=false idempotent=true openWorld=false`,
			} {
				if !strings.Contains(out, want) {
					t.Errorf("%v: annotations %s missing:\n%s", c.args, want, out)
				}
			}
		}
	}
}

// TestMCPAllowInputListTools: send_keys is listed only with --allow-input,
// with annotations that say it can change anything; --allow-input with
// --read-only is a usage error that says why, and starts no server.
func TestMCPAllowInputListTools(t *testing.T) {
	t.Parallel()
	noEnv := func(string) string { return "" }
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), []string{"-S", "/nonexistent/panemap-test.sock", "mcp", "--list-tools", "--allow-input"}, strings.NewReader(""), &stdout, &stderr, noEnv); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if want := `title="Send Keys" readOnly=false destructive=true idempotent=false openWorld=true`; !strings.Contains(stdout.String(), want) {
		t.Errorf("--allow-input --list-tools lacks %s:\n%s", want, stdout.String())
	}
	for _, args := range [][]string{{"mcp", "--allow-input", "--read-only"}, {"mcp", "--read-only", "--list-tools", "--allow-input"}} {
		var stdout, stderr bytes.Buffer
		if code := run(t.Context(), append([]string{"-S", "/nonexistent/panemap-test.sock"}, args...), strings.NewReader(""), &stdout, &stderr, noEnv); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		if stdout.Len() != 0 || !strings.Contains(stderr.String(), "--allow-input") || !strings.Contains(stderr.String(), "--read-only") {
			t.Errorf("%v: stdout %q, stderr %q; want nothing on stdout and an error naming both flags", args, stdout.String(), stderr.String())
		}
	}
}

func TestMCPUsageErrors(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"mcp", "--bogus"}, {"mcp", "extra"}} {
		var stdout, stderr bytes.Buffer
		if code := run(t.Context(), args, strings.NewReader(""), &stdout, &stderr, func(string) string { return "" }); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		if stdout.Len() != 0 {
			t.Errorf("%v wrote to stdout: %q", args, stdout.String())
		}
	}
}
