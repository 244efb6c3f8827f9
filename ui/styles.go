package ui

import (
	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"

	"github.com/panemap/panemap/ui/find"
	"github.com/panemap/panemap/ui/mapview"
	"github.com/panemap/panemap/ui/prompt"
	"github.com/panemap/panemap/ui/serverview"
)

// Styles is every style the navigator draws with, built once.
type Styles struct {
	HasColor bool

	// Header.
	Header    lipgloss.Style
	Session   lipgloss.Style
	Tab       lipgloss.Style
	ActiveTab lipgloss.Style
	ModeNav   lipgloss.Style
	ModeSwap  lipgloss.Style
	Badge     lipgloss.Style

	// The map's pane boxes, and its messages ("too small", the fatal
	// view).
	Map mapview.Styles
	// Prompt is the line where a name or a title is typed.
	Prompt prompt.Styles
	// Server is the server view's, Find find's.
	Server serverview.Styles
	Find   find.Styles

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
		HasColor:  hasColor,
		Map:       mapview.DefaultStyles(hasColor),
		Prompt:    prompt.DefaultStyles(hasColor),
		Server:    serverview.DefaultStyles(hasColor),
		Find:      find.DefaultStyles(hasColor),
		Header:    plain,
		Session:   plain.Bold(true),
		Tab:       plain.Padding(0, 1),
		ActiveTab: plain.Padding(0, 1).Reverse(true),
		ModeNav:   plain.Bold(true).Padding(0, 1),
		ModeSwap:  plain.Bold(true).Reverse(true).Padding(0, 1),
		Badge:     plain.Bold(true).Padding(0, 1),
		Status:    plain,
		Nudge:     plain.Bold(true),
		Error:     plain.Bold(true),
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
	if !hasColor {
		return s
	}
	var (
		accent, swap, mark = mapview.Accent, mapview.Swap, mapview.Mark
		dim, faint         = mapview.Dim, mapview.Faint
		bad                = lipgloss.Color("203")
		tabBg              = lipgloss.Color("236")
	)
	s.Session = s.Session.Foreground(accent)
	s.Tab = s.Tab.Foreground(dim)
	s.ActiveTab = plain.Padding(0, 1).Bold(true).Foreground(lipgloss.Color("255")).Background(tabBg)
	s.ModeNav = s.ModeNav.Foreground(lipgloss.Color("0")).Background(accent)
	s.ModeSwap = plain.Bold(true).Padding(0, 1).Foreground(lipgloss.Color("0")).Background(swap)
	s.Badge = s.Badge.Foreground(mark)
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
