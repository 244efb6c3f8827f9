package ui

import (
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// Floating panes (tmux 3.7+; floated, tiled, moved and resized from
// 3.8): f floats the focused tiled pane or tiles the focused floating
// one, the swap mode's arrows move a floating pane, and H J K L resize it
// from its top-left corner. tmuxctl refuses each on a tmux that cannot,
// naming its version, and nothing changes.

// toggleFloat floats the focused pane, or tiles it when it floats.
func toggleFloat(win tmux.WindowID) opFunc {
	return onFocused(win, func(st *tmux.State, w *tmux.Window, a tmux.Pane) decision {
		kind := tmuxctl.OpFloat
		if a.Floating {
			kind = tmuxctl.OpTile
		}
		return decision{op: &tmuxctl.Op{Kind: kind, Pane: a.ID}}
	})
}

// focusFloats reports whether the map's focused pane floats.
func (m *Model) focusFloats() bool {
	if w := m.window(); w != nil {
		a, ok := w.ActivePane()
		return ok && a.Floating
	}
	return false
}
