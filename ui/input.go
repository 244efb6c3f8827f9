package ui

import (
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/ui/keyhelp"
)

// escOnce takes Alt+Esc for Esc. Esc pressed twice in quick succession
// reaches the navigator as Alt+Esc: tmux reads ESC then ESC within its
// escape-time (500 ms by default before 3.5) as M-Escape and writes
// both to the pane at once, a terminal may write both in one go too, and
// Bubble Tea reads ESC ESC in one read as Alt+Esc, which nothing is
// bound to: the two presses did nothing. They count as one Esc, which
// reverts, cancels or goes back as Esc does; a second would also close
// what the first leaves open (the navigator behind a prompt), which the
// user may not have meant.
func escOnce(msg tea.KeyPressMsg) tea.KeyPressMsg {
	if msg.Code == tea.KeyEscape && msg.Mod == tea.ModAlt {
		msg.Mod = 0
	}
	return msg
}

// handle runs one queued input. It returns the operation's command, if
// the input started one (and so made the model busy).
func (m *Model) handle(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case m.helpH > 0 && key.Matches(msg, m.keys.Scroll.Down):
			m.helpTop += keyhelp.Page(m.helpH)
			return nil
		case m.helpH > 0 && key.Matches(msg, m.keys.Scroll.Up):
			m.helpTop -= keyhelp.Page(m.helpH)
			return nil
		case m.prompt != nil:
			return m.typeInPrompt(msg)
		case m.finder != nil:
			return m.findKey(msg)
		case m.server != nil:
			return m.serverKey(msg)
		case m.layouts != nil:
			return m.layoutsKey(msg)
		}
		return m.handleKey(msg)
	case tea.PasteMsg:
		switch {
		case m.prompt != nil:
			return m.typeInPrompt(msg)
		case m.finder != nil:
			return m.findKey(msg)
		case m.layouts != nil:
			return m.layoutsKey(msg)
		}
	case tea.MouseClickMsg, tea.MouseMotionMsg, tea.MouseReleaseMsg:
		if m.server != nil || m.finder != nil || m.layouts != nil {
			return nil // the map is not on screen: a click there means nothing
		}
		return m.handleMouse(msg)
	case labelTimeoutMsg:
		if msg.gen == m.labelGen && m.pending != "" {
			return m.commitLabel()
		}
	case inputClosedMsg:
		m.pending = ""
		return m.close(false) // as q: see inputClosedMsg
	}
	return nil
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := &m.keys
	if m.pending != "" {
		switch {
		case key.Matches(msg, k.Label):
			return m.typeDigit(msg.String())
		case msg.String() == "enter":
			return m.commitLabel()
		case msg.String() == "esc":
			m.pending, m.status = "", status{}
			return nil
		}
		if cmd := m.commitLabel(); cmd != nil {
			// The label's select runs first; this key waits its turn.
			m.queue = append([]tea.Msg{msg}, m.queue...)
			return cmd
		}
	}
	m.status = status{}
	win, wrap := m.win, m.opts.Wrap
	switch {
	case key.Matches(msg, k.Help):
		m.fullHelp, m.helpTop = !m.fullHelp, 0
	case key.Matches(msg, k.Keep):
		return m.close(false)
	case key.Matches(msg, k.Revert):
		if m.opts.EscStays && m.opts.EscReverts && msg.String() == "esc" {
			return m.putBack()
		}
		return m.close(m.opts.EscReverts)
	case key.Matches(msg, k.Up):
		return m.direction(tmux.DirUp)
	case key.Matches(msg, k.Down):
		return m.direction(tmux.DirDown)
	case key.Matches(msg, k.Left):
		return m.direction(tmux.DirLeft)
	case key.Matches(msg, k.Right):
		return m.direction(tmux.DirRight)
	case key.Matches(msg, k.Next):
		return m.startOp(moveFocus(win, tmux.DirNext, wrap))
	case key.Matches(msg, k.Prev):
		return m.startOp(moveFocus(win, tmux.DirPrevious, wrap))
	case key.Matches(msg, k.Last):
		return m.startOp(moveFocus(win, tmux.DirLast, wrap))
	case key.Matches(msg, k.Label):
		return m.typeDigit(msg.String())
	case key.Matches(msg, k.SwapMode):
		if m.mode == modeSwap {
			m.mode = modeNav
		} else {
			m.mode = modeSwap
		}
	case key.Matches(msg, k.Mark):
		return m.startOp(toggleMark(win))
	case key.Matches(msg, k.SwapMarked):
		return m.startOp(swapMarked(win))
	case key.Matches(msg, k.PrevWindow):
		return m.startOp(stepWindow(win, -1))
	case key.Matches(msg, k.NextWindow):
		return m.startOp(stepWindow(win, +1))
	case key.Matches(msg, k.Zoom):
		return m.startOp(toggleZoom(win))
	case key.Matches(msg, k.ResizeLeft):
		return m.resize(tmux.DirLeft)
	case key.Matches(msg, k.ResizeDown):
		return m.resize(tmux.DirDown)
	case key.Matches(msg, k.ResizeUp):
		return m.resize(tmux.DirUp)
	case key.Matches(msg, k.ResizeRight):
		return m.resize(tmux.DirRight)
	case key.Matches(msg, k.NextLayout):
		return m.startOp(applyLayout(win, tmuxctl.LayoutNext))
	case key.Matches(msg, k.PrevLayout):
		return m.startOp(applyLayout(win, tmuxctl.LayoutPrevious))
	case key.Matches(msg, k.Spread):
		return m.startOp(applyLayout(win, tmuxctl.LayoutSpread))
	case key.Matches(msg, k.Rotate):
		return m.startOp(rotate(win, tmux.DirDown))
	case key.Matches(msg, k.RotateBack):
		return m.startOp(rotate(win, tmux.DirUp))
	case key.Matches(msg, k.MoveNext):
		return m.startOp(moveToWindow(win, +1))
	case key.Matches(msg, k.MovePrev):
		return m.startOp(moveToWindow(win, -1))
	case key.Matches(msg, k.Break):
		return m.startOp(breakOut(win))
	case key.Matches(msg, k.Float):
		return m.startOp(toggleFloat(win))
	case key.Matches(msg, k.RenameWindow):
		m.openPrompt(promptWindowName)
	case key.Matches(msg, k.PaneTitle):
		m.openPrompt(promptPaneTitle)
	case key.Matches(msg, k.NextAlert):
		return m.nextAlert()
	case key.Matches(msg, k.NextWaiting):
		return m.nextWaiting()
	case key.Matches(msg, k.ServerView):
		return m.openServer()
	case key.Matches(msg, k.Find):
		return m.openFind()
	case key.Matches(msg, k.SaveLayout), key.Matches(msg, k.Layouts):
		return m.openLayouts(key.Matches(msg, k.SaveLayout))
	case key.Matches(msg, k.Undo):
		e, rest, ok := m.undo.pop()
		if !ok {
			m.status = status{text: "nothing to undo", kind: statusNudge}
			return nil
		}
		m.undo = rest
		return m.startOp(restoreTo(e, m.named))
	default:
		m.nudgeDisabled(msg)
	}
	return nil
}

