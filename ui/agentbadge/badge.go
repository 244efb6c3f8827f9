// Package agentbadge is the navigator's view of the coding agents in
// tmux panes (package agents decides their states, tmuxctl/agentwatch
// reads them): a badge on each agent pane's box, on the map and in the
// server view, naming the agent and its state with a glyph and a word,
// so that it reads without colour, a waiting one loud (Styles); the key
// to the next pane that waits (KeyMap, Next); and the look, about once a
// second, that keeps the badges current (Model). It does no I/O of its
// own: the navigator runs its commands.
package agentbadge

import (
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/cells"
	"github.com/panemap/panemap/ui/mapview"
)

// glyphs are the states' signs, one cell each on any terminal that draws
// the map's box borders.
var glyphs = map[agents.State]string{
	agents.Working: "●",
	agents.Waiting: "?",
	agents.Done:    "✓",
	agents.Idle:    "·",
	agents.Error:   "✗",
	agents.Exited:  "■",
	agents.Unknown: "○",
}

// Glyph is state s's sign ("○", unknown's, for a state it does not know).
func Glyph(s agents.State) string {
	if g, ok := glyphs[s]; ok {
		return g
	}
	return glyphs[agents.Unknown]
}

// maxNameWidth bounds an agent's name on a badge: a hook may name it
// (@panemap-agent-name), and a long name would push the state off a
// small box.
const maxNameWidth = 12

// Text is a badge's words, undrawn: "claude ● working", or "● working"
// for an agent without a name. The name is made printable: a hook's
// option is anyone's text.
func Text(name string, s agents.State) string {
	if name = shownName(name); name == "" {
		return stateText(s)
	}
	return name + " " + stateText(s)
}

// stateText is "● working".
func stateText(s agents.State) string { return Glyph(s) + " " + string(s) }

// shownName is an agent's name as a badge shows it.
func shownName(name string) string {
	return ansi.Truncate(cells.Printable(name), maxNameWidth, "…")
}

// Styles is how badges are drawn: the name, and each state's glyph and
// word.
type Styles struct {
	Name  lipgloss.Style
	State map[agents.State]lipgloss.Style
}

// The states' colours: waiting's is mapview.Waiting, which also draws a
// waiting pane's border.
var colours = map[agents.State]lipgloss.Style{
	agents.Working: lipgloss.NewStyle().Foreground(lipgloss.Color("39")),
	agents.Waiting: lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("0")).Background(mapview.Waiting),
	agents.Done:    lipgloss.NewStyle().Foreground(lipgloss.Color("78")),
	agents.Idle:    lipgloss.NewStyle().Foreground(mapview.Dim),
	agents.Error:   lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("203")),
	agents.Exited:  lipgloss.NewStyle().Foreground(mapview.Faint),
	agents.Unknown: lipgloss.NewStyle().Foreground(mapview.Dim),
}

// DefaultStyles returns the styles. Without colour the glyph and the word
// say the state alone, a waiting one reversed and an error bold.
func DefaultStyles(hasColor bool) Styles {
	plain := lipgloss.NewStyle()
	s := Styles{Name: plain.Bold(true), State: map[agents.State]lipgloss.Style{
		agents.Waiting: plain.Bold(true).Reverse(true),
		agents.Error:   plain.Bold(true),
	}}
	if hasColor {
		s.State = colours
	}
	return s
}

// Badge draws a's badge, and the state alone for a box too narrow for
// it: loud while a waits.
func (st Styles) Badge(a agents.Agent) mapview.Badge {
	state := st.State[a.State].Render(stateText(a.State))
	text := state
	if name := shownName(a.Name); name != "" {
		text = st.Name.Render(name) + " " + state
	}
	return mapview.Badge{Text: text, Short: state, Loud: a.State == agents.Waiting}
}

// Badges are the badges of list's panes.
func (st Styles) Badges(list []agents.Agent) map[tmux.PaneID]mapview.Badge {
	out := make(map[tmux.PaneID]mapview.Badge, len(list))
	for _, a := range list {
		out[a.Pane] = st.Badge(a)
	}
	return out
}
