package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/agentwatch"
)

func agentsCommand() command {
	return command{
		name:    "agents",
		summary: "list the panes that run coding agents and what each is doing (explain PANE: why)",
		args:    "[explain PANE]",
		about: `Lists every pane on the server that runs a coding agent (Claude Code, Codex, Gemini CLI, Aider,
OpenCode): where it is, the agent, its state (working, waiting, done, idle, error, exited,
unknown), since when, and what decided it. -t narrows it to a session (-t work) or a window
(-t work:2). --json prints what panemap mcp's list_agents answers; --status one short line for
tmux's status line ("2 waiting · 1 done", nothing when no pane runs an agent):
set -g status-right '#(panemap agents --status)' with set -g status-interval 1.
panemap agents explain %3 says which hook, title rule or screen rule decided pane %3's state,
and what each source considered said. Rules of your own, adding to panemap's or replacing
them by id: ~/.config/panemap/agents.json (under $XDG_CONFIG_HOME when set).`,
		define: defineAgents,
	}
}

type agentsFlags struct{ status, json bool }

func defineAgents(fs *flag.FlagSet) runFunc {
	var f agentsFlags
	fs.BoolVar(&f.status, "status", false, "print one line for tmux's status line: \"2 waiting · 1 done\"")
	fs.BoolVar(&f.json, "json", false, "print JSON, with the fields of panemap mcp's list_agents")
	return func(ctx context.Context, g *globals, args []string) int {
		if len(args) > 0 && args[0] == "explain" {
			if len(args) != 2 {
				return usageError(g, fmt.Errorf("agents explain takes one pane id, such as %%3"))
			}
			if f.status {
				return usageError(g, fmt.Errorf("flag --status does not apply to panemap agents explain"))
			}
			pane, err := tmux.ParsePaneID(args[1])
			if err != nil {
				return usageError(g, err)
			}
			return runExplain(ctx, g, pane, f.json)
		}
		if len(args) > 0 {
			return usageError(g, fmt.Errorf("unexpected argument %s: agents takes nothing, or explain PANE", tmux.Quote(args[0])))
		}
		if f.status && f.json {
			return usageError(g, fmt.Errorf("give --status or --json, not both"))
		}
		return runAgents(ctx, g, f)
	}
}

// agentsClient talks to tmux a process per call: the status line runs
// panemap every second, where a control client's start would cost more
// than the one read, and below 3.7 must not be started at all.
func agentsClient(g *globals) *tmuxctl.Client {
	o := g.options(g.sock, g.env)
	o.Control = tmux.ControlNever
	return tmuxctl.Open(o)
}

func agentsWatcher(g *globals, c *tmuxctl.Client) (*agentwatch.Watcher, error) {
	rules, err := agents.LoadRules("")
	if err != nil {
		return nil, err
	}
	return agentwatch.New(c, rules), nil
}

// agentsRequest is the whole server, or what -t names: a session (-t
// work, -t '$1'), or a window (-t work:2, -t @4).
func agentsRequest(ctx context.Context, g *globals, c *tmuxctl.Client) (tmuxctl.ListRequest, error) {
	if g.target == "" {
		return tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer}, nil
	}
	sid, wid, err := c.ResolveWindow(ctx, g.target)
	if err != nil {
		return tmuxctl.ListRequest{}, err
	}
	if strings.Contains(g.target, ":") || strings.HasPrefix(g.target, "@") {
		return tmuxctl.ListRequest{Scope: tmuxctl.ScopeWindow, Session: sid, Window: wid}, nil
	}
	return tmuxctl.ListRequest{Scope: tmuxctl.ScopeSession, Session: sid}, nil
}