// handleMouse is a click, a drag's motion or its release on the map.
func (m *Model) handleMouse(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.MouseClickMsg:
		return m.handleClick(msg)
	case tea.MouseMotionMsg:
		m.handleMotion(msg)
	case tea.MouseReleaseMsg:
		return m.handleRelease(msg)
	}
	return nil
}

// nudgeDisabled explains a key whose binding is off right now: the
// window keys, which a session of one window turns off.
func (m *Model) nudgeDisabled(msg tea.KeyPressMsg) {
	k := m.keys
	for _, b := range []key.Binding{k.PrevWindow, k.NextWindow, k.MovePrev, k.MoveNext} {
		if !b.Enabled() && slices.Contains(b.Keys(), msg.String()) {
			m.status = status{text: "this session has one window", kind: statusNudge}
		}
	}
}

// direction is an arrow or h j k l: focus moves in nav mode, the focused
// pane moves in swap mode.
func (m *Model) direction(d tmux.Direction) tea.Cmd {
	if m.mode == modeSwap {
		return m.startOp(swapDir(m.win, d, m.opts.Wrap, m.opts.ResizeStep))
	}
	return m.startOp(moveFocus(m.win, d, m.opts.Wrap))
}

// resize moves the focused pane's edge by the configured step.
func (m *Model) resize(d tmux.Direction) tea.Cmd {
	return m.startOp(resizePane(m.win, d, m.opts.ResizeStep))
}

