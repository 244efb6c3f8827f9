package find

import (
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"github.com/panemap/panemap/ui/mapview"
)

// Styles is how find draws.
type Styles struct {
	Label    lipgloss.Style // "find:"
	Input    textinput.Styles
	Count    lipgloss.Style
	Place    lipgloss.Style // where a match is
	Line     lipgloss.Style // its line number, or the field it is in
	Hit      lipgloss.Style // the matching text
	Selected lipgloss.Style // the chosen row
}

// DefaultStyles returns find's styles. The cursor does not blink (a
// blinking cursor redraws twice a second for nothing).
func DefaultStyles(hasColor bool) Styles {
	plain := lipgloss.NewStyle()
	in := textinput.DefaultDarkStyles()
	in.Cursor.Blink = false
	s := Styles{
		Label: plain.Bold(true), Input: in, Count: plain, Place: plain.Bold(true),
		Line: plain, Hit: plain.Underline(true).Bold(true), Selected: plain.Reverse(true),
	}
	if hasColor {
		s.Count = s.Count.Foreground(mapview.Dim)
		s.Line = s.Line.Foreground(mapview.Dim)
		s.Hit = s.Hit.Foreground(mapview.Mark)
	} else {
		none := textinput.StyleState{}
		s.Input.Focused, s.Input.Blurred = none, none
		s.Input.Cursor.Color = nil
	}
	return s
}
