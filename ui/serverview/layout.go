package serverview

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/cells"
	"github.com/panemap/panemap/ui/mapview"
	"github.com/panemap/panemap/ui/tabs"
)

// The tiles: each window is a title line over its map. Tiles are at
// least minTileWidth wide, as many to a row as fit, and as tall as the
// screen allows between minTileHeight and maxTileHeight lines.
const (
	minTileWidth  = 26
	minTileHeight = 6
	maxTileHeight = 16
)

// placed is a window's tile: which window, and where (row counts tile
// rows across the whole view, y the tile's first line of content).
type placed struct {
	win      int
	row, col int
	y        int
	first    bool // in its session's first row: its heading is just above
}

// layout is the view laid out: every line of content, top to bottom, and
// where each window went.
type layout struct {
	lines []string
	tiles []placed
	tileH int
}

// beside is the window beside window i on the screen in direction d:
// left and right go through the windows in order, up and down to the
// nearest tile in the row above or below.
func (l layout) beside(i int, d tmux.Direction) (int, bool) {
	at := -1
	for k, t := range l.tiles {
		if t.win == i {
			at = k
		}
	}
	if at < 0 {
		return 0, false
	}
	switch d {
	case tmux.DirLeft:
		if at > 0 {
			return l.tiles[at-1].win, true
		}
	case tmux.DirRight:
		if at+1 < len(l.tiles) {
			return l.tiles[at+1].win, true
		}
	case tmux.DirUp, tmux.DirDown:
		row := l.tiles[at].row - 1
		if d == tmux.DirDown {
			row = l.tiles[at].row + 1
		}
		best := -1
		for k, t := range l.tiles {
			if t.row == row && (best < 0 || t.col <= l.tiles[at].col) {
				best = k
			}
		}
		if best >= 0 {
			return l.tiles[best].win, true
		}
	}
	return 0, false
}

// SetProfile sets how preview colours degrade on this terminal.
func (m *Model) SetProfile(p colorprofile.Profile) { m.profile = p; m.relayout() }

// relayout lays the view out again, and scrolls the selection into sight.
func (m *Model) relayout() {
	m.lay = layout{}
	if m.width < minTileWidth/2 || m.height < 3 || len(m.windows) == 0 {
		return
	}
	// As many tiles to a row as fit, but no more than the most windows a
	// session has: a small server gets big tiles.
	most := 1
	for i := range m.windows {
		most = max(most, m.sessionLen(i))
	}
	perRow := max(1, min(m.width/minTileWidth, most))
	tileW := m.width / perRow
	sessions, tileRows := 0, 0
	for i, w := range m.windows {
		if i == 0 || w.SessionID != m.windows[i-1].SessionID {
			sessions++
			tileRows += (m.sessionLen(i) + perRow - 1) / perRow
		}
	}
	room := m.height - 1 - sessions
	m.lay.tileH = min(max(room/max(tileRows, 1), minTileHeight), maxTileHeight)
	// Tall enough for every window's map whole (the view scrolls): a map
	// that does not fit says so in place of its boxes.
	for _, w := range m.windows {
		if _, h := mapview.MinSize(m.tileInput(w)); h+1 > m.lay.tileH {
			m.lay.tileH = h + 1
		}
	}

	row := 0
	for i := 0; i < len(m.windows); {
		n := m.sessionLen(i)
		m.lay.lines = append(m.lay.lines, m.heading(m.windows[i], n))
		for start := i; start < i+n; start += perRow {
			end := min(start+perRow, i+n)
			m.tileRow(start, end, row, tileW, start == i)
			row++
		}
		i += n
	}
	m.scrollToSelection()
}

// sessionLen is how many windows from i on are the same session's.
func (m *Model) sessionLen(i int) int {
	n := 0
	for j := i; j < len(m.windows) && m.windows[j].SessionID == m.windows[i].SessionID; j++ {
		n++
	}
	return n
}

func (m *Model) heading(w *tmux.Window, windows int) string {
	text := fmt.Sprintf(" %s  %s · %s", cells.Printable(w.SessionName), w.SessionID, plural(windows, "window"))
	return cells.FitLine(m.styles.Session.Render(ansi.Truncate(text, m.width, "…")), m.width)
}

