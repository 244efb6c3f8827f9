package mcp

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/internal/plural"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/agentwatch"
)

// The agents' tools: list_agents and wait_for_agent read what
// tmuxctl/agentwatch decides; send_keys types through it. Detection, the
// rules and the keys are all agentwatch's and package agents'.

// inputTools type into panes; only --allow-input offers them.
var inputTools = map[string]bool{"send_keys": true}

// AgentView is one agent as list_agents answers it, and as `panemap
// agents --json` prints it: the card's field names, in one place.
type AgentView struct {
	Pane        tmux.PaneID    `json:"pane"`
	Session     tmux.SessionID `json:"session"`
	SessionName string         `json:"session_name"`
	Window      tmux.WindowID  `json:"window"`
	WindowIndex int            `json:"window_index"`
	PaneIndex   int            `json:"pane_index"`
	Agent       string         `json:"agent"`
	State       agents.State   `json:"state"`
	Since       *string        `json:"since"` // RFC 3339, null when not known
	Source      string         `json:"source"`
	Focused     bool           `json:"focused"`
	Question    []string       `json:"question,omitempty"`
}

// AgentsView is list_agents' answer.
type AgentsView struct {
	Scope  tmuxctl.ListScope `json:"scope"`
	Agents []AgentView       `json:"agents"`
}

// ViewAgent is a's answer. A waiting agent's question is pane content:
// content false (--no-content) leaves it out.
func ViewAgent(a agentwatch.Agent, content bool) AgentView {
	v := AgentView{Pane: a.Pane, Session: a.Session, SessionName: a.SessionName, Window: a.Window,
		WindowIndex: a.WindowIndex, PaneIndex: a.PaneIndex, Agent: a.Name, State: a.State,
		Source: a.Source.String(), Focused: a.Focused}
	if !a.Since.IsZero() {
		s := a.Since.UTC().Format(time.RFC3339)
		v.Since = &s
	}
	if a.State == agents.Waiting && len(a.Question) > 0 && content {
		v.Question = a.Question
	}
	return v
}

// ViewAgents is list_agents' answer for list, read for scope.
func ViewAgents(scope tmuxctl.ListScope, list []agentwatch.Agent, content bool) AgentsView {
	v := AgentsView{Scope: scope, Agents: make([]AgentView, len(list))}
	for i, a := range list {
		v.Agents[i] = ViewAgent(a, content)
	}
	return v
}

// agentRequest reads scope, session and window as list_panes does, but
// with the whole server as the default: agents are spread over windows
// and sessions, and the question is which of them needs the user.
func (h *handlers) agentRequest(ctx context.Context, a args) (tmuxctl.ListRequest, error) {
	r, err := parseListArgs(a, tmuxctl.ScopeServer)
	if err != nil {
		return tmuxctl.ListRequest{}, err
	}
	r.limit = maxListLimit
	if err := h.tmux.check(ctx); err != nil {
		return tmuxctl.ListRequest{}, err
	}
	return h.listRequest(ctx, r, h.caller(ctx))
}

func (h *handlers) listAgents(ctx context.Context, a args) (string, any, error) {
	req, err := h.agentRequest(ctx, a)
	if err != nil {
		return "", nil, err
	}
	w, err := h.watcher()
	if err != nil {
		return "", nil, err
	}
	list, err := w.List(ctx, req)
	if err != nil {
		return "", nil, err
	}
	v := ViewAgents(req.Scope, list, !h.opts.NoContent)
	return agentsText(v, list), v, nil
}

