// Package agentwatch tells which coding agents run in tmux's panes and
// what each is doing (working, waiting for the user, done…), for the
// navigator's badges, `panemap agents` and the MCP tools list_agents,
// wait_for_agent and send_keys. It reads tmux through *tmuxctl.Client
// and decides with package agents' rules: the agent's own hook (a pane
// option), then titles, then the last lines of the screen.
package agentwatch

import (
	"context"
	"math"
	"sync"
	"time"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// Agent is one agent pane as a look found it (agents.Agent).
type Agent = agents.Agent

// Watcher looks at a server's panes again and again, remembering what it
// saw: each pane's state and since it began, its process tree and its
// last screen, so that a look reads only what changed.
type Watcher struct {
	c     *tmuxctl.Client
	rules *agents.Rules
	// named are the agents the rules name from processes: a pane whose
	// hook names one of them while no such process runs there has
	// exited.
	named map[string]bool

	mu       sync.Mutex // one look at a time; guards what follows
	panes    map[tmux.PaneID]*memory
	lastLook int64                // the second the previous look read tmux, 0 before the first
	present  map[tmux.PaneID]bool // the panes the last look read
	treesAt  time.Time            // when every pane's process tree was last read
	budget   budget
}

// memory is what the watcher keeps of one pane between looks.
type memory struct {
	pid     int
	command string
	procs   []string // the process tree's names, read again when pid or command change
	pids    []int    // and its processes
	agent   string   // the agent its processes named last

	screen     []string // the last lines of its screen, nil until captured
	captured   bool
	capturedAt time.Time
	owed       bool // its screen changed since it was captured, and matters

	state  agents.State
	since  time.Time
	seen   bool // a done the user has focused since it began
	signal agents.Signals
	read   paneRead
}

// New returns a watcher of c's server deciding with rules.
func New(c *tmuxctl.Client, rules *agents.Rules) *Watcher {
	named := map[string]bool{}
	for _, r := range rules.All() {
		if r.On == "process" {
			named[r.Agent] = true
		}
	}
	return &Watcher{c: c, rules: rules, named: named, panes: map[tmux.PaneID]*memory{}}
}

// Owed reports whether a screen that the last look had to leave for
// later (the captures' budget: budget.go) is still owed: a caller that
// looks only when told that something changed must look again soon, or
// an agent's last change would never show.
func (w *Watcher) Owed() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, m := range w.panes {
		if m.owed {
			return true
		}
	}
	return false
}

// Agents lists the agent panes of session s, or of the whole server
// when s is "", with no limit: what the navigator's badges and n look at
// (ui/agentbadge.Source).
func (w *Watcher) Agents(ctx context.Context, s tmux.SessionID) ([]Agent, error) {
	req := tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer, Limit: math.MaxInt32}
	if s != "" {
		req = tmuxctl.ListRequest{Scope: tmuxctl.ScopeSession, Session: s, Limit: math.MaxInt32}
	}
	return w.List(ctx, req)
}

// List returns the agent panes req covers (scope as tmuxctl.List, whose
// limit it ignores: a server holds few agents), in reading order: session
// name, window index, pane index. It reads tmux once (list-panes), /proc
// once when a pane's process changed, and the screens of the agent panes
// whose window printed since the last look (tmux's #{window_activity}),
// in one capture. A focused done is marked seen (@panemap-agent-seen): it
// reads as idle from then on, here and for any other reader.
func (w *Watcher) List(ctx context.Context, req tmuxctl.ListRequest) ([]Agent, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.look(ctx, req, "")
}

// Explain says how pane's state was decided: the agent as List gives it
// (its Name "" and State unknown when the pane runs no agent panemap
// knows) and every source the rules considered. A gone pane is an error
// naming it.
func (w *Watcher) Explain(ctx context.Context, pane tmux.PaneID) (*Agent, []agents.Step, error) {
	if _, err := tmux.ParsePaneID(string(pane)); err != nil {
		return nil, nil, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	list, err := w.look(ctx, tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer}, pane)
	if err != nil {
		return nil, nil, err
	}
	m := w.panes[pane]
	if m == nil {
		return nil, nil, tmux.Gone("pane", string(pane))
	}
	for _, a := range list {
		if a.Pane == pane {
			return &a, w.rules.Explain(m.signal), nil
		}
	}
	r := m.read
	return &Agent{Pane: pane, PaneIndex: r.PaneIndex, Window: r.Window, WindowIndex: r.WindowIndex,
		Session: r.Session, SessionName: r.SessionName, State: agents.Unknown, Focused: r.Focused}, w.rules.Explain(m.signal), nil
}
