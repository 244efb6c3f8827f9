package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/ui/serverview"
)

// Jumps: a (the next window with an alert) and Enter or a label in the
// server view switch the client to another window, maybe of another
// session (select-window, select-pane, then switch-client), and close
// the navigator keeping everything, as q does.

// jumpFinder decides where a jump goes, from a fresh listing of the
// server (nil when it needs none), or what it reads itself: a note says
// there is nowhere to go.
type jumpFinder func(ctx context.Context, windows []*tmux.Window) (to serverview.Target, note string, err error)

// nextAlert is a: the next window with a bell, activity or silence alert
// after the one on the map, in this session and then in the others (in
// tmux's session order, wrapping), as next-window -a does within one
// session.
func (m *Model) nextAlert() tea.Cmd {
	sess, win := m.opts.Session, m.win
	return m.jump(true, 0, func(_ context.Context, windows []*tmux.Window) (serverview.Target, string, error) {
		w := serverview.NextAlert(windows, sess, win)
		if w == nil {
			return serverview.Target{}, "no window has an alert (bell, activity or silence) in any session", nil
		}
		return serverview.Target{Session: w.SessionID, Window: w.ID}, "", nil
	})
}

// jumpTo jumps to t (the server view's Enter or a label; find's Enter,
// with line below 0 for a match in t.Pane's history: see
// tmuxctl.Op.Line).
func (m *Model) jumpTo(t serverview.Target, line int) tea.Cmd {
	return m.jump(false, line, func(context.Context, []*tmux.Window) (serverview.Target, string, error) { return t, "", nil })
}

// jump lists the server (when list says find needs it), then closes as
// q does and switches the client to where find says (opening copy mode
// at line, when below 0). With nowhere to go, or on an error, it stays
// open and says so.
func (m *Model) jump(list bool, line int, find jumpFinder) tea.Cmd {
	m.busy = true
	m.seq++
	seq, core, sess, win, client := m.seq, m.core, m.opts.Session, m.win, m.opts.Client
	var closing *tmuxctl.Op
	if m.changed && m.state != nil {
		closing = keepHistory(m.initial, win)(m.state)
	}
	return m.tmuxCall(func(ctx context.Context) tea.Msg {
		done := opDoneMsg{seq: seq, fromWin: win, noop: true}
		var windows []*tmux.Window
		if list {
			var err error
			if windows, err = serverWindows(ctx, core); err != nil {
				done.err = err
				return done
			}
		}
		to, note, err := find(ctx, windows)
		if note != "" || err != nil {
			done.note, done.err = note, err
			return done
		}
		if closing != nil {
			if _, err := core.Act(ctx, sess, *closing); err != nil && tmux.KindOf(err) != tmux.KindGone {
				done.err = err
				return done
			}
		}
		jump := tmuxctl.Op{Kind: tmuxctl.OpJump, Session: to.Session, Window: to.Window, Pane: to.Pane, Client: client, Line: line}
		if _, err := core.Act(ctx, sess, jump); err != nil {
			done.err = err
			return done
		}
		return quitMsg{code: ExitOK}
	})
}
