package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/tabs"
)

// Reconciling the model with tmux: what a fresh read of the session
// changes on the map, and what an operation's outcome does to the map,
// the undo stack and the status line.

// onState applies a refresh. A state older than the one shown (a poll
// overtaken by an operation) is dropped, and an unchanged one changes
// nothing, so nothing is redrawn.
func (m Model) onState(msg stateMsg) (tea.Model, tea.Cmd) {
	if msg.seq == m.readSeq {
		m.reading = false
	}
	m2, cmd := m.applyState(msg)
	if next := m2.pendingRefresh(); next != nil {
		cmd = tea.Batch(cmd, next)
	}
	return m2, cmd
}

func (m Model) applyState(msg stateMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		if !m.loaded || fatalReadErr(msg.err) {
			return m.setFatal(msg.err)
		}
		m.status = status{text: errorText(msg.err), kind: statusError}
		m.layout()
		return m, nil
	}
	if msg.seq <= m.applied {
		return m, nil
	}
	first := !m.loaded
	changed, closed := m.apply(msg.seq, msg.state)
	if !changed && !first {
		return m, nil
	}
	if closed != "" {
		m.status = status{text: closed, kind: statusNudge}
	}
	var cmd tea.Cmd
	if first {
		m.loaded, m.initial = true, msg.state
		if _, ok := msg.state.Window(m.win); !ok || m.opts.Window == "" {
			m.win = msg.state.Current
		}
		cmd = m.drain()
	}
	m.layout()
	return m, cmd
}

// apply shows st, reporting whether anything visible changed and, when
// the window on the map left the session, the note that says so.
func (m *Model) apply(seq int, st *tmux.State) (changed bool, closed string) {
	m.applied = seq
	if tmux.SameState(m.state, st) {
		return false, ""
	}
	prev := m.state
	m.state = st
	if w, ok := st.Window(m.win); !ok || st.Foreign == w {
		closed = m.leaveClosed(prev, st)
	}
	if m.drag != nil {
		if _, _, ok := st.FindPane(m.drag.from); !ok {
			m.drag = nil
		}
	}
	return true, closed
}

// leaveClosed moves the map off its window, which is no longer in the
// session (killed, or moved away, from outside): to the session's next
// window after it, wrapping. It returns the note that says so, naming
// both windows as their tabs did; the closed one is known only from
// prev. Without prev (the window was gone at open) the map shows the
// current window, silently.
func (m *Model) leaveClosed(prev, st *tmux.State) string {
	var old *tmux.Window
	if prev != nil {
		for _, w := range prev.Windows {
			if w.ID == m.win {
				old = w
			}
		}
	}
	if old == nil {
		m.win = st.Current
		return ""
	}
	next := nextWindow(st, old.Index)
	if next == nil {
		m.win = st.Current
		return ""
	}
	m.win = next.ID
	return fmt.Sprintf("window %s was closed; showing %s", tabs.TabLabel(old), tabs.TabLabel(next))
}

// nextWindow is the session's window with the lowest index above index,
// or, wrapping, its lowest; nil for a session without windows.
func nextWindow(st *tmux.State, index int) *tmux.Window {
	var after, first *tmux.Window
	for _, w := range st.Windows {
		if w.Index > index && (after == nil || w.Index < after.Index) {
			after = w
		}
		if first == nil || w.Index < first.Index {
			first = w
		}
	}
	if after != nil {
		return after
	}
	return first
}

// onOpDone applies an operation's outcome, records it for undo, and runs
// the next queued input.
func (m Model) onOpDone(msg opDoneMsg) (tea.Model, tea.Cmd) {
	m.busy = false
	if err := firstErr(fatalOnly(msg.err, fatalErr), fatalOnly(msg.readErr, fatalReadErr)); err != nil {
		m.queue = nil
		return m.setFatal(err)
	}
	if msg.after != nil && len(msg.after.Recreated) > 0 {
		m.renameWindows(msg.after.Recreated)
		msg.fromWin, msg.toWin = renamed(msg.after.Recreated, msg.fromWin), renamed(msg.after.Recreated, msg.toWin)
	}
	if msg.follow != "" && msg.after != nil && msg.err == nil {
		// Not found: a swap with a marked pane in another session took
		// the pane there, out of the session read.
		if _, w, ok := msg.after.FindPane(msg.follow); ok {
			m.win = w.ID // before apply: the window the pane left may be closed
		}
	}
	var closed string
	if msg.after != nil && msg.seq > m.applied {
		_, closed = m.apply(msg.seq, msg.after)
	}
	if msg.before != nil && msg.after != nil && !tmux.SameLayout(msg.before, msg.after) {
		m.changed = true
		if msg.record {
			m.undo = m.undo.push(undoEntry{state: msg.before, win: msg.fromWin})
		}
	}
	if msg.toWin != "" && msg.err == nil && m.state != nil {
		if _, ok := m.state.Window(msg.toWin); ok {
			m.win = msg.toWin
		}
	}
	reopened := m.reopenRefused(msg.seq, msg.err)
	switch err := firstErr(msg.err, msg.readErr); {
	case reopened:
		// The prompt is open again with its text and the reason.
	case closed != "" && (err == nil || tmux.KindOf(err) == tmux.KindGone):
		// The op's window went away under it: say that, not "pane gone".
		m.status = status{text: closed, kind: statusNudge}
	case err != nil && tmux.KindOf(err) == tmux.KindGone:
		m.status = status{text: "pane gone: " + errorText(err) + " (map refreshed)", kind: statusNudge}
	case err != nil:
		m.status = status{text: errorText(err), kind: statusError}
	case msg.note != "":
		m.status = status{text: msg.note, kind: statusNudge}
	}
	var cmds []tea.Cmd
	if msg.after == nil && !msg.noop {
		cmds = append(cmds, m.refresh())
	}
	cmds = append(cmds, m.drain(), m.pendingRefresh())
	m.layout()
	return m, tea.Batch(cmds...)
}

// renameWindows follows windows a restore recreated (closed by a move,
// then brought back under a new id) everywhere the model keeps window
// ids: the states kept for undo and Esc, and the window shown.
func (m *Model) renameWindows(ids map[tmux.WindowID]tmux.WindowID) {
	if m.initial != nil {
		m.initial = m.initial.RenameWindows(ids)
	}
	undo := make(undoStack, len(m.undo))
	for i, e := range m.undo {
		undo[i] = undoEntry{state: e.state.RenameWindows(ids), win: renamed(ids, e.win)}
	}
	m.undo = undo
	m.win = renamed(ids, m.win)
}

func renamed(ids map[tmux.WindowID]tmux.WindowID, id tmux.WindowID) tmux.WindowID {
	if n, ok := ids[id]; ok {
		return n
	}
	return id
}
