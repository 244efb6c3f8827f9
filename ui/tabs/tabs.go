// Package tabs is the navigator's top line: the session, its windows as
// tabs (the one on the map highlighted, each with tmux's alert marks),
// and the mode badges; and which tab is where, for clicks. It imports
// nothing of panemap but the tmux vocabulary and ui/cells.
package tabs

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/cells"
	"github.com/panemap/panemap/ui/mapview"
)

// Styles is how the top line draws.
type Styles struct {
	Session   lipgloss.Style
	Tab       lipgloss.Style
	ActiveTab lipgloss.Style
	ModeNav   lipgloss.Style
	ModeSwap  lipgloss.Style
	Badge     lipgloss.Style
}

// DefaultStyles returns the styles; without colour the tab on the map is
// reversed, and so is the swap badge.
func DefaultStyles(hasColor bool) Styles {
	plain := lipgloss.NewStyle()
	s := Styles{
		Session:   plain.Bold(true),
		Tab:       plain.Padding(0, 1),
		ActiveTab: plain.Padding(0, 1).Reverse(true),
		ModeNav:   plain.Bold(true).Padding(0, 1),
		ModeSwap:  plain.Bold(true).Reverse(true).Padding(0, 1),
		Badge:     plain.Bold(true).Padding(0, 1),
	}
	if !hasColor {
		return s
	}
	s.Session = s.Session.Foreground(mapview.Accent)
	s.Tab = s.Tab.Foreground(mapview.Dim)
	s.ActiveTab = plain.Padding(0, 1).Bold(true).Foreground(lipgloss.Color("255")).Background(lipgloss.Color("236"))
	s.ModeNav = s.ModeNav.Foreground(lipgloss.Color("0")).Background(mapview.Accent)
	s.ModeSwap = plain.Bold(true).Padding(0, 1).Foreground(lipgloss.Color("0")).Background(mapview.Swap)
	s.Badge = s.Badge.Foreground(mapview.Mark)
	return s
}

// tabHit is where a window's tab is on the header line.
type tabHit struct {
	x0, x1 int // [x0, x1)
	id     tmux.WindowID
}

// View is the top line drawn, and where its tabs are.
type View struct {
	Out  string
	tabs []tabHit
}

const maxTabName = 16

// New draws the top line for session s with window win on the map, the
// mode badge mode ("NAV", "SWAP"…), width cells wide. Non-empty extra
// badges follow the others (the window's layout name).
func New(st Styles, s *tmux.State, win tmux.WindowID, mode string, width int, extra ...string) View {
	if s == nil || width <= 0 {
		return View{}
	}
	left := st.Session.Render(ansi.Truncate(cells.Printable(s.SessionName), max(width/3, 1), "…")) + " "
	var badges []string
	if mode == "SWAP" {
		badges = append(badges, st.ModeSwap.Render(mode))
	} else {
		badges = append(badges, st.ModeNav.Render(mode))
	}
	if w, ok := s.Window(win); ok && w.Zoomed {
		badges = append(badges, st.Badge.Render("ZOOM"))
	}
	if m := markedElsewhere(s, win); m != "" {
		badges = append(badges, st.Badge.Render(m))
	}
	for _, b := range extra {
		if b != "" {
			badges = append(badges, st.Badge.Render(cells.Printable(b)))
		}
	}
	// A plain blank after the badges: a styled last cell of a line is
	// one terminals' renderers clear rather than draw (an erase with the
	// badge's background), which captures and screenshots lose, cutting
	// the badge.
	right := strings.Join(badges, "") + " "
	avail := width - lipgloss.Width(left) - lipgloss.Width(right) - 1

	tabs := make([]string, len(s.Windows))
	active := 0
	for i, w := range s.Windows {
		name := TabLabel(w) + Marks(w, false)
		if w.ID == win {
			active = i
			tabs[i] = st.ActiveTab.Render(name)
		} else {
			tabs[i] = st.Tab.Render(name)
		}
	}
	// Scroll so the shown window's tab is visible.
	start := 0
	for start < active && sumWidth(tabs[start:active+1]) > avail {
		start++
	}
	h := View{}
	var b strings.Builder
	b.WriteString(left)
	x := lipgloss.Width(left)
	for i := start; i < len(tabs); i++ {
		tw := lipgloss.Width(tabs[i])
		if x+tw > lipgloss.Width(left)+avail {
			break
		}
		b.WriteString(tabs[i])
		h.tabs = append(h.tabs, tabHit{x0: x, x1: x + tw, id: s.Windows[i].ID})
		x += tw
	}
	if pad := width - x - lipgloss.Width(right); pad > 0 {
		b.WriteString(strings.Repeat(" ", pad))
	}
	b.WriteString(right)
	h.Out = ansi.Truncate(b.String(), width, "")
	return h
}

// TabLabel is how a window's tab names it: "2:logs".
func TabLabel(w *tmux.Window) string {
	return fmt.Sprintf("%d:%s", w.Index, ansi.Truncate(cells.Printable(w.Name), maxTabName, "…"))
}

// Marks are the marks tmux's own status line gives a window
// (window_flags, window_printable_flags in window.c): its alerts
// (alertMarks), then * for the session's current window when current is
// asked for (the map's tabs highlight the window they show instead), and
// Z for a zoomed window. The map's tabs and the server view's titles
// both mark windows with them.
func Marks(w *tmux.Window, current bool) string {
	marks := alertMarks(w)
	if current && w.Active {
		marks += "*"
	}
	if w.Zoomed {
		marks += "Z"
	}
	return marks
}

// alertMarks are the marks tmux's own status line gives a window with an
// alert in the session: ! a bell, # activity, ~ silence.
func alertMarks(w *tmux.Window) string {
	marks := ""
	if w.Bell {
		marks += "!"
	}
	if w.Activity {
		marks += "#"
	}
	if w.Silence {
		marks += "~"
	}
	return marks
}

func sumWidth(ss []string) int {
	n := 0
	for _, s := range ss {
		n += lipgloss.Width(s)
	}
	return n
}

// TabAt is the window whose tab is at (x, y).
func (h View) TabAt(x, y int) (tmux.WindowID, bool) {
	if y != 0 {
		return "", false
	}
	for _, t := range h.tabs {
		if x >= t.x0 && x < t.x1 {
			return t.id, true
		}
	}
	return "", false
}

// markedElsewhere names where the marked pane is when the map cannot
// show it: "MARK 1:editor", or "MARK %5" in another session.
func markedElsewhere(s *tmux.State, win tmux.WindowID) string {
	if s.Marked == "" {
		return ""
	}
	_, w, ok := s.FindPane(s.Marked)
	switch {
	case ok && w.ID == win:
		return ""
	case ok && w != s.Foreign:
		return "MARK " + TabLabel(w)
	}
	return "MARK " + string(s.Marked)
}
