package mapview

import "charm.land/lipgloss/v2"

// Styles is what the map draws its pane boxes with: the border style
// decides the look of each state.
type Styles struct {
	Pane        lipgloss.Style
	Focused     lipgloss.Style // the active pane
	FocusedSwap lipgloss.Style // the active pane in swap mode
	Marked      lipgloss.Style // the marked pane (when not focused)
	DropTarget  lipgloss.Style // the pane under a drag
	Hidden      lipgloss.Style // a pane hidden by the zoomed pane
	Loud        lipgloss.Style // a pane with a Loud badge (an agent waits)
	Label       lipgloss.Style
	LabelFocus  lipgloss.Style
	PaneID      lipgloss.Style
	Command     lipgloss.Style
	Path        lipgloss.Style
	Title       lipgloss.Style
	Flag        lipgloss.Style
	Message     lipgloss.Style // "too small", and the navigator's fatal view
}

// The navigator's colours, shared with its other styles.
var (
	Accent = lipgloss.Color("212") // focus
	Swap   = lipgloss.Color("208") // swap mode
	Mark   = lipgloss.Color("220") // marked pane
	Dim    = lipgloss.Color("244")
	Faint  = lipgloss.Color("240")
	// Waiting is an agent that waits for the person (Styles.Loud, and
	// package agentbadge's waiting badge).
	Waiting = lipgloss.Color("214")
)

// DefaultStyles returns the styles; without colour, focus is a heavy
// border and a reversed label, swap mode a double border, and marks are
// spelled out (a waiting agent's box by its reversed badge).
func DefaultStyles(hasColor bool) Styles {
	plain := lipgloss.NewStyle()
	box := plain.Border(lipgloss.NormalBorder())
	s := Styles{
		Pane:        box,
		Focused:     plain.Border(lipgloss.ThickBorder()),
		FocusedSwap: plain.Border(lipgloss.DoubleBorder()),
		Marked:      box,
		DropTarget:  plain.Border(lipgloss.DoubleBorder()),
		Hidden:      box.Faint(true),
		Loud:        box,
		Label:       plain.Bold(true),
		LabelFocus:  plain.Bold(true).Reverse(true),
		PaneID:      plain,
		Command:     plain.Bold(true),
		Path:        plain,
		Title:       plain.Italic(true),
		Flag:        plain.Bold(true),
		Message:     plain.Bold(true),
	}
	if !hasColor {
		return s
	}
	rounded := plain.Border(lipgloss.RoundedBorder())
	s.Pane = rounded.BorderForeground(Faint)
	s.Focused = plain.Border(lipgloss.ThickBorder()).BorderForeground(Accent)
	s.FocusedSwap = plain.Border(lipgloss.DoubleBorder()).BorderForeground(Swap)
	s.Marked = rounded.BorderForeground(Mark)
	s.DropTarget = plain.Border(lipgloss.DoubleBorder()).BorderForeground(Swap)
	s.Hidden = rounded.BorderForeground(lipgloss.Color("237")).Faint(true)
	s.Loud = rounded.BorderForeground(Waiting)
	s.Label = s.Label.Foreground(lipgloss.Color("255"))
	s.LabelFocus = plain.Bold(true).Foreground(lipgloss.Color("0")).Background(Accent)
	s.PaneID = s.PaneID.Foreground(Dim)
	s.Path = s.Path.Foreground(Dim)
	s.Title = s.Title.Foreground(Dim)
	s.Flag = s.Flag.Foreground(Mark)
	s.Message = s.Message.Foreground(Swap)
	return s
}
