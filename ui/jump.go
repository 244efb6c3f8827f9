package ui

import (
	"context"
	"math"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// nextAlert is a: the next window with a bell, activity or silence alert
// after the one on the map, in this session and then in the others (in
// tmux's session order, wrapping), as next-window -a does within one
// session. The client switches there (select-window, then switch-client)
// and the navigator closes, keeping everything, as q does. With no such
// window it says so and stays.
func (m *Model) nextAlert() tea.Cmd {
	sc, ok := m.core.(ServerCore)
	if !ok {
		m.status = status{text: "cannot read the other sessions here", kind: statusNudge}
		return nil
	}
	m.busy = true
	m.seq++
	seq, core, sess, win, client := m.seq, m.core, m.opts.Session, m.win, m.opts.Client
	var closing *tmuxctl.Op
	if m.changed && m.state != nil {
		closing = keepHistory(m.initial, win)(m.state)
	}
	ctx, timeout := m.ctx, m.opts.OpTimeout
	return m.tracked(func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		done := opDoneMsg{seq: seq, name: "next alert", fromWin: win, noop: true}
		l, err := sc.List(ctx, tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer, Limit: math.MaxInt32})
		if err != nil {
			done.err = err
			return done
		}
		to := nextAlertWindow(l.Windows, sess, win)
		if to == nil {
			done.note = "no window has an alert (bell, activity or silence) in any session"
			return done
		}
		if closing != nil {
			if _, _, err := core.Act(ctx, sess, *closing); err != nil && tmux.KindOf(err) != tmux.KindGone {
				done.err = err
				return done
			}
		}
		jump := tmuxctl.Op{Kind: tmuxctl.OpJump, Session: to.SessionID, Window: to.ID, Client: client}
		if _, _, err := core.Act(ctx, sess, jump); err != nil {
			done.err = err
			return done
		}
		return quitMsg{code: ExitOK}
	})
}

// nextAlertWindow is the first window with an alert after session sess's
// window win in windows (a server listing, in tmux's order), wrapping
// round; nil when none has one. A window linked into several sessions is
// listed, and alerted, per session.
func nextAlertWindow(windows []*tmux.Window, sess tmux.SessionID, win tmux.WindowID) *tmux.Window {
	start := -1
	for i, w := range windows {
		if w.SessionID == sess && w.ID == win {
			start = i
		}
	}
	for k := 1; k <= len(windows); k++ {
		w := windows[(start+k+len(windows))%len(windows)]
		if (w.Bell || w.Activity || w.Silence) && (w.SessionID != sess || w.ID != win) {
			return w
		}
	}
	return nil
}
