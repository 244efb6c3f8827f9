// Package find is the navigator's find (/): a query typed at the top,
// and every pane of the server that matches it listed below, with where
// it is and the matching line, at every keystroke. It matches an index
// of the panes' text (package screen/search) read once as find opens and
// kept fresh (reading.go): the reads run in commands that answer with a
// ReadMsg, so a keystroke never waits on tmux. Update answers what a key
// asks (jump, back); the navigator does it. Pane text reaches the
// terminal only as screen.Lines made it, and names through
// cells.Printable.
package find

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/internal/plural"
	"github.com/panemap/panemap/screen/search"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/cells"
	"github.com/panemap/panemap/ui/prompt"
)

// MaxResults bounds the matches listed.
const MaxResults = 1000

// Action is what a key asks of the navigator.
type Action int

const (
	None Action = iota
	Jump        // jump to Selected()
	Back        // leave find
)

// Place is where a pane is.
type Place struct {
	Session     tmux.SessionID
	SessionName string
	Window      *tmux.Window
	Pane        tmux.PaneID
}

// Model is an open find.
type Model struct {
	keys   KeyMap
	styles Styles
	input  prompt.Model

	env     Env           // how the reads reach tmux (ReadAll)
	index   *search.Index // nil while the text is being read
	reading bool          // a read of the panes' text is in flight
	windows []*tmux.Window
	places  map[string]Place
	result  search.Result
	sel     int
	top     int // the first row shown

	width, height int
}

// New opens find over the panes of windows (a server listing), with
// nothing typed. Until SetIndex, it says it is reading them.
func New(windows []*tmux.Window, s Styles) Model {
	in := prompt.New("find", "", 200, s.Prompt)
	m := Model{keys: DefaultKeyMap(), styles: s, input: in, places: map[string]Place{}}
	m.SetWindows(windows)
	return m
}

// SetWindows takes a fresh listing: where each pane is.
func (m *Model) SetWindows(windows []*tmux.Window) {
	places := make(map[string]Place, len(windows)*2)
	for _, w := range windows {
		for _, p := range w.Panes {
			if _, ok := places[string(p.ID)]; !ok {
				places[string(p.ID)] = Place{Session: w.SessionID, SessionName: w.SessionName, Window: w, Pane: p.ID}
			}
		}
	}
	m.windows, m.places = windows, places
}

// SetIndex gives find the panes' text (or the same index, changed): the
// query is matched again.
func (m *Model) SetIndex(x *search.Index) {
	m.index = x
	m.match()
}

// SetSize fits find to width x height cells.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.input.SetWidth(min(width/2, 60) + len("find: "))
	m.scroll()
}

// Keys is the key map, for the footer's help.
func (m Model) Keys() KeyMap { return m.keys }

// Selected is the chosen match's pane, and where it is.
func (m Model) Selected() (Place, bool) {
	if m.sel < 0 || m.sel >= len(m.result.Matches) {
		return Place{}, false
	}
	p, ok := m.places[m.result.Matches[m.sel].Pane]
	return p, ok
}

// SelectedMatch is the chosen match itself.
func (m Model) SelectedMatch() (search.Match, bool) {
	if m.sel < 0 || m.sel >= len(m.result.Matches) {
		return search.Match{}, false
	}
	return m.result.Matches[m.sel], true
}

// Found is every pane with a match.
func (m Model) Found() map[tmux.PaneID]bool {
	found := map[tmux.PaneID]bool{}
	for _, x := range m.result.Matches {
		found[tmux.PaneID(x.Pane)] = true
	}
	return found
}