// agentsText is a short table: a line per agent, its question's lines
// under it.
func agentsText(v AgentsView, list []agentwatch.Agent) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s in scope %s", plural.Count(len(v.Agents), "agent pane", "agent panes"), v.Scope)
	if s := agents.Summary(list); s != "" {
		fmt.Fprintf(&b, " (%s)", s)
	}
	if len(v.Agents) == 0 {
		return b.String() + "."
	}
	b.WriteString(":\n")
	rows := [][]string{{"PANE", "PLACE", "AGENT", "STATE", "SINCE", "SOURCE"}}
	for _, a := range v.Agents {
		since := "-"
		if a.Since != nil {
			since = *a.Since
		}
		place := fmt.Sprintf("%s:%d.%d", plainName(a.SessionName), a.WindowIndex, a.PaneIndex)
		rows = append(rows, []string{string(a.Pane), place, a.Agent, string(a.State), since, cmp.Or(a.Source, "-")})
	}
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for i, r := range rows {
		for j, c := range r {
			if j == len(r)-1 {
				b.WriteString(c)
				break
			}
			fmt.Fprintf(&b, "%s%s  ", c, strings.Repeat(" ", widths[j]-len([]rune(c))))
		}
		b.WriteString("\n")
		if i > 0 {
			for _, q := range v.Agents[i-1].Question {
				fmt.Fprintf(&b, "    > %s\n", q)
			}
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// plainName is a session's name as tmux's targets spell it when it is
// plain (letters, digits, '-' and '_'), else quoted: a name can hold
// spaces and control characters, and a table row must stay one line.
func plainName(name string) string {
	plain := name != "" && len(name) <= 64 && !strings.ContainsFunc(name, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_'
	})
	if plain {
		return name
	}
	return tmux.Quote(name)
}

type agentWaitView struct {
	Matched  bool          `json:"matched"`
	Pane     *tmux.PaneID  `json:"pane"`
	Agent    *string       `json:"agent"`
	State    *agents.State `json:"state"`
	Source   *string       `json:"source"`
	Question []string      `json:"question,omitempty"`
	WaitedMS int64         `json:"waited_ms"`
}

func (h *handlers) waitForAgent(ctx context.Context, a args) (string, any, error) {
	panes, err := paneListArg(a, "panes")
	if err != nil {
		return "", nil, err
	}
	if panes != nil {
		for _, n := range []string{"scope", "session", "window"} {
			if a[n] != nil {
				return "", nil, invalid(n, fmt.Sprintf("%s: give either panes or a scope (scope, session, window), not both", n))
			}
		}
	}
	states, err := stateListArg(a, "states")
	if err != nil {
		return "", nil, err
	}
	ms, err := intArg(a, "timeout_ms", 1, 60_000, 10_000)
	if err != nil {
		return "", nil, err
	}
	// With panes, the scope is the whole server: the panes say which.
	req := tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer, Limit: maxListLimit}
	if panes == nil {
		if req, err = h.agentRequest(ctx, a); err != nil {
			return "", nil, err
		}
	} else if err := h.tmux.check(ctx); err != nil {
		return "", nil, err
	}
	w, err := h.watcher()
	if err != nil {
		return "", nil, err
	}
	what := joinStates(states)
	watched := "any agent pane in scope " + string(req.Scope)
	if panes != nil {
		watched = joinPanes(panes)
	}
	start := time.Now()
	progress := h.progress(ctx, start, ms, func(looks int) string {
		return fmt.Sprintf("waiting for %s to be %s: %s, none yet", watched, what, plural.Count(looks, "look", "looks"))
	})
	res, err := w.Wait(ctx, req, panes, states, time.Duration(ms)*time.Millisecond, progress)
	if err != nil {
		return "", nil, err
	}
	v := agentWaitView{Matched: res.Matched, WaitedMS: time.Since(start).Milliseconds()}
	if !res.Matched {
		return fmt.Sprintf("no agent of %s was %s within %d ms", watched, what, ms), v, nil
	}
	av := ViewAgent(res.Agent, !h.opts.NoContent)
	v.Pane, v.Agent, v.State, v.Source, v.Question = &av.Pane, &av.Agent, &av.State, &av.Source, av.Question
	text := fmt.Sprintf("%s (%s) is %s after %d ms, by %s", av.Pane, av.Agent, av.State, v.WaitedMS, av.Source)
	for _, q := range av.Question {
		text += "\n    > " + q
	}
	return text, v, nil
}

