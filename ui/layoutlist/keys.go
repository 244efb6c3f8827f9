package layoutlist

import "charm.land/bubbles/v2/key"

// KeyMap is the layouts view's own keys. A prompt (the name to save or
// rename to, the filter) takes every key as text while it is open, and
// a question takes y and n.
type KeyMap struct {
	Up     key.Binding
	Down   key.Binding
	Apply  key.Binding
	Save   key.Binding
	Rename key.Binding
	Delete key.Binding
	Filter key.Binding
	Back   key.Binding
	Yes    key.Binding
	No     key.Binding
}

// DefaultKeyMap returns the view's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:     key.NewBinding(key.WithKeys("up", "k", "shift+tab"), key.WithHelp("↑/k", "previous")),
		Down:   key.NewBinding(key.WithKeys("down", "j", "tab"), key.WithHelp("↓/j", "next")),
		Apply:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "apply")),
		Save:   key.NewBinding(key.WithKeys("S", "s"), key.WithHelp("S", "save this window")),
		Rename: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "rename")),
		Delete: key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "delete")),
		Filter: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
		Back:   key.NewBinding(key.WithKeys("esc", "ctrl+c", "q"), key.WithHelp("esc", "back to the map")),
		Yes:    key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "yes")),
		No:     key.NewBinding(key.WithKeys("n", "N", "esc", "ctrl+c"), key.WithHelp("n/esc", "no")),
	}
}

// ShortHelp is the footer line.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Down, k.Up, k.Apply, k.Back, k.Save, k.Rename, k.Delete, k.Filter}
}

// FullHelp is every key.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Down, k.Up, k.Apply}, {k.Save, k.Rename, k.Delete, k.Filter}, {k.Back}}
}

// askKeys is the footer while a question is open.
type askKeys struct{ k KeyMap }

func (a askKeys) ShortHelp() []key.Binding  { return []key.Binding{a.k.Yes, a.k.No} }
func (a askKeys) FullHelp() [][]key.Binding { return [][]key.Binding{a.ShortHelp()} }