func runAgents(ctx context.Context, g *globals, f agentsFlags) int {
	client := agentsClient(g)
	defer client.Close()
	w, err := agentsWatcher(g, client)
	if err != nil {
		return fail(g, err)
	}
	req, err := agentsRequest(ctx, g, client)
	if err != nil {
		return fail(g, err)
	}
	list, err := w.List(ctx, req)
	if err != nil {
		return fail(g, err)
	}
	switch {
	case f.status:
		if s := agents.Summary(list); s != "" {
			fmt.Fprintln(g.stdout, s)
		}
	case f.json:
		return writeJSON(g, mcp.ViewAgents(req.Scope, list, true))
	default:
		printAgents(g.stdout, list, time.Now())
	}
	return 0
}

func writeJSON(g *globals, v any) int {
	enc := json.NewEncoder(g.stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fail(g, err)
	}
	return 0
}

// printAgents prints the agents as a table, a waiting agent's question
// under its line.
func printAgents(w io.Writer, list []agentwatch.Agent, now time.Time) {
	if len(list) == 0 {
		fmt.Fprintln(w, "no pane runs a coding agent")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "PANE\tPLACE\tAGENT\tSTATE\tSINCE\tSOURCE")
	for _, a := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", a.Pane, place(a), a.Name, a.State, age(a.Since, now), a.Source)
	}
	tw.Flush()
	for _, a := range list {
		if a.State == agents.Waiting && len(a.Question) > 0 {
			fmt.Fprintf(w, "\n%s asks:\n", a.Pane)
			for _, q := range a.Question {
				fmt.Fprintf(w, "  %s\n", q)
			}
		}
	}
}

// place is where the pane is, as tmux's targets spell it: work:1.0, a
// session name quoted when it holds more than letters, digits and _.-.
func place(a agentwatch.Agent) string {
	name := a.SessionName
	if !plainName.MatchString(name) {
		name = tmux.Quote(name)
	}
	return fmt.Sprintf("%s:%d.%d", name, a.WindowIndex, a.PaneIndex)
}

var plainName = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)

// age is how long ago t was, in its largest unit: 40s, 12m, 3h, 2d.
func age(t, now time.Time) string {
	if t.IsZero() {
		return "-"
	}
	d := max(now.Sub(t), 0)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh", int(d.Hours()))
	}
	return fmt.Sprintf("%dd", int(d.Hours()/24))
}

// explainJSON is explain's answer with --json.
type explainJSON struct {
	Agent mcp.AgentView `json:"agent"`
	Steps []stepJSON    `json:"steps"`
}

type stepJSON struct {
	Source  string       `json:"source"`
	Said    agents.State `json:"said,omitempty"`
	Decided bool         `json:"decided"`
	Why     string       `json:"why"`
}

func runExplain(ctx context.Context, g *globals, pane tmux.PaneID, asJSON bool) int {
	client := agentsClient(g)
	defer client.Close()
	w, err := agentsWatcher(g, client)
	if err != nil {
		return fail(g, err)
	}
	a, steps, err := w.Explain(ctx, pane)
	if err != nil {
		return fail(g, err)
	}
	if asJSON {
		v := explainJSON{Agent: mcp.ViewAgent(*a, true), Steps: []stepJSON{}}
		for _, s := range steps {
			v.Steps = append(v.Steps, stepJSON{Source: s.Source.String(), Said: s.Said, Decided: s.Decided, Why: s.Why})
		}
		return writeJSON(g, v)
	}
	name := a.Name
	if name == "" {
		name = "no known agent"
	}
	state := string(a.State)
	if !a.Since.IsZero() {
		state += " for " + age(a.Since, time.Now())
	}
	fmt.Fprintf(g.stdout, "%s (%s): %s, %s, decided by %s\n", a.Pane, place(*a), name, state, a.Source)
	fmt.Fprintln(g.stdout, "Sources, most trusted first:")
	tw := tabwriter.NewWriter(g.stdout, 0, 0, 2, ' ', 0)
	for _, s := range steps {
		said, mark := string(s.Said), ""
		if said == "" {
			said = "-"
		}
		if s.Decided {
			mark = "decided"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", s.Source, said, mark, s.Why)
	}
	tw.Flush()
	return 0
}
