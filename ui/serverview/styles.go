package serverview

import (
	"charm.land/lipgloss/v2"

	"github.com/panemap/panemap/ui/mapview"
)

// Styles is how the server view draws: its maps are mapview's.
type Styles struct {
	Map      mapview.Styles
	Session  lipgloss.Style // a session's heading
	Window   lipgloss.Style // a window's title over its map
	Current  lipgloss.Style // the title of a session's current window
	Selected lipgloss.Style // the title of the window holding the selection
	Alert    lipgloss.Style // ! # ~ after a title
	Summary  lipgloss.Style
}

// DefaultStyles returns the styles; without colour the current window is
// underlined and the selected one reversed.
func DefaultStyles(hasColor bool) Styles {
	plain := lipgloss.NewStyle()
	s := Styles{
		Map:      mapview.DefaultStyles(hasColor),
		Session:  plain.Bold(true),
		Window:   plain,
		Current:  plain.Underline(true),
		Selected: plain.Reverse(true),
		Alert:    plain.Bold(true),
		Summary:  plain,
	}
	if hasColor {
		s.Session = s.Session.Foreground(mapview.Accent)
		s.Alert = s.Alert.Foreground(mapview.Mark)
		s.Summary = s.Summary.Foreground(mapview.Dim)
	}
	return s
}
