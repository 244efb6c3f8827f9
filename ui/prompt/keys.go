package prompt

import "charm.land/bubbles/v2/key"

// KeyMap is the prompt's own keys; every other key is text.
type KeyMap struct {
	Submit key.Binding
	Cancel key.Binding
}

// DefaultKeyMap returns the prompt's bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Submit: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "set")),
		Cancel: key.NewBinding(key.WithKeys("esc", "ctrl+c"), key.WithHelp("esc", "cancel")),
	}
}

// ShortHelp is the footer while the prompt is open.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Submit, k.Cancel} }

// FullHelp is ShortHelp: the prompt has no more keys than these.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }
