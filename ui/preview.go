package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/previews"
)

// The map's live previews (package previews): the navigator routes
// their messages there, and tells each update what it shows.

// previewEnv is what the previews need to know of the navigator now.
func (m *Model) previewEnv() previews.Env {
	return previews.Env{
		Window:  m.window(),
		Live:    m.live,
		Stopped: m.quitting || m.fatal != nil,
		Ctx:     m.ctx,
		After:   m.after,
		Call:    m.tmuxCall,
	}
}

// pollsWithCaptures reports whether the map's poll captures the previews
// in the same command list as its read (previews.StateCapturer).
func (m *Model) pollsWithCaptures() bool { return m.previews.PollsWithState(m.live) }

// onCaptured keeps a capture's screens. While find is open, the text of
// the panes that printed is read again; a capture for the server view's
// check of what printed elsewhere moves that check on.
func (m Model) onCaptured(msg previews.CapturedMsg) (tea.Model, tea.Cmd) {
	if msg.Since != 0 {
		m.elsewhere.Since = msg.Since
	}
	var shown []tmux.PaneID
	if m.server != nil {
		shown = serverPanes(m.server.Panes())
	}
	var printed []tmux.PaneID
	var cmd tea.Cmd
	m.previews, printed, cmd = m.previews.Captured(msg, m.previewEnv(), shown)
	if len(printed) > 0 {
		m.layout()
	}
	if m.agents.Among(printed) { // its screen may say a new state
		cmd = tea.Batch(cmd, m.agents.Look(m.agentEnv()))
	}
	return m, tea.Batch(cmd, m.refreshFind(printed))
}

// withMissing adds the capture of panes new on the map to an update,
// and the read of the window's layout name when it is due.
func withMissing(tm tea.Model, cmd tea.Cmd) (tea.Model, tea.Cmd) {
	m := tm.(Model)
	cmd = tea.Batch(cmd, m.readMark("")) // the window's layout name, when due (layouts.go)
	if c := m.previews.CaptureMissing(m.previewEnv()); c != nil {
		return m, tea.Batch(cmd, c)
	}
	return m, cmd
}
