package ui

import (
	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"

	"github.com/panemap/panemap/ui/find"
	"github.com/panemap/panemap/ui/layoutlist"
	"github.com/panemap/panemap/ui/mapview"
	"github.com/panemap/panemap/ui/prompt"
	"github.com/panemap/panemap/ui/serverview"
	"github.com/panemap/panemap/ui/tabs"
)

// Styles is every style the navigator draws with, built once.
type Styles struct {
	// The top line.
	Tabs tabs.Styles

	// The map's pane boxes, and its messages ("too small", the fatal
	// view).
	Map mapview.Styles
	// Prompt is the line where a name or a title is typed.
	Prompt prompt.Styles
	// Server is the server view's, Find find's.
	Server serverview.Styles
	Find   find.Styles

	// The named layouts' view.
	Layouts layoutlist.Styles

	// Lines below the map.
	Status lipgloss.Style
	Nudge  lipgloss.Style
	Error  lipgloss.Style
	Help   help.Styles
}

// DefaultStyles returns the styles; without colour, focus is a heavy
// border and a reversed label, swap mode a double border, and marks and
// modes are spelled out (mapview.DefaultStyles).
func DefaultStyles(hasColor bool) Styles {
	plain := lipgloss.NewStyle()
	s := Styles{
		Map:    mapview.DefaultStyles(hasColor),
		Prompt: prompt.DefaultStyles(hasColor),
		Server: serverview.DefaultStyles(hasColor),
		Find:   find.DefaultStyles(hasColor),
		Tabs:   tabs.DefaultStyles(hasColor),
		Status: plain,
		Nudge:  plain.Bold(true),
		Error:  plain.Bold(true),
		Help: help.Styles{
			ShortKey:       plain.Bold(true),
			ShortDesc:      plain,
			ShortSeparator: plain,
			Ellipsis:       plain,
			FullKey:        plain.Bold(true),
			FullDesc:       plain,
			FullSeparator:  plain,
		},
	}
	s.Layouts = layoutlist.DefaultStyles(hasColor)
	if !hasColor {
		return s
	}
	var (
		swap       = mapview.Swap
		dim, faint = mapview.Dim, mapview.Faint
		bad        = lipgloss.Color("203")
	)
	s.Status = s.Status.Foreground(dim)
	s.Nudge = s.Nudge.Foreground(swap)
	s.Error = s.Error.Foreground(bad)
	keyStyle := plain.Bold(true).Foreground(lipgloss.Color("250"))
	s.Help = help.Styles{
		ShortKey:       keyStyle,
		ShortDesc:      plain.Foreground(dim),
		ShortSeparator: plain.Foreground(faint),
		Ellipsis:       plain.Foreground(faint),
		FullKey:        keyStyle,
		FullDesc:       plain.Foreground(dim),
		FullSeparator:  plain.Foreground(faint),
	}
	return s
}