// Update takes a key press or a paste, or a read's answer.
func (m Model) Update(msg tea.Msg) (Model, Action) {
	if r, ok := msg.(ReadMsg); ok {
		m.read(r)
		return m, None
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, m.keys.Back):
			return m, Back
		case key.Matches(k, m.keys.Jump):
			if _, ok := m.Selected(); ok {
				return m, Jump
			}
			return m, None
		case key.Matches(k, m.keys.Down, m.keys.Next):
			m.choose(+1)
			return m, None
		case key.Matches(k, m.keys.Up, m.keys.Prev):
			m.choose(-1)
			return m, None
		}
	}
	before := m.input.Value()
	// Enter and Esc were find's: the prompt sees only text and editing.
	m.input, _ = m.input.Update(msg)
	if m.input.Value() != before {
		m.match()
	}
	return m, None
}

// match runs the query, and keeps the choice on the same pane when it
// still matches.
func (m *Model) match() {
	was := ""
	if m.sel < len(m.result.Matches) {
		was = m.result.Matches[m.sel].Pane
	}
	m.result, m.sel = search.Result{}, 0
	if m.index != nil {
		m.result = m.index.Find(m.input.Value(), MaxResults)
	}
	for i, x := range m.result.Matches {
		if x.Pane == was {
			m.sel = i
			break
		}
	}
	m.scroll()
}

func (m *Model) choose(delta int) {
	if n := len(m.result.Matches); n > 0 {
		m.sel = ((m.sel+delta)%n + n) % n
	}
	m.scroll()
}

// rows is how many matches fit under the query line.
func (m Model) rows() int { return max(m.height-1, 0) }

// scroll keeps the choice in sight.
func (m *Model) scroll() {
	rows := m.rows()
	if m.sel < m.top {
		m.top = m.sel
	}
	if rows > 0 && m.sel >= m.top+rows {
		m.top = m.sel - rows + 1
	}
	m.top = max(0, min(m.top, len(m.result.Matches)-rows))
}

// View is find, exactly width x height cells: the query line, then the
// matches.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	st := m.styles
	count := ""
	switch {
	case m.index == nil:
		count = "reading the panes…"
	case m.input.Value() == "":
		count = plural.Count(m.index.Len(), "pane", "panes") + ": type to find"
	default:
		count = plural.Count(len(m.result.Matches), "match", "matches") + " in " + plural.Count(m.result.Panes, "pane", "panes")
		if m.result.Truncated {
			count = "first " + plural.Count(len(m.result.Matches), "match", "matches")
		}
	}
	head := m.input.View() + "  " + st.Count.Render(count)
	lines := []string{cells.FitLine(ansi.Truncate(head, m.width, "…"), m.width)}
	end := min(m.top+m.rows(), len(m.result.Matches))
	for i := m.top; i < end; i++ {
		lines = append(lines, m.row(m.result.Matches[i], i == m.sel))
	}
	return cells.FitBlock(strings.Join(lines, "\n"), m.width, m.height)
}

// row is one match: where (session:window pane), the line or field, and
// the text with the match marked, cut to the width.
func (m Model) row(x search.Match, chosen bool) string {
	st := m.styles
	where := x.Pane
	if p, ok := m.places[x.Pane]; ok {
		where = cells.Printable(p.SessionName) + ":" + strconv.Itoa(p.Window.Index) + " " + x.Pane
	}
	at := x.Field
	if at == "" {
		at = strconv.Itoa(x.Line)
	}
	start, end := min(max(x.Start, 0), len(x.Text)), min(max(x.End, 0), len(x.Text))
	start = min(start, end)
	pre := cells.Printable(x.Text[:start])
	// A match far along a long line stays in sight: the start of the
	// line gives way.
	if w, room := ansi.StringWidth(pre), m.width/3; w > room {
		pre = ansi.TruncateLeft(pre, w-room, "…")
	}
	text := pre + st.Hit.Render(cells.Printable(x.Text[start:end])) + cells.Printable(x.Text[end:])
	line := st.Place.Render(where) + " " + st.Line.Render(fmt.Sprintf("%6s", at)) + " " + text
	line = cells.FitLine(ansi.Truncate(line, m.width, "…"), m.width)
	if chosen {
		line = st.Selected.Render(ansi.Strip(line))
	}
	return line
}
