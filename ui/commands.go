package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmuxctl"
)

// opFunc is one change to tmux, given the state read just before it. It
// answers with a nudge when it decided to do nothing, and the window to
// show afterwards when that changes.
type opFunc func(ctx context.Context, c Core, before *tmuxctl.State) (note string, toWin tmuxctl.WindowID, err error)

// refresh reads the session. It is the one path by which the map learns
// what tmux looks like; the poll timer uses it, and tmux events can too.
func (m *Model) refresh() tea.Cmd {
	m.seq++
	m.reading, m.readSeq = true, m.seq
	return m.read(m.seq)
}

// read is the command of refresh for a given sequence number.
func (m *Model) read(seq int) tea.Cmd {
	core, sess := m.core, m.opts.Session
	ctx, timeout := m.ctx, m.opts.OpTimeout
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		st, err := core.ReadState(ctx, sess)
		return stateMsg{seq: seq, state: st, err: err}
	}
}

// startOp marks the model busy and returns the command that runs f
// between two reads of the session. record says whether the change is
// undoable (undo itself is not).
func (m *Model) startOp(name string, record bool, f opFunc) tea.Cmd {
	m.busy = true
	m.seq++
	seq, core, sess, from := m.seq, m.core, m.opts.Session, m.win
	ctx, timeout := m.ctx, m.opts.OpTimeout
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		done := opDoneMsg{seq: seq, name: name, fromWin: from, record: record}
		done.before, done.readErr = core.ReadState(ctx, sess)
		if done.readErr != nil {
			return done
		}
		done.note, done.toWin, done.err = f(ctx, core, done.before)
		done.after, done.readErr = core.ReadState(ctx, sess)
		return done
	}
}

// finish runs the closing work and quits with code, or with ExitFailed
// when the work fails.
func (m *Model) finish(code int, f func(ctx context.Context, c Core) error) tea.Cmd {
	m.busy = true
	core, ctx, timeout := m.core, m.ctx, m.opts.OpTimeout
	return func() tea.Msg {
		if f == nil {
			return quitMsg{code: code}
		}
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		if err := f(ctx, core); err != nil {
			if tmuxctl.KindOf(err) == tmuxctl.KindServerGone {
				return quitMsg{code: ExitTmuxGone, err: err}
			}
			return quitMsg{code: ExitFailed, err: err}
		}
		return quitMsg{code: code}
	}
}

// poll schedules the next poll tick.
func (m *Model) poll() tea.Cmd {
	return m.after(m.pollInterval(), func(t time.Time) tea.Msg { return pollMsg(t) })
}

// labelTimeout is how long a label prefix waits for its second digit.
const labelTimeout = 700 * time.Millisecond

func (m *Model) labelTimer() tea.Cmd {
	m.labelGen++
	gen := m.labelGen
	return m.after(labelTimeout, func(time.Time) tea.Msg { return labelTimeoutMsg{gen: gen} })
}