// putBack is Esc that stays open (Options.EscStays): everything back as
// it was when the navigator opened, in nav mode, which leaves nothing to
// undo.
func (m *Model) putBack() tea.Cmd {
	m.mode = modeNav
	if m.initial == nil || tmux.SameLayout(m.state, m.initial) {
		m.status = status{text: "nothing to put back: everything is as it was (q quits)", kind: statusNudge}
		return nil
	}
	m.undo = nil
	back := restoreTo(undoEntry{state: m.initial, win: m.opts.Window}, m.named)
	return m.startOp(func(st *tmux.State) (decision, error) {
		d, err := back(st)
		d.note = "everything is back as it was (q quits)"
		return d, err
	})
}

// close quits: reverting everything (Esc), or keeping it (q, Enter).
func (m *Model) close(revertAll bool) tea.Cmd {
	m.queue = nil
	switch {
	case !m.changed:
		return m.finish(nil)
	case revertAll:
		return m.finish(revert(m.initial, m.named))
	default:
		return m.finish(keepHistory(m.initial, m.win))
	}
}

// typeDigit adds a digit to the label being typed. With ten or more
// panes, "1" waits for a second digit (or the timeout, or any other key).
func (m *Model) typeDigit(d string) tea.Cmd {
	cand := m.pending + d
	labels := m.labels()
	_, exact := labels[cand]
	longer := false
	for l := range labels {
		if len(l) > len(cand) && strings.HasPrefix(l, cand) {
			longer = true
		}
	}
	switch {
	case longer:
		m.pending = cand
		m.status = status{text: "pane " + cand + "…", kind: statusInfo}
		return m.labelTimer()
	case exact:
		m.pending = ""
		return m.startOp(focusPane(labels[cand]))
	}
	m.pending = ""
	m.status = status{text: "no pane labelled " + cand, kind: statusNudge}
	return nil
}

// commitLabel selects the pane whose label is the pending prefix.
func (m *Model) commitLabel() tea.Cmd {
	cand := m.pending
	m.pending, m.status = "", status{}
	if id, ok := m.labels()[cand]; ok {
		return m.startOp(focusPane(id))
	}
	return nil
}

// labels maps the shown window's labels (pane indexes) to panes.
func (m *Model) labels() map[string]tmux.PaneID {
	out := map[string]tmux.PaneID{}
	if w := m.window(); w != nil {
		for _, p := range w.Panes {
			out[strconv.Itoa(p.Index)] = p.ID
		}
	}
	return out
}

// A click on a tab switches window; on a pane it starts a drag, which
// ends as a focus (released on the same pane), a swap (on another), or a
// move into another window (on its tab).
func (m *Model) handleClick(msg tea.MouseClickMsg) tea.Cmd {
	if msg.Button != tea.MouseLeft {
		return nil
	}
	m.status = status{}
	if id, ok := m.header.TabAt(msg.X, msg.Y); ok {
		if id == m.win {
			return nil
		}
		return m.startOp(gotoWindow(id))
	}
	if id, ok := m.paneAt(msg.X, msg.Y); ok {
		m.drag = &dragState{from: id, over: id}
	}
	return nil
}

func (m *Model) handleMotion(msg tea.MouseMotionMsg) {
	if m.drag == nil {
		return
	}
	over, _ := m.paneAt(msg.X, msg.Y)
	m.drag = &dragState{from: m.drag.from, over: over}
}

func (m *Model) handleRelease(msg tea.MouseReleaseMsg) tea.Cmd {
	d := m.drag
	m.drag = nil
	if d == nil {
		return nil
	}
	if tab, ok := m.header.TabAt(msg.X, msg.Y); ok {
		return m.startOp(movePaneTo(d.from, tab))
	}
	id, ok := m.paneAt(msg.X, msg.Y)
	switch {
	case !ok:
		return nil
	case id == d.from:
		return m.startOp(focusPane(id))
	default:
		return m.startOp(swapPanes(d.from, id))
	}
}

// paneAt hit-tests the map at screen coordinates.
func (m *Model) paneAt(x, y int) (tmux.PaneID, bool) {
	return m.mapv.PaneAt(x, y-m.mapTop)
}