type sendView struct {
	Pane  tmux.PaneID `json:"pane"`
	Chars int         `json:"chars"`
	Keys  []string    `json:"keys"`
	Enter bool        `json:"enter"`
}

func (h *handlers) sendKeys(ctx context.Context, a args) (string, any, error) {
	pane, err := tmux.ParsePaneID(a.str("pane"))
	if err != nil {
		return "", nil, argErr("pane", err)
	}
	text := a.str("text")
	keys := []string{}
	if list, ok := a["keys"].([]any); ok {
		for _, k := range list {
			keys = append(keys, k.(string)) // the card's enum checked each one
		}
	}
	enter, _ := a["enter"].(bool)
	own, _ := a["own"].(bool)
	if text == "" && len(keys) == 0 && !enter {
		return "", nil, invalid("", "send_keys: nothing to send: give text, keys or enter")
	}
	if err := h.tmux.check(ctx); err != nil {
		return "", nil, err
	}
	if err := agentwatch.SendKeys(ctx, h.c, pane, text, keys, enter, own); err != nil {
		return "", nil, err
	}
	v := sendView{Pane: pane, Chars: len([]rune(text)), Keys: keys, Enter: enter}
	parts := []string{}
	if text != "" {
		parts = append(parts, plural.Count(v.Chars, "character", "characters"))
	}
	if len(keys) > 0 {
		parts = append(parts, strings.Join(keys, " "))
	}
	if enter {
		parts = append(parts, "Enter")
	}
	return fmt.Sprintf("typed into %s: %s", pane, strings.Join(parts, ", then ")), v, nil
}

// paneListArg is the array of pane ids name, or nil when it is absent or
// null; a bad id is refused naming it.
func paneListArg(a args, name string) ([]tmux.PaneID, error) {
	list, ok := a[name].([]any)
	if !ok {
		return nil, nil
	}
	panes := make([]tmux.PaneID, 0, len(list))
	for _, x := range list {
		p, err := tmux.ParsePaneID(x.(string)) // the card says strings
		if err != nil {
			return nil, argErr(name, err)
		}
		panes = append(panes, p)
	}
	return panes, nil
}

// stateListArg is the array of states name; the card's enum has checked
// them, ParseState names any it would not know.
func stateListArg(a args, name string) ([]agents.State, error) {
	list, _ := a[name].([]any)
	states := make([]agents.State, 0, len(list))
	for _, x := range list {
		s, err := agents.ParseState(x.(string))
		if err != nil {
			return nil, argErr(name, err)
		}
		states = append(states, s)
	}
	return states, nil
}

func joinStates(states []agents.State) string {
	words := make([]string, len(states))
	for i, s := range states {
		words[i] = string(s)
	}
	return strings.Join(words, " or ")
}

func joinPanes(panes []tmux.PaneID) string {
	words := make([]string, len(panes))
	for i, p := range panes {
		words[i] = string(p)
	}
	return strings.Join(words, ", ")
}

// watchOnce holds the server's one agentwatch.Watcher, which remembers
// each pane's state and since, and the screens it last read, from call to
// call. It is made at the first call that needs it, so that a user's rules
// file with a mistake fails those calls, naming the file, and not the
// server's start.
type watchOnce struct {
	once sync.Once
	w    *agentwatch.Watcher
	err  error
}

func (h *handlers) watcher() (*agentwatch.Watcher, error) {
	h.watch.once.Do(func() {
		rules := h.opts.AgentRules
		if rules == nil {
			if rules, h.watch.err = agents.LoadRules(""); h.watch.err != nil {
				return
			}
		}
		h.watch.w = agentwatch.New(h.c, rules)
	})
	return h.watch.w, h.watch.err
}
