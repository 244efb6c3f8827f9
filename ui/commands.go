package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/ui/previews"
)

// opFunc decides one change to tmux from the state the map shows. It does
// no I/O.
type opFunc func(st *tmux.State) (decision, error)

// decision is what an opFunc decided.
type decision struct {
	op    *tmuxctl.Op   // the change to make; nil: none
	note  string        // with no change: a nudge saying why
	toWin tmux.WindowID // the window to show afterwards, when that changes
	// unmoved is the nudge to show when the answer has the focused pane
	// where it was: tmux found nothing there to move to.
	unmoved string
}

// closeFunc decides the closing work of q, Enter or Esc (nil: none).
type closeFunc func(st *tmux.State) *tmuxctl.Op

// refresh reads the session. It is the one path by which the map learns
// what tmux looks like; the poll timer uses it, and tmux events can too.
func (m *Model) refresh() tea.Cmd {
	if m.server != nil && !m.listing {
		return tea.Batch(m.refreshSession(), m.listServer(false))
	}
	return m.refreshSession()
}

// refreshSession reads the session (with captures, when they are due).
func (m *Model) refreshSession() tea.Cmd {
	m.seq++
	m.reading, m.readSeq = true, m.seq
	seq := m.seq
	read := m.previews.ReadWithState(m.previewEnv(), m.opts.Session, func(st *tmux.State, err error, c previews.CapturedMsg) tea.Msg {
		return stateMsg{seq: seq, state: st, err: err, preview: &c}
	})
	if read != nil {
		return read
	}
	return m.read(m.seq)
}

// read is the command of refresh for a given sequence number.
func (m *Model) read(seq int) tea.Cmd {
	core, sess := m.core, m.opts.Session
	return m.tmuxCall(func(ctx context.Context) tea.Msg {
		st, err := core.ReadState(ctx, sess)
		return stateMsg{seq: seq, state: st, err: err}
	})
}

// tmuxCall is call as a command of the io gate, its context bounded by
// the operations' timeout.
func (m *Model) tmuxCall(call func(ctx context.Context) tea.Msg) tea.Cmd {
	ctx := m.ctx
	return m.io.Track(func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, opTimeout)
		defer cancel()
		return call(ctx)
	})
}

// startOp marks the model busy and returns the command that makes the
// change f decides, with a read of the session just before and just after
// it: one tmux command list (one tmux process, or one control-mode round
// trip). A nudge costs no tmux call at all. The change goes on the undo
// stack unless it is a restore (undo, and Esc that stays open).
func (m *Model) startOp(f opFunc) tea.Cmd {
	m.busy = true
	m.seq++
	seq, core, sess, from, st := m.seq, m.core, m.opts.Session, m.win, m.state
	return m.tmuxCall(func(ctx context.Context) tea.Msg {
		done := opDoneMsg{seq: seq, fromWin: from}
		if st == nil { // no read has come back yet
			if st, done.readErr = core.ReadState(ctx, sess); done.readErr != nil {
				return done
			}
		}
		var dec decision
		dec, done.err = f(st)
		done.note, done.toWin = dec.note, dec.toWin
		if dec.op == nil || done.err != nil {
			done.noop = true
			return done
		}
		if dec.op.Follow { // the pane takes the focus along: the map goes too
			done.follow = dec.op.Pane
		}
		done.record = dec.op.Kind != tmuxctl.OpRestore
		var r tmuxctl.Result
		r, done.err = core.Act(ctx, sess, *dec.op)
		done.before, done.after = r.Before, r.After
		if dec.unmoved != "" && done.err == nil && sameActive(done.before, done.after, from) {
			done.note = dec.unmoved
		}
		return done
	})
}

// sameActive reports whether window win has the same active pane in
// before and after.
func sameActive(before, after *tmux.State, win tmux.WindowID) bool {
	_, a, errA := focused(before, win)
	_, b, errB := focused(after, win)
	return errA == nil && errB == nil && a.ID == b.ID
}

// finish runs the closing work and quits with ExitOK, or with ExitFailed
// when the work fails.
func (m *Model) finish(f closeFunc) tea.Cmd {
	m.busy = true
	core, sess, st := m.core, m.opts.Session, m.state
	return m.tmuxCall(func(ctx context.Context) tea.Msg {
		if f == nil {
			return quitMsg{code: ExitOK}
		}
		if st == nil {
			var err error
			if st, err = core.ReadState(ctx, sess); err != nil {
				return quitMsg{code: ExitTmuxGone, err: err}
			}
		}
		op := f(st)
		if op == nil {
			return quitMsg{code: ExitOK}
		}
		if _, err := core.Act(ctx, sess, *op); err != nil {
			if tmux.KindOf(err) == tmux.KindServerGone {
				return quitMsg{code: ExitTmuxGone, err: err}
			}
			return quitMsg{code: ExitFailed, err: err}
		}
		return quitMsg{code: ExitOK}
	})
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
