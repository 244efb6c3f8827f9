// Package layoutlist is the navigator's named layouts (S, and o for the
// list): the saved layouts, each drawn as a small map of its slots with
// its pane count and when it was saved, broken files with the reason;
// below them the plan for the chosen one on the window itself (which
// pane goes to which slot, which slots are new or dropped). It saves the
// window under a name (asking before overwriting), renames, deletes
// (asking first) and filters by name. Store I/O runs in its commands;
// tmux is changed only by the navigator: Update answers Apply, and the
// navigator runs tmuxctl.OpApplyLayout as it runs every operation, so
// undo and Esc put the window back.
package layoutlist

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/cells"
	"github.com/panemap/panemap/ui/mapview"
	"github.com/panemap/panemap/ui/prompt"
)

// Action is what a key asks of the navigator.
type Action int

const (
	None  Action = iota
	Apply        // apply Selected() to the window
	Back         // leave the view
	Saved        // the window was saved under a name
)

// typing is what the open prompt asks for.
type typing int

const (
	typingNone typing = iota
	typingSave
	typingRename
	typingFilter
)

// question is a yes/no waiting for its answer, and what yes does.
type question struct {
	text string
	yes  func() tea.Cmd
}

// Msg answers the view's store commands: the store listed afresh after
// the change (if any) they made.
type Msg struct {
	entries []layouts.Entry
	err     error
	note    string // what was done
	chosen  string // the name just saved or renamed to, to choose it
	save    bool   // a save made it
}

// Model is an open layouts view.
type Model struct {
	keys   KeyMap
	styles Styles
	boxes  *mapview.BoxCache
	smalls map[string]string // the small maps drawn, by layout as saved
	store  *layouts.Store
	now    func() time.Time

	entries []layouts.Entry // the store, by name
	listed  bool            // the first listing came back
	shown   []int           // the entries the filter lets through
	sel     int             // index into shown
	top     int             // the first entry drawn
	filter  string

	win        *tmux.Window // the window a save takes and the plan is for
	version    tmux.Version
	floatingOK bool

	typing typing
	input  prompt.Model
	ask    *question
	// closeOnCancel: the view was opened to save (S): Esc on the name
	// goes back to the map.
	closeOnCancel bool

	note    string
	errText string

	width, height int
	out           string // the view as drawn for all of the above
}

// New opens the view on store for window w of a server of version v;
// save opens it with the name prompt. Its Init lists the store.
func New(store *layouts.Store, w *tmux.Window, v tmux.Version, save bool, s Styles) Model {
	m := Model{keys: DefaultKeyMap(), styles: s, boxes: &mapview.BoxCache{}, smalls: map[string]string{}, store: store, now: time.Now,
		win: w, version: v, floatingOK: v.AtLeast(3, 8)}
	if save {
		m.closeOnCancel = true
		m.openInput(typingSave, "save this window as", "")
	}
	m.redraw()
	return m
}

// Init lists the store.
func (m Model) Init() tea.Cmd { return m.run("", "", false, func() error { return nil }) }

// ApplyPlan is the chosen layout's plan for window win as st has it
// (layouts.MakePlan, making no panes), and its name: what the navigator
// applies with tmuxctl.OpApplyLayout.
func (m Model) ApplyPlan(st *tmux.State, win tmux.WindowID) (*layouts.Plan, string, error) {
	l := m.Selected()
	w, ok := st.Window(win)
	switch {
	case l == nil:
		return nil, "", fmt.Errorf("no layout chosen")
	case !ok:
		return nil, "", &tmux.Error{Kind: tmux.KindGone, Value: string(win), Message: fmt.Sprintf("window %s is gone", win)}
	}
	p, err := layouts.MakePlan(l, w, false, m.floatingOK)
	if err != nil {
		return nil, "", err
	}
	return p, l.Name, nil
}

// SetWindow gives the window as last read (the plan is drawn on it).
func (m *Model) SetWindow(w *tmux.Window) {
	if w != m.win {
		m.win = w
		m.redraw()
	}
}

// SetSize fits the view to width x height cells.
func (m *Model) SetSize(width, height int) {
	if width != m.width || height != m.height {
		m.width, m.height = width, height
		m.redraw()
	}
}

// Selected is the chosen layout, nil when none (an empty list, or a
// broken file).
func (m Model) Selected() *layouts.Layout {
	if e, ok := m.selectedEntry(); ok {
		return e.Layout
	}
	return nil
}

