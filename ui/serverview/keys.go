package serverview

import (
	"strings"

	"charm.land/bubbles/v2/key"
)

// KeyMap is the server view's keys. Letters are hints there: a pane's
// label jumps to it, so the moves are on the arrows and Tab only.
type KeyMap struct {
	Up    key.Binding
	Down  key.Binding
	Left  key.Binding
	Right key.Binding
	Move  key.Binding // short help for the four
	Next  key.Binding
	Prev  key.Binding
	Jump  key.Binding
	Hint  key.Binding // help only: the labels
	Back  key.Binding
}

// DefaultKeyMap returns the server view's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:    key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "up")),
		Down:  key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "down")),
		Left:  key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "left")),
		Right: key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "right")),
		Move:  key.NewBinding(key.WithKeys("up", "down", "left", "right"), key.WithHelp("←↓↑→", "select")),
		Next:  key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next pane")),
		Prev:  key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous pane")),
		Jump:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "jump")),
		Hint:  key.NewBinding(key.WithKeys(strings.Split(alphabet, "")...), key.WithHelp("a-z", "jump to label")),
		Back:  key.NewBinding(key.WithKeys("esc", "w"), key.WithHelp("esc", "back to the map")),
	}
}

// ShortHelp is the footer line.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Move, k.Hint, k.Jump, k.Back, k.Next}
}

// FullHelp is every key.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Left, k.Right}, {k.Next, k.Prev, k.Hint}, {k.Jump, k.Back}}
}
