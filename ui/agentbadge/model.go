package agentbadge

import (
	"context"
	"math"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/agentwatch"
	"github.com/panemap/panemap/ui/mapview"
)

// Source lists the agent panes a request covers, in reading order:
// *agentwatch.Watcher, or the tests' fake.
type Source interface {
	List(ctx context.Context, req tmuxctl.ListRequest) ([]agentwatch.Agent, error)
}

var _ Source = (*agentwatch.Watcher)(nil)

// LookEvery is how often the badges are looked at again, whatever tmux
// version: a hook's state is a pane option, and setting one sends no
// notification, so a change shows within about this long. Each look is
// one tmux command list (a process below 3.7, a round trip on the
// control connection from 3.7); tmux's notifications that can change a
// state (the focus moving onto a pane whose agent is done, a window
// closing) look at once besides (Model.Look).
const LookEvery = 900 * time.Millisecond

// Env is what a look needs to know of the navigator now.
type Env struct {
	// Req is what the navigator shows: its window, or (the server view)
	// the server.
	Req     tmuxctl.ListRequest
	Stopped bool // the navigator is quitting, or tmux has gone
	After   func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	// Call runs a command that talks to tmux, bounded and counted by the
	// navigator.
	Call func(func(ctx context.Context) tea.Msg) tea.Cmd
}

// Request is what a look covers: the map's session (its other windows
// are a key away), or the whole server while the server view shows it.
func Request(session tmux.SessionID, server bool) tmuxctl.ListRequest {
	if server {
		return tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer, Limit: math.MaxInt32}
	}
	return tmuxctl.ListRequest{Scope: tmuxctl.ScopeSession, Session: session, Limit: math.MaxInt32}
}

// TickMsg is the look's timer.
type TickMsg struct{}

// ListedMsg answers a look.
type ListedMsg struct {
	list []agentwatch.Agent
	err  error
}

// Model is the agents the navigator last saw, and their badges.
type Model struct {
	src     Source // nil: no badges, no looks
	styles  Styles
	keys    KeyMap
	list    []agentwatch.Agent
	badges  map[tmux.PaneID]mapview.Badge
	looking bool // a look is in flight
	again   bool // and another was asked for meanwhile
}

// New is the agents' model over src (nil: off).
func New(src Source, st Styles) Model {
	return Model{src: src, styles: st, keys: DefaultKeyMap()}
}

// On reports whether the navigator looks at agents at all.
func (m Model) On() bool { return m.src != nil }

// Keys is the agents' key map.
func (m Model) Keys() KeyMap { return m.keys }

// Start starts the looks: the first at once, then every LookEvery (a
// TickMsg to Update each time).
func (m Model) Start() tea.Cmd {
	if m.src == nil {
		return nil
	}
	return func() tea.Msg { return TickMsg{} }
}

func tick(time.Time) tea.Msg { return TickMsg{} }

// Look looks now, or, while a look is in flight, once it is back (a
// change it may have missed).
func (m *Model) Look(env Env) tea.Cmd {
	if m.src == nil || env.Stopped {
		return nil
	}
	if m.looking {
		m.again = true
		return nil
	}
	m.looking = true
	src, req := m.src, env.Req
	return env.Call(func(ctx context.Context) tea.Msg {
		list, err := src.List(ctx, req)
		return ListedMsg{list: list, err: err}
	})
}

// Update takes the timer's tick and the looks' answers; changed says the
// badges changed, and only then does the navigator draw them again.
func (m *Model) Update(msg tea.Msg, env Env) (changed bool, cmd tea.Cmd) {
	switch msg := msg.(type) {
	case TickMsg:
		if env.Stopped {
			return false, nil
		}
		return false, tea.Batch(m.Look(env), env.After(LookEvery, tick))
	case ListedMsg:
		m.looking = false
		var next tea.Cmd
		if m.again {
			m.again = false
			next = m.Look(env)
		}
		// A failed look keeps the badges: the next one corrects them, and
		// the map says why tmux failed.
		if msg.err != nil || slices.EqualFunc(msg.list, m.list, sameBadge) {
			return false, next
		}
		m.list, m.badges = msg.list, m.styles.Badges(msg.list)
		return true, next
	}
	return false, nil
}

// sameBadge reports whether a and b draw the same badge in the same
// place: what else an Agent says (since, the question) is not drawn.
func sameBadge(a, b agentwatch.Agent) bool {
	return a.Pane == b.Pane && a.Name == b.Name && a.State == b.State
}

// Badges are the badges of the agents last seen; the same map until
// they change.
func (m Model) Badges() map[tmux.PaneID]mapview.Badge { return m.badges }

// Waiting reports whether an agent last seen waits.
func (m Model) Waiting() bool {
	return slices.ContainsFunc(m.list, func(a agentwatch.Agent) bool { return a.State == agents.Waiting })
}
