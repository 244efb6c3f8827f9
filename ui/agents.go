package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/agentbadge"
	"github.com/panemap/panemap/ui/serverview"
)

// The coding agents' badges and n (package agentbadge): the navigator
// routes their messages there and tells each look what it shows.

func (m *Model) agentEnv() agentbadge.Env {
	return agentbadge.Env{Session: agentbadge.Covered(m.opts.Session, m.server != nil), Periodic: m.server != nil,
		Stopped: m.quitting || m.fatal != nil, After: m.after, Call: m.tmuxCall}
}

// onAgents takes a look's tick or answer; the map is drawn again only
// when a badge changed.
func (m Model) onAgents(msg tea.Msg) (tea.Model, tea.Cmd) {
	changed, cmd := m.agents.Update(msg, m.agentEnv())
	if changed {
		m.layout()
	}
	return m, cmd
}

// nextWaiting is n: the next pane whose agent waits after the map's
// focused one (agentbadge.Find), jumped to as a does.
func (m *Model) nextWaiting() tea.Cmd {
	if !m.agents.On() {
		m.status = status{text: agentbadge.NoneWaits, kind: statusNudge}
		return nil
	}
	src, from := m.opts.Agents, agentbadge.PlaceOf(m.state, m.window())
	return m.jump(false, 0, func(ctx context.Context, _ []*tmux.Window) (serverview.Target, string, error) {
		return agentbadge.Find(ctx, src, from)
	})
}
