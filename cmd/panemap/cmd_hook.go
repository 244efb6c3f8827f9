package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/agentwatch"
)

func hookCommand() command {
	return command{
		name:    "hook",
		summary: "mark this pane's agent as working, waiting, done, idle or error (what an agent's hook runs)",
		args:    "STATE",
		about: `Sets the state of the agent in $TMUX_PANE, on the tmux server $TMUX names, for the map, the
status line and panemap mcp's list_agents (pane options @panemap-agent-state, -since and, with
--agent, -name). An agent's hook runs it: panemap hooks prints the hooks for each agent, and
panemap hooks install AGENT adds them to its settings. It prints nothing; outside a tmux pane,
or with a state it does not know, it says so and exits 2, changing nothing.`,
		define: defineHook,
	}
}

// agentName is what --agent takes: a short word, as the rules name agents.
var agentName = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,31}$`)

func defineHook(fs *flag.FlagSet) runFunc {
	agent := fs.String("agent", "", "the `name` of the agent (claude, codex, gemini, aider, opencode), when the process tree may not tell")
	return func(ctx context.Context, g *globals, args []string) int {
		if len(args) != 1 {
			return usageError(g, fmt.Errorf("hook takes one state: %s", joinStates(agents.HookStates())))
		}
		state, err := hookState(args[0])
		if err != nil {
			return usageError(g, err)
		}
		if *agent != "" && !agentName.MatchString(*agent) {
			return usageError(g, fmt.Errorf("--agent %s: want a short lower-case name such as claude", tmux.Quote(*agent)))
		}
		// -t would name a window; the pane is the one the hook runs in.
		if g.target != "" {
			return usageError(g, errors.New("flag -t does not apply to panemap hook: it marks the pane it runs in ($TMUX_PANE)"))
		}
		pane := g.env.Pane()
		if pane == "" {
			if g.env.TMUXPane == "" {
				return usageError(g, errors.New("TMUX_PANE is not set: panemap hook marks the tmux pane it runs in"))
			}
			return usageError(g, fmt.Errorf("TMUX_PANE %s is no pane id", tmux.Quote(g.env.TMUXPane)))
		}
		o := g.options(g.sock, g.env)
		// One tmux process: a hook runs at every prompt and tool call,
		// and a control client would cost more than the one command.
		o.Control = tmux.ControlNever
		client := tmuxctl.Open(o)
		defer client.Close()
		if err := agentwatch.SetHook(ctx, client, pane, *agent, state); err != nil {
			return fail(g, err)
		}
		return 0
	}
}

// hookState is the state a hook may set, or an error naming the value.
func hookState(s string) (agents.State, error) {
	states := agents.HookStates()
	if st, err := agents.ParseState(s); err == nil && slices.Contains(states, st) {
		return st, nil
	}
	return "", fmt.Errorf("invalid state %s: want %s", tmux.Quote(s), joinStates(states))
}

func joinStates(states []agents.State) string { return strings.Join(stateNames(states), ", ") }

func stateNames(states []agents.State) []string {
	names := make([]string, len(states))
	for i, s := range states {
		names[i] = string(s)
	}
	return names
}
