package agentbadge

import "charm.land/bubbles/v2/key"

// KeyMap is the agents' key on the map.
type KeyMap struct {
	// NextWaiting jumps to the next pane whose agent waits for the
	// person, in any window of any session (Next).
	NextWaiting key.Binding
}

// DefaultKeyMap returns the binding: n.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		NextWaiting: key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next waiting agent")),
	}
}
