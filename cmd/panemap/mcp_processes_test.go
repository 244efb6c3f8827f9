package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestMCPOneTmuxProcessPerCall counts the tmux processes `panemap mcp`
// starts (through a wrapper first on PATH) for each select_pane and
// swap_pane without control mode: exactly one each, the operation and the
// read of its answer in one command list. It runs with
// PANEMAP_CONTROL=never on every tmux, and with the default settings where
// the default is tmux processes (below 3.7).
func TestMCPOneTmuxProcessPerCall(t *testing.T) {
	t.Parallel()
	_, plan := defaultPlan(t)
	policies := []string{"never"}
	if !plan.Control {
		policies = append(policies, "")
	}
	for _, policy := range policies {
		t.Run("PANEMAP_CONTROL="+policy, func(t *testing.T) {
			srv := tmuxtest.Start(t, 0, 0)
			g := srv.Grid()
			w1 := srv.Must("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id}")
			counter := tmuxtest.CountingTmux(t)
			env := counter.Env()
			if policy != "" {
				env = append(env, "PANEMAP_CONTROL="+policy)
			}
			cs, _ := connectMCPEnv(t, srv.Name, env)
			// The first call may also ask tmux its version.
			if res := callMCP(t, cs, "select_pane", map[string]any{"pane": g[0]}); res.IsError {
				t.Fatalf("select_pane: %s", text(res))
			}
			calls := []struct {
				tool string
				args map[string]any
			}{
				{"select_pane", map[string]any{"pane": g[0], "direction": "right"}},
				{"select_pane", map[string]any{"pane": g[1], "direction": "next"}},
				{"select_pane", map[string]any{"pane": g[3], "direction": "last"}},
				{"swap_pane", map[string]any{"source_pane": g[0], "target_pane": g[3]}},
				{"swap_pane", map[string]any{"source_pane": g[1], "target_pane": w1}},
				{"swap_pane", map[string]any{"source_pane": g[2], "target_pane": g[2]}},
			}
			for _, c := range calls {
				n := len(counter.Calls())
				if res := callMCP(t, cs, c.tool, c.args); res.IsError {
					t.Fatalf("%s %v: %s", c.tool, c.args, text(res))
				}
				if got := counter.Calls()[n:]; len(got) != 1 {
					t.Errorf("%s %v: %d tmux processes, want 1:\n%s", c.tool, c.args, len(got), strings.Join(got, "\n"))
				}
			}
			for _, line := range counter.Calls() {
				if f := strings.Fields(line); slices.Contains(f[:min(len(f), 4)], "-C") {
					t.Errorf("a control client was started: %s", line)
				}
			}
		})
	}
}
