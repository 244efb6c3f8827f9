// Package prompt is the navigator's one-line text entry (a window's name,
// a pane's title): a label and a text input that takes every key as
// text but its own two, Enter and Esc. It does no I/O: Update says what
// happened and the caller acts on it. It imports nothing of panemap but
// ui/cells.
package prompt

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/ui/cells"
)

// Outcome is what a key did to the prompt.
type Outcome int

const (
	Editing   Outcome = iota // still open
	Submitted                // Enter: Value is the answer
	Cancelled                // Esc: nothing to do
)

// Model is an open prompt.
type Model struct {
	keys   KeyMap
	styles Styles
	label  string
	was    string
	input  textinput.Model
	width  int
	// err is why the text was refused, shown under it until it is edited.
	err string
}

// New opens a prompt labelled label, holding value, with the cursor at
// its end. The label and the value are drawn through cells.Printable:
// both can come from a pane (a title any program can set).
func New(label, value string, limit int, s Styles) Model {
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = limit
	in.SetStyles(s.Input)
	// Ctrl+V would run xclip or xsel to read a clipboard: not in a
	// popup. A terminal's own paste (bracketed) still arrives as text.
	in.KeyMap.Paste.SetEnabled(false)
	in.SetValue(cells.Printable(value))
	in.CursorEnd()
	in.Focus()
	return Model{keys: DefaultKeyMap(), styles: s, label: cells.Printable(label), was: in.Value(), input: in}
}

// Update takes a key press or a paste.
func (m Model) Update(msg tea.Msg) (Model, Outcome) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, m.keys.Submit):
			return m, Submitted
		case key.Matches(k, m.keys.Cancel):
			return m, Cancelled
		}
	}
	before := m.input.Value()
	m.input, _ = m.input.Update(msg)
	if m.input.Value() != before {
		m.err = ""
	}
	return m, Editing
}

// SetError shows why the text was refused, under it and wrapped to the
// prompt's width, until the text is edited; the text stays as typed.
// text is drawn through cells.Printable.
func (m *Model) SetError(text string) { m.err = cells.Printable(text) }

// Value is the text as typed.
func (m Model) Value() string { return m.input.Value() }

// Changed reports whether the text differs from what the prompt opened
// with.
func (m Model) Changed() bool { return m.input.Value() != m.was }

// SetWidth fits the prompt, label included, to width cells.
func (m *Model) SetWidth(width int) {
	m.width = width
	// The label, ": ", and a cell for the cursor after the text.
	m.input.SetWidth(max(width-ansi.StringWidth(m.label)-3, 1))
}

// View is the prompt's line, and under it the refusal, if any, wrapped
// at word boundaries to the prompt's width: every word of it shows.
func (m Model) View() string {
	line := m.styles.Label.Render(m.label+":") + " " + m.input.View()
	if m.err == "" {
		return line
	}
	width := max(m.width, 1)
	return line + "\n" + m.styles.Error.Render(ansi.Wrap(m.err, width, ""))
}

// Keys is the prompt's key map, for the footer's help.
func (m Model) Keys() KeyMap { return m.keys }