// tileRow draws windows start to end side by side.
func (m *Model) tileRow(start, end, row, tileW int, first bool) {
	y := len(m.lay.lines)
	cols := make([][]string, 0, end-start)
	for i := start; i < end; i++ {
		m.lay.tiles = append(m.lay.tiles, placed{win: i, row: row, col: i - start, y: y, first: first})
		cols = append(cols, m.tile(m.windows[i], tileW, m.lay.tileH))
	}
	for k := range m.lay.tileH {
		var b strings.Builder
		for _, c := range cols {
			b.WriteString(c[k])
		}
		m.lay.lines = append(m.lay.lines, cells.FitLine(b.String(), m.width))
	}
}

// tile is window w's title and map, w x h cells, one column kept blank
// on the right between tiles.
func (m *Model) tile(w *tmux.Window, width, height int) []string {
	st := m.styles
	holds := w.SessionID == m.sel.Session && w.ID == m.sel.Window
	title := strconv.Itoa(w.Index) + ":" + cells.Printable(w.Name)
	style := st.Window
	switch {
	case holds:
		style = st.Selected
	case w.Active:
		style = st.Current
	}
	marks := tabs.Marks(w, true)
	head := style.Render(ansi.Truncate(title, width-2-len(marks), "…"))
	if marks != "" {
		head += st.Alert.Render(marks)
	}
	lines := []string{cells.FitLine(head, width)}

	mv := mapview.New(st.Map, m.tileInput(w), width-1, height-1)
	for _, l := range strings.Split(mv.View(), "\n") {
		lines = append(lines, cells.FitLine(l, width))
	}
	for len(lines) < height {
		lines = append(lines, strings.Repeat(" ", width))
	}
	return lines[:height]
}

// tileInput is what window w's tile draws: only the selected pane
// focused (one highlight on screen), each pane labelled with its hint.
func (m *Model) tileInput(w *tmux.Window) mapview.Input {
	labels := make(map[tmux.PaneID]string, len(w.Panes))
	for _, p := range w.Panes {
		if l := m.labels.of[labelKey(w, p.ID)]; l != "" {
			labels[p.ID] = l
		}
	}
	in := mapview.Input{Win: w, Selection: true, Labels: labels, Shots: m.shots, Badges: m.badges, Profile: m.profile, Boxes: m.boxes}
	if w.SessionID == m.sel.Session && w.ID == m.sel.Window {
		in.Selected = m.sel.Pane
	}
	return in
}

// scrollToSelection keeps the selected window's tile on screen.
func (m *Model) scrollToSelection() {
	view := m.height - 1
	_, i, ok := m.find(m.sel)
	for _, t := range m.lay.tiles {
		if !ok || t.win != i {
			continue
		}
		top := t.y
		if t.first {
			top = t.y - 1 // the session's heading with its first row
		}
		if top < m.scroll {
			m.scroll = top
		}
		if t.y+m.lay.tileH > m.scroll+view {
			m.scroll = t.y + m.lay.tileH - view
		}
	}
	m.scroll = max(0, min(m.scroll, len(m.lay.lines)-view))
}

// View is the view, exactly width x height cells: a summary line, then
// the part of the content scrolled to.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	sessions, panes := 0, 0
	for i, w := range m.windows {
		if i == 0 || w.SessionID != m.windows[i-1].SessionID {
			sessions++
		}
		panes += len(w.Panes)
	}
	summary := " " + plural(sessions, "session") + " · " + plural(len(m.windows), "window") + " · " + plural(panes, "pane")
	if m.typed != "" {
		summary += " · label " + m.typed + "…"
	}
	if len(m.lay.lines) > m.height-1 {
		summary += fmt.Sprintf(" · lines %d-%d of %d", m.scroll+1, min(m.scroll+m.height-1, len(m.lay.lines)), len(m.lay.lines))
	}
	out := []string{cells.FitLine(m.styles.Summary.Render(ansi.Truncate(summary, m.width, "…")), m.width)}
	end := min(m.scroll+m.height-1, len(m.lay.lines))
	out = append(out, m.lay.lines[min(m.scroll, end):end]...)
	return cells.FitBlock(lipgloss.JoinVertical(lipgloss.Left, out...), m.width, m.height)
}

// plural is "1 window", "2 windows".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
