package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/ui/agentbadge"
)

// The poll's cheap check. tmux records every command any client runs in
// its message log (1,000 entries by default; prefix ~ shows it), each
// command of a list separately: a poll that read the session (three
// commands) and captured its panes (several commands each) at every
// tick filled the log with panemap's commands within a minute. The poll
// asks for the session's stamp first (one command, Core.Stamp) and reads
// the session, with its captures, only when the stamp changed or a pane
// may have printed since the last read.

// stampMsg answers the poll's check.
type stampMsg struct {
	stamp tmuxctl.Stamp
	err   error
	at    time.Time // when the check was asked
}

// stampState is what the last check that led to a read saw.
type stampState struct {
	last   tmuxctl.Stamp
	second int64 // the Unix second the check was asked in; before the first, the navigator's start
}

// checkStamp is the poll's command: the session's stamp.
func (m *Model) checkStamp() tea.Cmd {
	core, sess := m.core, m.opts.Session
	return m.tmuxCall(func(ctx context.Context) tea.Msg {
		at := time.Now()
		st, err := core.Stamp(ctx, sess)
		return stampMsg{stamp: st, err: err, at: at}
	})
}

// onStamp reads the session when the stamp says it may have changed: a
// new stamp, a failed check (the read then says why), or a window that
// printed in the second of the last read or after (tmux's activity time
// is in whole seconds, so output later in that second leaves the stamp
// as it was). The agents' badges look again too: the stamp reads their
// hooks' pane options.
func (m Model) onStamp(msg stampMsg) (tea.Model, tea.Cmd) {
	if m.fatal != nil || m.quitting || m.busy || m.reading {
		return m, nil
	}
	if msg.err == nil && msg.stamp.Text == m.stamp.last.Text && msg.stamp.Activity < m.stamp.second {
		if m.previews.Owes(m.live) {
			// Panes that may have printed wait for the captures' budget.
			return m, m.previews.CaptureOwed(m.previewEnv())
		}
		return m, nil
	}
	first := m.stamp.last.Text == ""
	look := m.agents.Look // the agents printed, or the focus moved, say
	switch {
	case msg.stamp.Agents != m.stamp.last.Agents:
		look = m.agents.LookNow // a hook set a new state
	case msg.stamp.Text == m.stamp.last.Text:
		// Read again only for output in the second of the last read,
		// which moved nothing the stamp shows: no agent state to learn,
		// and a look would be one more entry in tmux's message log.
		look = func(agentbadge.Env) tea.Cmd { return nil }
	}
	printed := !first && msg.stamp.Activity > m.stamp.last.Activity
	if m.pollsWithCaptures() {
		if first && msg.stamp.Activity >= m.stamp.second {
			// No check before this one says what each pane was like
			// when the opening captured it (or since a failed check),
			// and output came since: the captures, just taken, would
			// count as fresh and the output would never show.
			m.previews.NoteMapChanged(m.previewEnv())
		} else {
			// The panes whose cursor or history moved certainly
			// changed: the read captures them first.
			m.previews.NoteChanged(msg.stamp.Changed(m.stamp.last))
		}
	}
	m.stamp = stampState{last: msg.stamp, second: msg.at.Unix()}
	if msg.err != nil {
		m.stamp = stampState{}
	}
	var safety tea.Cmd
	if printed && m.live {
		// The output watch should have told; capture in case it did not.
		safety = m.previews.Safety(m.previewEnv())
	}
	return m, tea.Batch(m.refresh(), safety, look(m.agentEnv()))
}

// pollRead is what a poll tick reads: the stamp first where that is
// enough to know nothing changed (the map alone; find and the server view
// read the whole server on their own ticks), else the session at once.
func (m *Model) pollRead() tea.Cmd {
	if m.finder != nil || m.server != nil {
		return m.refresh()
	}
	return m.checkStamp()
}
