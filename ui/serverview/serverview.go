// Package serverview is the navigator's view of the whole server (w):
// every session and window at once, each window a small to-scale map of
// its panes (package mapview), every pane labelled with a hint. The
// arrows and Tab move a selection across panes and windows, Enter or a
// label jumps there. It does no I/O: Update answers what to do, the
// navigator does it. It imports nothing of panemap but the tmux
// vocabulary and the ui components.
package serverview

import (
	"reflect"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/mapview"
)

// Target is a pane in one session's window: where a jump goes.
type Target struct {
	Session tmux.SessionID
	Window  tmux.WindowID
	Pane    tmux.PaneID
}

// Action is what a key asks of the navigator.
type Action int

const (
	None Action = iota
	Jump        // jump to Selected()
	Back        // leave the server view
)

// Model is an open server view.
type Model struct {
	keys   KeyMap
	styles Styles
	boxes  *mapview.BoxCache

	windows []*tmux.Window // the server, as last listed
	shots   map[tmux.PaneID]*mapview.Shot
	badges  map[tmux.PaneID]mapview.Badge
	labels  *labeller
	typed   string // the first letter of a two-letter label
	sel     Target

	width, height int
	scroll        int // the first line shown
	lay           layout
	profile       colorprofile.Profile // how preview colours degrade here
}

// New opens the view on the server listed in windows (tmux's order:
// by session, then window index), with the selection on from.
func New(windows []*tmux.Window, from Target, s Styles) Model {
	panes := 0
	for _, w := range windows {
		panes += len(w.Panes)
	}
	m := Model{keys: DefaultKeyMap(), styles: s, boxes: &mapview.BoxCache{}, labels: newLabeller(panes), sel: from}
	m.SetWindows(windows)
	return m
}

// SetWindows takes a fresh listing. The selection stays on its pane
// while that pane is listed, else goes to its window's active pane, else
// to the first pane; labels stay with their panes.
func (m *Model) SetWindows(windows []*tmux.Window) {
	m.windows = windows
	for _, w := range windows {
		for _, p := range w.Panes {
			m.labels.label(labelKey(w, p.ID))
		}
	}
	if _, _, ok := m.find(m.sel); !ok {
		m.sel = m.fallback()
	}
	m.relayout()
}

// SetShots gives the previews to draw where boxes are big enough. The
// navigator replaces its map of shots whenever one changes, so the same
// map means nothing to redraw.
func (m *Model) SetShots(shots map[tmux.PaneID]*mapview.Shot) {
	if reflect.ValueOf(shots).Pointer() == reflect.ValueOf(m.shots).Pointer() && (shots == nil) == (m.shots == nil) {
		return
	}
	m.shots = shots
	m.relayout()
}

// SetBadges gives the agents' badges. As with SetShots, the same map
// means nothing to redraw.
func (m *Model) SetBadges(badges map[tmux.PaneID]mapview.Badge) {
	if reflect.ValueOf(badges).Pointer() == reflect.ValueOf(m.badges).Pointer() && (badges == nil) == (m.badges == nil) {
		return
	}
	m.badges = badges
	m.relayout()
}

// SetSize fits the view to width x height cells.
func (m *Model) SetSize(width, height int) {
	if width == m.width && height == m.height {
		return
	}
	m.width, m.height = width, height
	m.relayout()
}

// Selected is the selected pane.
func (m Model) Selected() Target { return m.sel }

// Keys is the key map, for the footer's help.
func (m Model) Keys() KeyMap { return m.keys }

// Panes lists every pane shown, in order, for tests and callers that
// capture previews.
func (m Model) Panes() []Target {
	var out []Target
	for _, w := range m.windows {
		for _, p := range w.Panes {
			out = append(out, Target{w.SessionID, w.ID, p.ID})
		}
	}
	return out
}

// Label is pane t's hint label ("" when it has none).
func (m Model) Label(t Target) string {
	return m.labels.of[string(t.Session)+string(t.Window)+string(t.Pane)]
}

