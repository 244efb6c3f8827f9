package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/previews"
)

// EventSource is implemented by cores that push tmux's notifications
// (*tmuxctl.Client over a control-mode connection). The navigator checks
// for it with a type assertion, so a core without events is polled.
type EventSource interface {
	// Events streams notifications until ctx ends; ok is false when the
	// transport has none.
	Events(ctx context.Context) (<-chan tmux.Event, bool)
	// FollowSession points the notifications at session s's windows.
	FollowSession(ctx context.Context, s tmux.SessionID) error
}

// DefaultEventPollInterval is the safety-net poll while events are live:
// tmux sends no notification for some things the map shows (a pane's
// command, title or path, the marked pane).
const DefaultEventPollInterval = 2 * time.Second

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
// shown. It returns nil for a core without events.
func (m *Model) subscribe() tea.Cmd {
	src, ok := m.core.(EventSource)
	if !ok {
		return nil
	}
	ctx, sess, timeout := m.ctx, m.opts.Session, m.opts.OpTimeout
	return m.tracked(func() tea.Msg {
		// First: the connection then attaches to this session, rather
		// than to another whose layout events would be of no use.
		fctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		_ = src.FollowSession(fctx, sess)
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
	if !refreshOn(msg.ev.Kind) {
		return m, next
	}
	return m, tea.Batch(next, m.refreshSoon())
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

// refreshSoon refreshes now, or once the read or operation in flight is
// done.
func (m *Model) refreshSoon() tea.Cmd {
	if m.busy || m.reading || !m.loaded {
		m.refreshPending = true
		return nil
	}
	return m.refresh()
}

// pendingRefresh issues the refresh an event asked for while busy.
func (m *Model) pendingRefresh() tea.Cmd {
	if !m.refreshPending || m.busy || m.reading || m.fatal != nil || m.quitting {
		return nil
	}
	m.refreshPending = false
	return m.refresh()
}

// pollInterval is the poll's period: slow while events are live.
func (m *Model) pollInterval() time.Duration {
	if m.live {
		// Find and the server view check every second for what printed
		// elsewhere (checkFind, checkServer), on the poll's ticks.
		if (m.finder != nil || m.server != nil) && elsewhereEvery < m.opts.EventPollInterval {
			return elsewhereEvery
		}
		return m.opts.EventPollInterval
	}
	if m.pollsWithCaptures() {
		return previews.PollInterval
	}
	return m.opts.PollInterval
}
