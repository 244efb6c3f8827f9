package ui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/cells"
)

// tabHit is where a window's tab is on the header line.
type tabHit struct {
	x0, x1 int // [x0, x1)
	id     tmux.WindowID
}

// headerView is the top line: the session, its windows as tabs (the one
// on the map highlighted), and the mode badges.
type headerView struct {
	out  string
	tabs []tabHit
}

const maxTabName = 16

func newHeader(st Styles, s *tmux.State, win tmux.WindowID, swap bool, width int) headerView {
	if s == nil || width <= 0 {
		return headerView{}
	}
	left := st.Session.Render(ansi.Truncate(cells.Printable(s.SessionName), max(width/3, 1), "…")) + " "
	var badges []string
	if swap {
		badges = append(badges, st.ModeSwap.Render("SWAP"))
	} else {
		badges = append(badges, st.ModeNav.Render("NAV"))
	}
	if w, ok := s.Window(win); ok && w.Zoomed {
		badges = append(badges, st.Badge.Render("ZOOM"))
	}
	if m := markedElsewhere(s, win); m != "" {
		badges = append(badges, st.Badge.Render(m))
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
		name := tabLabel(w) + alertMarks(w)
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
	h := headerView{}
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
	h.out = ansi.Truncate(b.String(), width, "")
	return h
}

// tabLabel is how a window's tab names it: "2:logs".
func tabLabel(w *tmux.Window) string {
	return fmt.Sprintf("%d:%s", w.Index, ansi.Truncate(cells.Printable(w.Name), maxTabName, "…"))
}

// alertMarks are the marks tmux's own status line gives a window with an
// alert in the session (window_flags): ! a bell, # activity, ~ silence.
func alertMarks(w *tmux.Window) string {
	var b strings.Builder
	for _, m := range []struct {
		on   bool
		mark byte
	}{{w.Bell, '!'}, {w.Activity, '#'}, {w.Silence, '~'}} {
		if m.on {
			b.WriteByte(m.mark)
		}
	}
	return b.String()
}

func sumWidth(ss []string) int {
	n := 0
	for _, s := range ss {
		n += lipgloss.Width(s)
	}
	return n
}

// tabAt is the window whose tab is at (x, y).
func (h headerView) tabAt(x, y int) (tmux.WindowID, bool) {
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
		return "MARK " + tabLabel(w)
	}
	return "MARK " + string(s.Marked)
}
