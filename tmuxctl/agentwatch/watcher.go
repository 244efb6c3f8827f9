// Package agentwatch tells which coding agents run in tmux's panes and
// what each is doing (working, waiting for the user, done…), for the
// navigator's badges, `panemap agents` and the MCP tools list_agents,
// wait_for_agent and send_keys. It reads tmux through *tmuxctl.Client
// and decides with package agents' rules: the agent's own hook (a pane
// option), then titles, then the last lines of the screen.
package agentwatch

import (
	"context"
	"sync"
	"time"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// Agent is one pane that runs a coding agent, and what it is doing.
type Agent struct {
	Pane        tmux.PaneID
	PaneIndex   int
	Window      tmux.WindowID
	WindowIndex int
	Session     tmux.SessionID
	SessionName string
	Name        string // the agent
	State       agents.State
	Since       time.Time // zero when unknown
	Source      agents.Source
	Question    []string // waiting: the question's lines, sanitised plain text
	Focused     bool     // the active pane of its session's current window
}

// Watcher looks at a server's panes again and again, remembering what it
// saw: each pane's state and since it began, its process tree and its
// last screen, so that a look reads only what changed.
type Watcher struct {
	c     *tmuxctl.Client
	rules *agents.Rules

	mu sync.Mutex // one look at a time; guards what follows
}

// New returns a watcher of c's server deciding with rules.
func New(c *tmuxctl.Client, rules *agents.Rules) *Watcher {
	return &Watcher{c: c, rules: rules}
}

// List returns the agent panes req covers (scope as tmuxctl.List), in
// reading order: session name, window index, pane index.
func (w *Watcher) List(ctx context.Context, req tmuxctl.ListRequest) ([]Agent, error) {
	return nil, &tmux.Error{Kind: tmux.KindUnsupported, Message: "agentwatch: not yet"}
}

// Explain says how pane's state was decided: every source considered.
func (w *Watcher) Explain(ctx context.Context, pane tmux.PaneID) (*Agent, []agents.Step, error) {
	return nil, nil, &tmux.Error{Kind: tmux.KindUnsupported, Message: "agentwatch: not yet"}
}