// Update takes a key press.
func (m Model) Update(msg tea.KeyPressMsg) (Model, Action) {
	k := m.keys
	if r := msg.String(); len(r) == 1 && strings.Contains(alphabet, r) {
		return m.typeHint(r)
	}
	m.typed = ""
	switch {
	case key.Matches(msg, k.Back):
		return m, Back
	case key.Matches(msg, k.Jump):
		return m, Jump
	case key.Matches(msg, k.Next):
		m.step(+1)
	case key.Matches(msg, k.Prev):
		m.step(-1)
	case key.Matches(msg, k.Up):
		m.move(tmux.DirUp)
	case key.Matches(msg, k.Down):
		m.move(tmux.DirDown)
	case key.Matches(msg, k.Left):
		m.move(tmux.DirLeft)
	case key.Matches(msg, k.Right):
		m.move(tmux.DirRight)
	}
	m.relayout()
	return m, None
}

// typeHint takes a letter of a label: a whole label selects its pane and
// jumps; the first letter of two-letter labels waits for the second.
func (m Model) typeHint(r string) (Model, Action) {
	cand := m.typed + r
	for _, t := range m.Panes() {
		if m.Label(t) == cand {
			m.typed, m.sel = "", t
			m.relayout()
			return m, Jump
		}
	}
	m.typed = ""
	if len(cand) == 1 && m.labels.two {
		m.typed = cand
	}
	m.relayout()
	return m, None
}

func labelKey(w *tmux.Window, p tmux.PaneID) string {
	return string(w.SessionID) + string(w.ID) + string(p)
}

// find is the window and the index in windows of t.
func (m Model) find(t Target) (*tmux.Window, int, bool) {
	for i, w := range m.windows {
		if w.SessionID == t.Session && w.ID == t.Window {
			if _, ok := w.Pane(t.Pane); ok {
				return w, i, true
			}
		}
	}
	return nil, 0, false
}

// fallback is where the selection goes when its pane is gone.
func (m Model) fallback() Target {
	for _, w := range m.windows {
		if w.SessionID == m.sel.Session && w.ID == m.sel.Window {
			if a, ok := w.ActivePane(); ok {
				return Target{w.SessionID, w.ID, a.ID}
			}
		}
	}
	for _, w := range m.windows {
		if a, ok := w.ActivePane(); ok {
			return Target{w.SessionID, w.ID, a.ID}
		}
	}
	return Target{}
}

// step moves the selection to the next (+1) or previous (-1) pane of
// the server, wrapping round.
func (m *Model) step(delta int) {
	all := m.Panes()
	if len(all) == 0 {
		return
	}
	at := 0
	for i, t := range all {
		if t == m.sel {
			at = i
		}
	}
	m.sel = all[((at+delta)%len(all)+len(all))%len(all)]
}

// move goes to the pane beside the selection in direction d, within its
// window; from a window's edge, to the window beside it on the screen,
// onto its active pane. The pane is tmux.Neighbour's prediction of
// select-pane's choice: the selection moves before tmux is asked
// anything (Enter then jumps to it), and where several panes share the
// side, tmux's most recently used one can be unknown to a read.
func (m *Model) move(d tmux.Direction) {
	w, i, ok := m.find(m.sel)
	if !ok {
		return
	}
	if n, ok := tmux.Neighbour(w, m.sel.Pane, d, false); ok {
		m.sel.Pane = n
		return
	}
	if j, ok := m.lay.beside(i, d); ok {
		to := m.windows[j]
		if a, ok := to.ActivePane(); ok {
			m.sel = Target{to.SessionID, to.ID, a.ID}
		}
	}
}

// NextAlert is the first window with an alert after session sess's
// window win in windows (a server listing, in tmux's order), wrapping
// round; nil when none has one. A window linked into several sessions is
// listed, and alerted, per session.
func NextAlert(windows []*tmux.Window, sess tmux.SessionID, win tmux.WindowID) *tmux.Window {
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
