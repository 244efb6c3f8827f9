package agentbadge

import (
	"context"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/mapview"
)

// Source lists the agent panes of a session, or of the whole server when
// the session is "", in reading order (session name, window index, pane
// index): *agentwatch.Watcher's Agents, or the tests' fake.
type Source interface {
	Agents(ctx context.Context, s tmux.SessionID) ([]agents.Agent, error)
	// Owed says a screen the last look left for later is still owed:
	// look again, told or not.
	Owed() bool
}

// LookEvery is the least time between two looks: a change shows within
// about this long of the navigator hearing of it, and a burst of changes
// (an agent printing, a spinner in its title) costs a look a LookEvery
// at most. Each look is one tmux command list, and tmux logs every
// command (cmd-queue.c, cmdq_add_message): the navigator looks when it
// hears that something changed (Look: its poll's stamp, which reads the
// agents' pane options, or a notification from 3.7), and every LookEvery
// only while the server view, which has no stamp, is open (Env.Periodic).
const LookEvery = 900 * time.Millisecond

// Covered is what a look covers: the map's session (its other windows
// are a key away), or the whole server ("") while the server view shows
// it.
func Covered(session tmux.SessionID, server bool) tmux.SessionID {
	if server {
		return ""
	}
	return session
}

// Env is what a look needs to know of the navigator now.
type Env struct {
	// Session is what the navigator shows: its session, or (the server
	// view) the whole server, "".
	Session  tmux.SessionID
	Periodic bool // look every LookEvery, told or not
	Stopped  bool // the navigator is quitting, or tmux has gone
	After    func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	// Call runs a command that talks to tmux, bounded and counted by the
	// navigator.
	Call func(func(ctx context.Context) tea.Msg) tea.Cmd
}

// TickMsg ends the spell after a look in which no other starts.
type TickMsg struct{ first bool }

// ListedMsg answers a look.
type ListedMsg struct {
	list []agents.Agent
	err  error
	owed bool // the source owes a screen: look again
}

// Model is the agents the navigator last saw, and their badges.
type Model struct {
	src     Source // nil: no badges, no looks
	styles  Styles
	keys    KeyMap
	list    []agents.Agent
	badges  map[tmux.PaneID]mapview.Badge
	looking bool // a look is in flight
	cooling bool // a look started less than LookEvery ago
	owed    bool // a look was asked for meanwhile
}

// New is the agents' model over src (nil: off).
func New(src Source, st Styles) Model {
	return Model{src: src, styles: st, keys: DefaultKeyMap()}
}

// On reports whether the navigator looks at agents at all.
func (m Model) On() bool { return m.src != nil }

// Keys is the agents' key map.
func (m Model) Keys() KeyMap { return m.keys }

// Start is the first look's command (through Update, which the
// navigator's Init cannot change).
func (m Model) Start() tea.Cmd {
	if m.src == nil {
		return nil
	}
	return func() tea.Msg { return TickMsg{first: true} }
}

func tick(time.Time) tea.Msg { return TickMsg{} }

// Look looks now, or once LookEvery has passed since the last look
// started and it is back: something may have changed.
func (m *Model) Look(env Env) tea.Cmd {
	if m.src == nil || env.Stopped {
		return nil
	}
	if m.looking || m.cooling {
		m.owed = true
		return nil
	}
	m.looking, m.cooling, m.owed = true, true, false
	src, session := m.src, env.Session
	return tea.Batch(env.Call(func(ctx context.Context) tea.Msg {
		list, err := src.Agents(ctx, session)
		return ListedMsg{list: list, err: err, owed: src.Owed()}
	}), env.After(LookEvery, tick))
}

// LookNow is Look without waiting for the spell to end, for what tmux
// itself tells at most once a second: a hook's new state, from 3.7.
func (m *Model) LookNow(env Env) tea.Cmd {
	m.cooling = false
	return m.Look(env)
}

// Update takes the spell's end and the looks' answers; changed says the
// badges changed, and only then does the navigator draw them again.
func (m *Model) Update(msg tea.Msg, env Env) (changed bool, cmd tea.Cmd) {
	switch msg := msg.(type) {
	case TickMsg:
		m.cooling = m.cooling && msg.first
		if msg.first || env.Periodic {
			m.owed = true
		}
		if m.owed && !m.looking {
			return false, m.Look(env)
		}
	case ListedMsg:
		m.looking = false
		m.owed = m.owed || msg.owed
		var next tea.Cmd
		if m.owed && !m.cooling {
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
func sameBadge(a, b agents.Agent) bool {
	return a.Pane == b.Pane && a.Name == b.Name && a.State == b.State
}

// Badges are the badges of the agents last seen; the same map until
// they change.
func (m Model) Badges() map[tmux.PaneID]mapview.Badge { return m.badges }

// Among reports whether an agent last seen runs in one of panes.
func (m Model) Among(panes []tmux.PaneID) bool {
	return slices.ContainsFunc(m.list, func(a agents.Agent) bool { return slices.Contains(panes, a.Pane) })
}

// Waiting reports whether an agent last seen waits.
func (m Model) Waiting() bool {
	return slices.ContainsFunc(m.list, func(a agents.Agent) bool { return a.State == agents.Waiting })
}
