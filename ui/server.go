package ui

import (
	"context"
	"math"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/ui/serverview"
)

// The server view (w): every session and window of the server in place
// of the map (package serverview). It is listed as it opens and again at
// every refresh of the map while it is open; Enter or a label jumps
// there, Esc (or w) goes back to the map.

// serverListMsg answers a listing of the server.
type serverListMsg struct {
	windows []*tmux.Window
	err     error
	open    bool  // the listing opens the view
	since   int64 // the Unix second the listing began
}

// openServer lists the server to open the view on.
func (m *Model) openServer() tea.Cmd {
	m.status = status{text: "reading the server…", kind: statusInfo}
	return m.listServer(true)
}

// serverWindows lists every window of every session, with its panes, in
// one command list, whatever their number (List's default limit is for
// agents). The server view, find and a use it.
func serverWindows(ctx context.Context, core Core) ([]*tmux.Window, error) {
	l, err := core.List(ctx, tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer, Limit: math.MaxInt32})
	if err != nil {
		return nil, err
	}
	return l.Windows, nil
}

// listServer lists every session's windows and panes.
func (m *Model) listServer(open bool) tea.Cmd {
	core := m.core
	m.listing = true
	return m.tmuxCall(func(ctx context.Context) tea.Msg {
		since := time.Now().Unix()
		windows, err := serverWindows(ctx, core)
		return serverListMsg{windows: windows, err: err, open: open, since: since}
	})
}

// onServerList opens the view, or gives it the fresh listing.
func (m Model) onServerList(msg serverListMsg) (tea.Model, tea.Cmd) {
	m.listing = false
	switch {
	case msg.err != nil && msg.open:
		m.status = status{text: errorText(msg.err), kind: statusError}
	case msg.err != nil:
		// A refresh failed: the view keeps the last listing.
	case m.server != nil:
		m.server.SetWindows(msg.windows)
	case msg.open:
		from := serverview.Target{Session: m.opts.Session, Window: m.win}
		if w := m.window(); w != nil {
			if a, ok := w.ActivePane(); ok {
				from.Pane = a.ID
			}
		}
		sv := serverview.New(msg.windows, from, m.styles.Server)
		sv.SetProfile(m.profile)
		m.server = &sv
		m.elsewhere.Since = msg.since
		m.status = status{}
	}
	m.layout()
	if m.server == nil {
		return m, nil
	}
	// The panes it shows that have no preview yet are captured; the
	// agents' looks cover the server while it is open.
	return m, tea.Batch(m.previews.CaptureNew(m.previewEnv(), serverPanes(m.server.Panes())), m.agents.Look(m.agentEnv()))
}

// serverPanes are the panes of targets, in order.
func serverPanes(targets []serverview.Target) []tmux.PaneID {
	panes := make([]tmux.PaneID, len(targets))
	for i, t := range targets {
		panes[i] = t.Pane
	}
	return panes
}

// checkServer captures again, at most every previews.ElsewhereEvery, the server
// view's previews whose windows printed since the last check. The map's
// own window is live already.
func (m *Model) checkServer(tick time.Time) tea.Cmd {
	core := m.core
	if m.server == nil || m.previews.Capturing() || !m.previews.On() || !m.elsewhere.Due(tick) {
		return nil
	}
	shown := map[tmux.PaneID]bool{}
	for _, t := range m.server.Panes() {
		shown[t.Pane] = true
	}
	if w := m.window(); w != nil {
		for _, p := range w.Panes {
			delete(shown, p.ID)
		}
	}
	return m.previews.CaptureActive(m.previewEnv(), core.ActiveSince, m.elsewhere.Since, shown)
}

// serverKey is a key in the server view.
func (m *Model) serverKey(msg tea.KeyPressMsg) tea.Cmd {
	if key.Matches(msg, m.keys.Help) {
		m.fullHelp, m.helpTop = !m.fullHelp, 0
		return nil
	}
	sv, act := m.server.Update(msg)
	m.server = &sv
	switch act {
	case serverview.Jump:
		return m.jumpTo(sv.Selected(), 0)
	case serverview.Back:
		m.server = nil
	}
	return nil
}
