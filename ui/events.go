package ui

import (
	"context"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/previews"
)

// eventPollEvery is the safety-net poll while events are live:
// tmux sends no notification for some things the map shows (a pane's
// command, title or path, the marked pane). Each poll is one command in
// tmux's message log (stamp.go): at most one every 5 s.
const eventPollEvery = 5 * time.Second

// eventsMsg answers subscribe: the stream, or none.
type eventsMsg struct {
	ch <-chan tmux.Event
	ok bool
}

// tmuxEventMsg is one notification; closed means the stream ended.
type tmuxEventMsg struct {
	ev     tmux.Event
	closed bool
}

// subscribe asks the core for tmux's notifications about the session
// shown.
func (m *Model) subscribe() tea.Cmd {
	src := m.core
	ctx, sess := m.ctx, m.opts.Session
	return m.io.Track(func() tea.Msg {
		// First: the connection then attaches to this session, rather
		// than to another whose layout events would be of no use.
		fctx, cancel := context.WithTimeout(ctx, opTimeout)
		defer cancel()
		_ = src.FollowSession(fctx, sess)
		_ = src.FollowAgents(fctx)
		ch, ok := src.Events(ctx)
		if !ok {
			return eventsMsg{}
		}
		return eventsMsg{ch: ch, ok: true}
	})
}

// waitEvent waits for the next notification; Update re-issues it after
// each one (bubbletea's examples/realtime pattern).
func waitEvent(ch <-chan tmux.Event) tea.Cmd {
	return func() tea.Msg {
		ev, ok := <-ch
		if !ok {
			return tmuxEventMsg{closed: true}
		}
		return tmuxEventMsg{ev: ev}
	}
}

// onEvents starts listening.
func (m Model) onEvents(msg eventsMsg) (tea.Model, tea.Cmd) {
	if !msg.ok {
		return m, nil
	}
	m.events = msg.ch
	return m, waitEvent(m.events)
}

// onTmuxEvent turns a notification into at most one refresh in flight
// and one pending: a burst (a split sends layout-change, window-pane-
// changed, …) costs two reads at most.
func (m Model) onTmuxEvent(msg tmuxEventMsg) (tea.Model, tea.Cmd) {
	if msg.closed {
		m.events, m.live = nil, false
		return m, nil
	}
	next := waitEvent(m.events)
	if m.fatal != nil || m.quitting {
		return m, nil
	}
	switch msg.ev.Kind {
	case tmux.EventDisconnected:
		m.live = false // poll fast until the connection is back
		return m, next
	case tmux.EventConnected:
		m.live = true
	}
	if msg.ev.Kind == tmux.EventSubscriptionChanged { // an agent's hook
		return m, tea.Batch(next, m.agents.LookNow(m.agentEnv()))
	}
	if !refreshOn(msg.ev.Kind) {
		return m, next
	}
	// What changes the map can change an agent's state too (its pane
	// focused, closed): the badges look again at once.
	return m, tea.Batch(next, m.refreshSoon(msg.ev), m.agents.Look(m.agentEnv()))
}

// shows reports whether the map already shows what ev reports, so that
// a read would learn nothing: the focus moves, layouts and windows that
// the navigator's own changes make, whose outcome Act has answered with
// (the notification comes while Act's answer is on its way, so it is
// judged once that is shown). Only kinds whose arguments say the whole
// change are judged.
func shows(st *tmux.State, ev tmux.Event) bool {
	if st == nil {
		return false
	}
	switch {
	case ev.Kind == tmux.EventWindowPaneChanged && len(ev.Args) == 2: // @win %pane
		_, a, err := focused(st, tmux.WindowID(ev.Args[0]))
		return err == nil && string(a.ID) == ev.Args[1]
	case ev.Kind == tmux.EventLayoutChange && len(ev.Args) == 4: // @win layout visible-layout flags
		w, ok := st.Window(tmux.WindowID(ev.Args[0]))
		return ok && w.Layout == ev.Args[1] && w.Zoomed == strings.Contains(ev.Args[3], "Z")
	case ev.Kind == tmux.EventSessionWindowChanged && len(ev.Args) == 2: // $sess @win
		return string(st.Session) == ev.Args[0] && string(st.Current) == ev.Args[1]
	}
	return false
}

// refreshOn says which notifications can change what the map shows.
func refreshOn(kind string) bool {
	switch kind {
	case tmux.EventConnected, tmux.EventOverflow,
		tmux.EventLayoutChange, tmux.EventWindowPaneChanged,
		tmux.EventSessionWindowChanged, tmux.EventWindowAdd,
		tmux.EventWindowClose, tmux.EventUnlinkedWindowAdd,
		tmux.EventUnlinkedWindowClose, tmux.EventWindowRenamed,
		tmux.EventPaneModeChanged, tmux.EventSessionsChanged,
		tmux.EventSessionChanged, "session-renamed":
		return true
	}
	return false
}

// refreshSoon refreshes for ev now, unless the map shows it already; or,
// while a read or operation is in flight, once that is done and unless
// what it answered shows ev.
func (m *Model) refreshSoon(ev tmux.Event) tea.Cmd {
	if m.busy || m.reading || !m.loaded {
		m.refreshPending = true
		if len(m.pendingEvents) == maxPendingEvents {
			ev = tmux.Event{Kind: tmux.EventOverflow} // too many to judge: read
			m.pendingEvents = m.pendingEvents[:maxPendingEvents-1]
		}
		m.pendingEvents = append(m.pendingEvents, ev)
		return nil
	}
	if shows(m.state, ev) {
		return nil
	}
	return m.refresh()
}

// maxPendingEvents bounds the events kept while busy; a burst beyond it
// is read for without judging.
const maxPendingEvents = 32

// pendingRefresh issues the refresh events asked for while busy, unless
// the state shown now shows every one of them.
func (m *Model) pendingRefresh() tea.Cmd {
	if !m.refreshPending || m.busy || m.reading || m.fatal != nil || m.quitting {
		return nil
	}
	m.refreshPending = false
	events := m.pendingEvents
	m.pendingEvents = nil
	if !slices.ContainsFunc(events, func(ev tmux.Event) bool { return !shows(m.state, ev) }) {
		return nil
	}
	return m.refresh()
}

// pollInterval is the poll's period: slow while events are live.
func (m *Model) pollInterval() time.Duration {
	if m.live {
		// Find and the server view check every second for what printed
		// elsewhere (checkFind, checkServer), on the poll's ticks.
		if m.finder != nil || m.server != nil {
			return previews.ElsewhereEvery
		}
		return eventPollEvery
	}
	if m.pollsWithCaptures() {
		return previews.PollInterval
	}
	return pollEvery
}
