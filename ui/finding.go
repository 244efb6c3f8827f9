package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/screen/search"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/find"
	"github.com/panemap/panemap/ui/mapview"
	"github.com/panemap/panemap/ui/serverview"
)

// Find (/): every pane of the server matched against a query as it is
// typed (package find). The panes' text is read once as find opens (in
// as few command lists as fit), into an index a keystroke matches
// without asking tmux; while find is open, a pane whose preview changed
// is read again. Enter jumps to the chosen match, Esc goes back.

// FindSource reads panes' text for find. *panetext.Reader satisfies it.
type FindSource interface {
	FindText(ctx context.Context, windows []*tmux.Window, panes []tmux.PaneID) ([]search.Pane, error)
}

// findReadMsg answers the read as find opens, or of panes that changed.
type findReadMsg struct {
	windows []*tmux.Window // the listing, as find opens
	index   *search.Index
	read    bool  // panes' text was read into index: match the query again
	since   int64 // the Unix second the read began (0: a preview's re-read)
	err     error
}

// readInto reads panes' text (as listed in windows) into x, and answers
// whether anything was read. A failed read keeps what x held.
func readInto(ctx context.Context, src FindSource, windows []*tmux.Window, panes []tmux.PaneID, x *search.Index) bool {
	text, err := src.FindText(ctx, windows, panes)
	if err != nil {
		return false
	}
	for _, p := range text {
		x.Set(p)
	}
	return len(text) > 0
}

// openFind opens find and reads the server's panes.
func (m *Model) openFind() tea.Cmd {
	core := m.core
	if m.opts.Finder == nil {
		m.status = status{text: "cannot read the other panes here", kind: statusNudge}
		return nil
	}
	fv := find.New(nil, m.styles.Find)
	m.finder = &fv
	m.findReading = true
	src, ctx, timeout := m.opts.Finder, m.ctx, m.opts.OpTimeout
	return m.tracked(func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, 4*timeout)
		defer cancel()
		since := time.Now().Unix()
		windows, err := serverWindows(ctx, core)
		if err != nil {
			return findReadMsg{err: err}
		}
		var panes []tmux.PaneID
		for _, w := range windows {
			for _, p := range w.Panes {
				panes = append(panes, p.ID)
			}
		}
		text, err := src.FindText(ctx, windows, panes)
		if err != nil {
			return findReadMsg{err: err}
		}
		x := search.New()
		for _, p := range text {
			x.Set(p)
		}
		return findReadMsg{windows: windows, index: x, read: true, since: since}
	})
}

// checkFind reads again, at most every elsewhereEvery (poll ticks), the
// panes of every window that printed since the last read: the panes of
// other sessions and windows, which the live previews do not watch.
func (m *Model) checkFind(tick time.Time) tea.Cmd {
	core := m.core
	if m.finder == nil || m.findIndex == nil || m.findReading || !m.elsewhere.due(tick) {
		return nil
	}
	m.findReading = true
	src, ctx, timeout, windows, x, since := m.opts.Finder, m.ctx, m.opts.OpTimeout, m.findWindows, m.findIndex, m.elsewhere.since
	return m.tracked(func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		now := time.Now().Unix()
		panes, err := core.ActiveSince(ctx, since)
		switch {
		case err != nil:
			return findReadMsg{index: x} // ask from the same second next time
		case len(panes) == 0:
			return findReadMsg{index: x, since: now}
		}
		return findReadMsg{index: x, read: readInto(ctx, src, windows, panes, x), since: now}
	})
}

// refreshFind reads again the panes whose previews changed.
func (m *Model) refreshFind(panes []tmux.PaneID) tea.Cmd {
	if m.finder == nil || m.findIndex == nil || m.findReading || len(panes) == 0 {
		return nil
	}
	m.findReading = true
	src, ctx, timeout, windows, x := m.opts.Finder, m.ctx, m.opts.OpTimeout, m.findWindows, m.findIndex
	return m.tracked(func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		return findReadMsg{index: x, read: readInto(ctx, src, windows, panes, x)}
	})
}

// onFindRead gives find its text.
func (m Model) onFindRead(msg findReadMsg) (tea.Model, tea.Cmd) {
	m.findReading = false
	if m.finder == nil {
		return m, nil // closed meanwhile
	}
	if msg.err != nil {
		m.finder = nil
		m.status = status{text: "find: " + msg.err.Error(), kind: statusError}
		m.layout()
		return m, nil
	}
	if msg.windows != nil {
		m.findWindows = msg.windows
		m.finder.SetWindows(msg.windows)
	}
	if msg.since != 0 {
		m.elsewhere.since = msg.since
	}
	if !msg.read {
		return m, nil // nothing new: the matches stand
	}
	m.findIndex = msg.index
	m.finder.SetIndex(msg.index)
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
			return m.jumpTo(serverview.Target{Session: p.Session, Window: p.Window.ID, Pane: p.Pane})
		}
	case find.Back:
		m.finder, m.findIndex, m.findWindows = nil, nil, nil
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
		draw := *p.Window
		draw.Panes = make([]tmux.Pane, len(p.Window.Panes))
		for i, q := range p.Window.Panes {
			q.Active = q.ID == p.Pane
			draw.Panes[i] = q
		}
		in = mapview.Input{Win: &draw, Found: m.finder.Found(), Home: m.opts.Home, Hostname: m.opts.Hostname, Profile: m.profile, Boxes: m.boxes}
	}
	return out + "\n" + mapview.New(m.styles.Map, in, width, mapH).View()
}
