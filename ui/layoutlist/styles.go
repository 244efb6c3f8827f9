package layoutlist

import (
	"charm.land/lipgloss/v2"

	"github.com/panemap/panemap/ui/mapview"
	"github.com/panemap/panemap/ui/prompt"
)

// Styles is how the layouts view draws.
type Styles struct {
	Map      mapview.Styles // the small maps and the plan's map
	Prompt   prompt.Styles  // a name or the filter being typed
	Title    lipgloss.Style // the view's first line
	Name     lipgloss.Style // a layout's name
	Selected lipgloss.Style // the chosen layout's name
	Detail   lipgloss.Style // pane count and when saved
	Broken   lipgloss.Style // a file that cannot be read, and why
	Question lipgloss.Style // overwrite? delete?
	Error    lipgloss.Style
}

// DefaultStyles returns the view's styles; without colour the chosen
// layout's name is reversed.
func DefaultStyles(hasColor bool) Styles {
	plain := lipgloss.NewStyle()
	s := Styles{
		Map: mapview.DefaultStyles(hasColor), Prompt: prompt.DefaultStyles(hasColor),
		Title: plain.Bold(true), Name: plain.Bold(true), Selected: plain.Bold(true).Reverse(true),
		Detail: plain, Broken: plain, Question: plain.Bold(true), Error: plain.Bold(true),
	}
	if hasColor {
		s.Selected = plain.Bold(true).Foreground(lipgloss.Color("0")).Background(mapview.Accent)
		s.Detail = s.Detail.Foreground(mapview.Dim)
		s.Broken = s.Broken.Foreground(lipgloss.Color("203"))
		s.Question = s.Question.Foreground(mapview.Mark)
		s.Error = s.Error.Foreground(lipgloss.Color("203"))
	}
	return s
}