func (m Model) selectedEntry() (layouts.Entry, bool) {
	if m.sel < 0 || m.sel >= len(m.shown) {
		return layouts.Entry{}, false
	}
	return m.entries[m.shown[m.sel]], true
}

// Keys is the footer's key help: the prompt's, the question's or the
// list's.
func (m Model) Keys() help.KeyMap {
	switch {
	case m.ask != nil:
		return askKeys{m.keys}
	case m.typing != typingNone:
		return m.input.Keys()
	}
	return m.keys
}

// run is the command that does change to the store and lists it again.
func (m Model) run(note, chosen string, save bool, change func() error) tea.Cmd {
	store := m.store
	return func() tea.Msg {
		if err := change(); err != nil {
			entries, _ := store.List()
			return Msg{entries: entries, err: err}
		}
		entries, err := store.List()
		return Msg{entries: entries, err: err, note: note, chosen: chosen, save: save}
	}
}

// Update takes a key, a paste or a Msg. The view is drawn here, not in
// View, which the navigator asks for after every message it gets.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd, Action) {
	m, cmd, act := m.update(msg)
	m.redraw()
	return m, cmd, act
}

func (m Model) update(msg tea.Msg) (Model, tea.Cmd, Action) {
	switch msg := msg.(type) {
	case Msg:
		m.onListed(msg)
		if msg.save && msg.err == nil {
			return m, nil, Saved
		}
		return m, nil, None
	case tea.KeyPressMsg:
		if m.ask != nil {
			return m.answer(msg)
		}
	}
	if m.typing != typingNone {
		return m.typeIn(msg)
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return m, nil, None
	}
	m.note, m.errText = "", ""
	switch {
	case key.Matches(k, m.keys.Back):
		return m, nil, Back
	case key.Matches(k, m.keys.Down):
		m.step(+1)
	case key.Matches(k, m.keys.Up):
		m.step(-1)
	case key.Matches(k, m.keys.Apply):
		return m.apply()
	case key.Matches(k, m.keys.Save):
		m.openInput(typingSave, "save this window as", "")
	case key.Matches(k, m.keys.Filter):
		m.openInput(typingFilter, "filter", m.filter)
	case key.Matches(k, m.keys.Rename):
		if e, ok := m.selectedEntry(); ok {
			m.openInput(typingRename, "rename "+e.Name+" to", e.Name)
		}
	case key.Matches(k, m.keys.Delete):
		if e, ok := m.selectedEntry(); ok {
			store, name := m.store, e.Name
			m.ask = &question{text: fmt.Sprintf("delete layout %s?", name), yes: func() tea.Cmd {
				return m.run("deleted "+name, "", false, func() error { return store.Delete(name) })
			}}
		}
	}
	return m, nil, None
}

// apply answers Apply for a layout that can be read.
func (m Model) apply() (Model, tea.Cmd, Action) {
	e, ok := m.selectedEntry()
	switch {
	case !ok:
		m.errText = "no layout to apply: S saves this window's"
		return m, nil, None
	case e.Layout == nil:
		m.errText = fmt.Sprintf("layout %s cannot be read: %s", e.Name, e.Broken)
		return m, nil, None
	}
	return m, nil, Apply
}

// onListed takes a fresh listing of the store.
func (m *Model) onListed(msg Msg) {
	if msg.entries != nil || msg.err == nil {
		m.entries, m.listed = msg.entries, true
	}
	m.note, m.errText = msg.note, ""
	if msg.err != nil {
		m.errText = cells.ErrorText(msg.err)
	}
	chosen := ""
	if e, ok := m.selectedEntry(); ok {
		chosen = e.Name
	}
	if msg.chosen != "" {
		chosen = msg.chosen
	}
	m.refilter(chosen)
}

// refilter lists the entries whose names hold the filter, keeping the
// choice on the entry named chosen while it is shown.
func (m *Model) refilter(chosen string) {
	m.shown = m.shown[:0:0]
	m.sel = 0
	f := strings.ToLower(m.filter)
	for i, e := range m.entries {
		if strings.Contains(strings.ToLower(e.Name), f) {
			if e.Name == chosen {
				m.sel = len(m.shown)
			}
			m.shown = append(m.shown, i)
		}
	}
}

// step moves the choice by delta, wrapping round.
func (m *Model) step(delta int) {
	if n := len(m.shown); n > 0 {
		m.sel = ((m.sel+delta)%n + n) % n
	}
}

// exists reports whether a layout is stored under name.
func (m Model) exists(name string) bool {
	for _, e := range m.entries {
		if e.Name == name {
			return true
		}
	}
	return false
}
