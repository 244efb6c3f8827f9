package find

import "charm.land/bubbles/v2/key"

// KeyMap is find's own keys; every other key edits the query (q is a
// letter there).
type KeyMap struct {
	Up   key.Binding
	Down key.Binding
	Next key.Binding
	Prev key.Binding
	Jump key.Binding
	Back key.Binding
}

// DefaultKeyMap returns find's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:   key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "previous match")),
		Down: key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "next match")),
		Next: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next match")),
		Prev: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous match")),
		Jump: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "jump")),
		Back: key.NewBinding(key.WithKeys("esc", "ctrl+c"), key.WithHelp("esc", "back to the map")),
	}
}

// ShortHelp is the footer line.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Down, k.Up, k.Jump, k.Back}
}

// FullHelp is every key.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Down, k.Up}, {k.Next, k.Prev}, {k.Jump, k.Back}}
}
