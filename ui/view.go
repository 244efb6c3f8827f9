package ui

import (
	"fmt"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/cells"
	"github.com/panemap/panemap/ui/keyhelp"
	"github.com/panemap/panemap/ui/mapview"
	"github.com/panemap/panemap/ui/tabs"
)

// The smallest terminal the navigator draws in; below it, it says so.
const (
	MinWidth  = 20
	MinHeight = 6
)

// layout recomputes what is derived from the model: key help per mode,
// the header, and the map with its size. Update calls it after changes;
// View only assembles.
func (m *Model) layout() {
	m.keys.setMode(keyState{
		swap:       m.mode == modeSwap,
		windows:    m.windowCount(),
		escReverts: m.opts.EscReverts,
		escStays:   m.opts.EscStays,
		fullHelp:   m.fullHelp,
		floating:   m.focusFloats(),
		waiting:    m.agents.Waiting(),
	})
	m.header = tabs.New(m.styles.Tabs, m.state, m.win, m.modeName(), m.width, m.mark.Badge(m.window()))
	m.mapTop = 1
	in := mapview.Input{Swap: m.mode == modeSwap, Home: m.opts.Home, Hostname: m.opts.Hostname, Profile: m.profile, Boxes: m.boxes}
	if m.previews.On() {
		in.Shots = m.previews.Shots()
		if in.Shots == nil {
			in.Shots = map[tmux.PaneID]*mapview.Shot{}
		}
	}
	if w := m.window(); w != nil {
		in.Win = w
	}
	in.Badges = m.agents.Badges()
	if m.drag != nil && m.drag.over != m.drag.from {
		in.Drop = m.drag.over
	}
	var keys help.KeyMap = m.keys
	switch {
	case m.prompt != nil:
		m.prompt.input.SetWidth(m.width)
		keys = m.prompt.input.Keys()
	case m.finder != nil:
		keys = m.finder.Keys()
	case m.server != nil:
		keys = m.server.Keys()
	case m.layouts != nil:
		keys = m.layouts.Keys()
	}
	statusH := lipgloss.Height(m.statusLine())
	m.footerOut = m.footer(keys, m.height-m.mapTop-statusH)
	mapH := max(m.height-m.mapTop-statusH-lipgloss.Height(m.footerOut), 0)
	if m.tooSmall() {
		mapH = 0
	}
	m.bodyH = mapH
	if m.finder != nil {
		m.finder.SetSize(m.width, mapH-findMapHeight(mapH))
		return // View draws it: findBody
	}
	if m.server != nil {
		m.server.SetSize(m.width, mapH)
		m.server.SetShots(in.Shots)
		m.server.SetBadges(in.Badges)
		return
	}
	if m.layouts != nil {
		m.layouts.SetSize(m.width, mapH)
		m.layouts.SetWindow(in.Win)
		return
	}
	if key := in.Key(m.width, mapH) + fmt.Sprint(m.fullHelp); key != m.mapKey {
		m.mapv, m.mapKey = mapview.New(m.styles.Map, in, m.width, mapH), key
		if w, h := m.mapv.Need(); w > 0 && in.Win != nil {
			m.mapv = m.mapv.Say(m.styles.Map, m.tooSmallText(len(in.Win.Panes), w-m.width, h-mapH))
		}
	}
}

// tooSmallText says the screen is too small for a map of panes panes by
// dw columns and dh rows (either may be 0 or less).
func (m *Model) tooSmallText(panes, dw, dh int) string {
	text := mapview.TooSmall(panes, m.width+max(dw, 0), m.height+max(dh, 0), m.width, m.height)
	if m.fullHelp {
		text += " (? hides the help)"
	}
	return text
}

// footer is the key help under the map, with room lines below the
// header: the short line, or with ? the full help, taking at most two
// thirds of room (the map keeps the rest) and scrolled by pgup and pgdn
// when it needs more.
func (m *Model) footer(keys help.KeyMap, room int) string {
	w := max(m.width, 0)
	if !m.fullHelp {
		m.helpH = 0
		short := keys.ShortHelp()
		// Styling the items is most of a frame's cost after an arrow key
		// (~80 µs), and they seldom change: draw them again only then.
		if from := keyhelp.ShortKey(short, w); from != m.footerFrom {
			m.footerOut, m.footerFrom = keyhelp.Short(short, w, m.styles.Help), from
		}
		return m.footerOut
	}
	m.footerFrom = ""
	m.helpH = max(room*2/3, 2)
	out, top := keyhelp.Window(keyhelp.Lines(keys.FullHelp(), w, m.styles.Help), m.helpTop, m.helpH, w, m.styles.Help)
	m.helpTop = top
	return out
}

// modeName is the header's badge: what the keys do now.
func (m *Model) modeName() string {
	switch {
	case m.finder != nil:
		return "FIND"
	case m.server != nil:
		return "ALL"
	case m.layouts != nil:
		return "LAYOUTS"
	case m.mode == modeSwap:
		return "SWAP"
	}
	return "NAV"
}

func (m *Model) windowCount() int {
	if m.state == nil {
		return 0
	}
	return len(m.state.Windows)
}

func (m Model) tooSmall() bool { return m.width < MinWidth || m.height < MinHeight }

// statusLine is errors, nudges, a label being typed, or the open prompt.
func (m Model) statusLine() string {
	if m.prompt != nil {
		return m.prompt.input.View()
	}
	st := m.styles
	switch m.status.kind {
	case statusError:
		return st.Error.Render(m.errorLines())
	case statusNudge:
		return st.Nudge.Render(m.status.text)
	}
	return st.Status.Render(m.status.text)
}

// errorText is err worded for the person at the keyboard.
var errorText = cells.ErrorText

// errorLines is the status error wrapped to the screen's width: its end
// often says what to do, so none of it is cut. It takes the map's rows
// when it needs them, and the key help's on a screen too short for both.
func (m Model) errorLines() string {
	return ansi.Wrap(m.status.text, max(m.width, 1), " ")
}

// View assembles the screen. Only the root returns a tea.View.
func (m Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	m.opts.firstPaint.Saw(v)
	return v
}

func (m Model) render() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	switch {
	case m.tooSmall():
		return m.message(fmt.Sprintf("terminal too small (%dx%d): need %dx%d", w, h, MinWidth, MinHeight))
	case m.fatal != nil:
		return m.message(errorText(m.fatal) + "\n\npress any key to exit")
	case m.opening && m.state == nil && !m.openingSlow:
		// Blank, but the screen's size: an empty view has Bubble Tea
		// erase the screen at every tick. The first frame is the map.
		return cells.FitBlock("", w, h)
	case m.opening && m.state == nil:
		return m.message("reading tmux…")
	case !m.loaded && !m.opening:
		return m.message("reading tmux…")
	}
	body := m.mapv.View()
	switch {
	case m.finder != nil:
		body = m.findBody(w, m.bodyH)
	case m.server != nil:
		body = m.server.View()
	case m.layouts != nil:
		body = m.layouts.View()
	}
	parts := [4]string{
		m.header.Out,
		body,
		cells.TruncateLines(m.statusLine(), w),
		m.footerOut,
	}
	return m.frames.Get(parts, w, h)
}

// message fills the screen with one centred message, wrapped to fit.
func (m Model) message(text string) string {
	w, h := m.width, m.height
	body := m.styles.Map.Message.Width(min(w, 60)).Align(lipgloss.Center).Render(text)
	return cells.FitBlock(lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, body), w, h)
}
