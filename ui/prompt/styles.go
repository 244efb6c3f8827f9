package prompt

import (
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
)

// Styles is how the prompt draws.
type Styles struct {
	Label lipgloss.Style
	Input textinput.Styles
	// Error is why the text was refused.
	Error lipgloss.Style
}

// DefaultStyles are the prompt's styles, plain when colour is off. The
// cursor does not blink: a blinking cursor redraws the screen twice a
// second for nothing.
func DefaultStyles(color bool) Styles {
	in := textinput.DefaultDarkStyles()
	in.Cursor.Blink = false
	s := Styles{Label: lipgloss.NewStyle().Bold(true), Input: in, Error: lipgloss.NewStyle().Foreground(lipgloss.Color("203"))}
	if !color {
		s.Label = lipgloss.NewStyle()
		s.Error = lipgloss.NewStyle().Bold(true)
		plain := textinput.StyleState{}
		s.Input.Focused, s.Input.Blurred = plain, plain
		s.Input.Cursor.Color = nil
	}
	return s
}
