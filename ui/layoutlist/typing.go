package layoutlist

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/ui/cells"
	"github.com/panemap/panemap/ui/prompt"
)

// openInput opens the prompt for what, holding value.
func (m *Model) openInput(what typing, label, value string) {
	m.typing = what
	m.input = prompt.New(label, value, layouts.MaxNameLen, m.styles.Prompt)
	m.input.SetWidth(m.width)
}

// typeIn gives a key or a paste to the open prompt. The filter applies
// as it is typed; a name is checked at Enter (layouts.CheckName), and
// the prompt stays open with the reason when it is refused.
func (m Model) typeIn(msg tea.Msg) (Model, tea.Cmd, Action) {
	var out prompt.Outcome
	m.input, out = m.input.Update(msg)
	what := m.typing
	switch {
	case out == prompt.Cancelled && what == typingFilter:
		m.typing, m.filter = typingNone, ""
		m.refilter(m.chosenName())
	case out == prompt.Cancelled:
		m.typing = typingNone
		if m.closeOnCancel {
			return m, nil, Back
		}
	case what == typingFilter:
		m.filter = m.input.Value()
		m.refilter(m.chosenName())
		if out == prompt.Submitted {
			m.typing = typingNone
		}
	case out == prompt.Submitted:
		return m.submitName()
	}
	return m, nil, None
}

// chosenName is the chosen entry's name, "" when none.
func (m Model) chosenName() string {
	if e, ok := m.selectedEntry(); ok {
		return e.Name
	}
	return ""
}

// submitName saves or renames under the name typed, asking first when
// that name is taken.
func (m Model) submitName() (Model, tea.Cmd, Action) {
	name := m.input.Value()
	if err := layouts.CheckName(name); err != nil {
		m.input.SetError(cells.ErrorText(err))
		return m, nil, None
	}
	var do func(overwrite bool) tea.Cmd
	if m.typing == typingSave {
		do = m.save(name)
	} else {
		e, _ := m.selectedEntry()
		if e.Name == name {
			m.typing = typingNone
			m.note = "unchanged"
			return m, nil, None
		}
		store, old := m.store, e.Name
		do = func(overwrite bool) tea.Cmd {
			return m.run(fmt.Sprintf("renamed %s to %s", old, name), name, false, func() error { return store.Rename(old, name, overwrite) })
		}
	}
	m.typing, m.closeOnCancel = typingNone, false
	if m.exists(name) {
		m.ask = &question{text: fmt.Sprintf("layout %s exists: overwrite it?", name), yes: func() tea.Cmd { return do(true) }}
		return m, nil, None
	}
	return m, do(false), None
}

// save is the command that saves the window as it is now under name.
func (m Model) save(name string) func(overwrite bool) tea.Cmd {
	w, v, now, store := m.win, m.version, m.now, m.store
	return func(overwrite bool) tea.Cmd {
		return m.run("saved "+name, name, true, func() error {
			if w == nil {
				return fmt.Errorf("no window to save")
			}
			l, err := layouts.FromWindow(name, w, v, now())
			if err != nil {
				return err
			}
			return store.Save(l, overwrite)
		})
	}
}

// answer takes y (do it) or anything else (do not) to the open question.
func (m Model) answer(k tea.KeyPressMsg) (Model, tea.Cmd, Action) {
	q := m.ask
	m.ask = nil
	if key.Matches(k, m.keys.Yes) {
		return m, q.yes(), None
	}
	m.note = "nothing changed"
	return m, nil, None
}
