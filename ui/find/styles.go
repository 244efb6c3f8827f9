package find

import (
	"charm.land/lipgloss/v2"

	"github.com/panemap/panemap/ui/mapview"
	"github.com/panemap/panemap/ui/prompt"
)

// Styles is how find draws.
type Styles struct {
	Prompt   prompt.Styles // the query's line
	Count    lipgloss.Style
	Place    lipgloss.Style // where a match is
	Line     lipgloss.Style // its line number, or the field it is in
	Hit      lipgloss.Style // the matching text
	Selected lipgloss.Style // the chosen row
}

// DefaultStyles returns find's styles.
func DefaultStyles(hasColor bool) Styles {
	plain := lipgloss.NewStyle()
	s := Styles{
		Prompt: prompt.DefaultStyles(hasColor), Count: plain, Place: plain.Bold(true),
		Line: plain, Hit: plain.Underline(true).Bold(true), Selected: plain.Reverse(true),
	}
	if hasColor {
		s.Count = s.Count.Foreground(mapview.Dim)
		s.Line = s.Line.Foreground(mapview.Dim)
		s.Hit = s.Hit.Foreground(mapview.Mark)
	}
	return s
}
