package ui

import (
	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"
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

	// Pane boxes: the border style decides the look of each state.
	Pane        lipgloss.Style
	Focused     lipgloss.Style // the active pane
	FocusedSwap lipgloss.Style // the active pane in swap mode
	Marked      lipgloss.Style // the marked pane (when not focused)
	DropTarget  lipgloss.Style // the pane under a drag
	Hidden      lipgloss.Style // a pane hidden by the zoomed pane
	Label       lipgloss.Style
	LabelFocus  lipgloss.Style
	PaneID      lipgloss.Style
	Command     lipgloss.Style
	Path        lipgloss.Style
	Title       lipgloss.Style
	Flag        lipgloss.Style

	// Lines below the map.
	Status  lipgloss.Style
	Nudge   lipgloss.Style
	Error   lipgloss.Style
	Message lipgloss.Style // "too small" and the fatal view
	Help    help.Styles
}

// DefaultStyles returns the styles; without colour, focus is a heavy
// border and a reversed label, swap mode a double border, and marks and
// modes are spelled out.
func DefaultStyles(hasColor bool) Styles {
	plain := lipgloss.NewStyle()
	box := plain.Border(lipgloss.NormalBorder())
	s := Styles{
		HasColor:    hasColor,
		Header:      plain,
		Session:     plain.Bold(true),
		Tab:         plain.Padding(0, 1),
		ActiveTab:   plain.Padding(0, 1).Reverse(true),
		ModeNav:     plain.Bold(true).Padding(0, 1),
		ModeSwap:    plain.Bold(true).Reverse(true).Padding(0, 1),
		Badge:       plain.Bold(true).Padding(0, 1),
		Pane:        box,
		Focused:     plain.Border(lipgloss.ThickBorder()),
		FocusedSwap: plain.Border(lipgloss.DoubleBorder()),
		Marked:      box,
		DropTarget:  plain.Border(lipgloss.DoubleBorder()),
		Hidden:      box.Faint(true),
		Label:       plain.Bold(true),
		LabelFocus:  plain.Bold(true).Reverse(true),
		PaneID:      plain,
		Command:     plain.Bold(true),
		Path:        plain,
		Title:       plain.Italic(true),
		Flag:        plain.Bold(true),
		Status:      plain,
		Nudge:       plain.Bold(true),
		Error:       plain.Bold(true),
		Message:     plain.Bold(true),
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
		accent = lipgloss.Color("212") // focus
		swap   = lipgloss.Color("208") // swap mode
		mark   = lipgloss.Color("220") // marked pane
		dim    = lipgloss.Color("244")
		faint  = lipgloss.Color("240")
		bad    = lipgloss.Color("203")
		tabBg  = lipgloss.Color("236")
	)
	rounded := plain.Border(lipgloss.RoundedBorder())
	s.Session = s.Session.Foreground(accent)
	s.Tab = s.Tab.Foreground(dim)
	s.ActiveTab = plain.Padding(0, 1).Bold(true).Foreground(lipgloss.Color("255")).Background(tabBg)
	s.ModeNav = s.ModeNav.Foreground(lipgloss.Color("0")).Background(accent)
	s.ModeSwap = plain.Bold(true).Padding(0, 1).Foreground(lipgloss.Color("0")).Background(swap)
	s.Badge = s.Badge.Foreground(mark)
	s.Pane = rounded.BorderForeground(faint)
	s.Focused = plain.Border(lipgloss.ThickBorder()).BorderForeground(accent)
	s.FocusedSwap = plain.Border(lipgloss.DoubleBorder()).BorderForeground(swap)
	s.Marked = rounded.BorderForeground(mark)
	s.DropTarget = plain.Border(lipgloss.DoubleBorder()).BorderForeground(swap)
	s.Hidden = rounded.BorderForeground(lipgloss.Color("237")).Faint(true)
	s.Label = s.Label.Foreground(lipgloss.Color("255"))
	s.LabelFocus = plain.Bold(true).Foreground(lipgloss.Color("0")).Background(accent)
	s.PaneID = s.PaneID.Foreground(dim)
	s.Path = s.Path.Foreground(dim)
	s.Title = s.Title.Foreground(dim)
	s.Flag = s.Flag.Foreground(mark)
	s.Status = s.Status.Foreground(dim)
	s.Nudge = s.Nudge.Foreground(swap)
	s.Error = s.Error.Foreground(bad)
	s.Message = s.Message.Foreground(swap)
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
