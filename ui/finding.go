package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/find"
	"github.com/panemap/panemap/ui/mapview"
	"github.com/panemap/panemap/ui/serverview"
)

// Find (/): every pane of the server matched against a query as it is
// typed (package find, which reads the panes' text and keeps it fresh).
// Enter jumps to the chosen match (opening copy mode at a line of the
// history), Esc goes back.

// openFind opens find and reads the server's panes.
func (m *Model) openFind() tea.Cmd {
	core := m.core
	fv := find.New(nil, m.styles.Find)
	m.finder = &fv
	return m.finder.ReadAll(find.Env{
		Ctx: m.ctx, Timeout: opTimeout, Track: m.io.Track, Text: m.opts.Finder,
		Windows:     func(ctx context.Context) ([]*tmux.Window, error) { return serverWindows(ctx, core) },
		ActiveSince: core.ActiveSince,
	})
}

// checkFind reads again, at most every previews.ElsewhereEvery (poll ticks), the
// panes of every window that printed since the last read: the panes of
// other sessions and windows, which the live previews do not watch.
func (m *Model) checkFind(tick time.Time) tea.Cmd {
	if m.finder == nil || !m.finder.Idle() || !m.elsewhere.Due(tick) {
		return nil
	}
	return m.finder.ReadActive(m.elsewhere.Since)
}

// refreshFind reads again the panes whose previews changed.
func (m *Model) refreshFind(panes []tmux.PaneID) tea.Cmd {
	if m.finder == nil || len(panes) == 0 {
		return nil
	}
	return m.finder.ReadPanes(panes)
}

// onFindRead gives find its text.
func (m Model) onFindRead(msg find.ReadMsg) (tea.Model, tea.Cmd) {
	if m.finder == nil {
		return m, nil // closed meanwhile
	}
	if msg.Err != nil {
		m.finder = nil
		m.status = status{text: "find: " + errorText(msg.Err), kind: statusError}
		m.layout()
		return m, nil
	}
	if msg.Since != 0 {
		m.elsewhere.Since = msg.Since
	}
	fv, _ := m.finder.Update(msg)
	m.finder = &fv
	m.layout()
	return m, nil
}

// findKey is a key or a paste while find is open.
func (m *Model) findKey(msg tea.Msg) tea.Cmd {
	fv, act := m.finder.Update(msg)
	m.finder = &fv
	switch act {
	case find.Jump:
		if p, ok := fv.Selected(); ok {
			// A line of the history: copy mode opens at it. A line of the
			// screen, or a field, is in sight already.
			line := 0
			if x, ok := fv.SelectedMatch(); ok && x.Field == "" && x.Line < 0 {
				line = x.Line
			}
			return m.jumpTo(serverview.Target{Session: p.Session, Window: p.Window.ID, Pane: p.Pane}, line)
		}
	case find.Back:
		m.finder = nil
	}
	return nil
}

// findMapHeight is how much of find's height of its place goes to the
// chosen match's window: half, when there is room for both.
func findMapHeight(height int) int {
	if height >= 16 {
		return height / 2
	}
	return 0
}

// findBody is find's part of the screen: the matches, and below them,
// when there is room, the chosen match's window with every pane that
// matches marked and the chosen one focused.
func (m Model) findBody(width, height int) string {
	mapH := findMapHeight(height)
	out := m.finder.View()
	if mapH == 0 {
		return out
	}
	var in mapview.Input
	if p, ok := m.finder.Selected(); ok {
		in = mapview.Input{Win: p.Window, Selection: true, Selected: p.Pane, Found: m.finder.Found(), Home: m.opts.Home, Hostname: m.opts.Hostname, Profile: m.profile, Boxes: m.boxes}
	}
	return out + "\n" + mapview.New(m.styles.Map, in, width, mapH).View()
}
