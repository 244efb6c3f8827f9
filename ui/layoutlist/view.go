package layoutlist

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/cells"
	"github.com/panemap/panemap/ui/mapview"
)

// The small maps' sizes: wide enough for a few boxes' labels, and as
// tall as the layout's boxes need, within bounds, so that a list shows
// several.
const (
	smallMinW, smallMaxW = 16, 24
	smallMinH, smallMaxH = 4, 9
)

// planHeight is how much of the view's height the plan takes: half,
// when there is room for both.
func planHeight(height int) int {
	if height >= 16 {
		return height / 2
	}
	return 0
}

// View is the view as last drawn.
func (m Model) View() string { return m.out }

// redraw draws the view on its width x height, scrolled so that the
// chosen layout shows.
func (m *Model) redraw() {
	w, h := max(m.width, 1), max(m.height, 0)
	lines := []string{m.styles.Title.Render(m.title())}
	switch {
	case m.ask != nil:
		lines = append(lines, m.styles.Question.Render(m.ask.text+" (y/n)"))
	case m.typing != typingNone:
		m.input.SetWidth(w)
		lines = append(lines, m.input.View())
	case m.errText != "":
		lines = append(lines, m.styles.Error.Render(ansi.Wrap(cells.Printable(m.errText), w, " ")))
	case m.note != "":
		lines = append(lines, m.note)
	}
	head := strings.Join(lines, "\n")
	planH := planHeight(h)
	listH := max(h-lipgloss.Height(head)-planH, 0)
	out := head + "\n" + cells.FitBlock(m.list(w, listH), w, listH)
	if planH > 0 {
		out += "\n" + m.plan(w, planH)
	}
	m.out = cells.FitBlock(out, w, h)
}

// title says how many layouts there are, and the filter's.
func (m Model) title() string {
	switch {
	case !m.listed:
		return "Saved layouts: reading…"
	case m.filter != "":
		return fmt.Sprintf("Saved layouts: %d of %d match %q", len(m.shown), len(m.entries), cells.Printable(m.filter))
	}
	return fmt.Sprintf("Saved layouts: %d", len(m.entries))
}

// list draws the entries that fit in height from the first shown
// before (m.top), moved as little as makes the chosen one show. Only
// those are drawn: a store may hold many.
func (m *Model) list(width, height int) string {
	switch {
	case len(m.shown) > 0:
	case !m.listed:
		return ""
	case len(m.entries) == 0:
		return "none yet: S saves this window's layout"
	default:
		return "no layout's name matches the filter"
	}
	block := func(i int) string { return m.entry(m.entries[m.shown[i]], i == m.sel, width) }
	m.top = max(min(m.top, m.sel), 0)
	var blocks []string
	used := 0
	for i := m.top; i <= m.sel; i++ {
		blocks = append(blocks, block(i))
		used += lipgloss.Height(blocks[len(blocks)-1])
	}
	for m.top < m.sel && used > height {
		used -= lipgloss.Height(blocks[0])
		blocks, m.top = blocks[1:], m.top+1
	}
	for i := m.sel + 1; i < len(m.shown) && used < height; i++ {
		blocks = append(blocks, block(i))
		used += lipgloss.Height(blocks[len(blocks)-1])
	}
	return strings.Join(blocks, "\n")
}

// entry draws one layout: its small map, then its name, pane count and
// when it was saved; a broken file is one line saying why.
func (m Model) entry(e layouts.Entry, chosen bool, width int) string {
	name, pointer := m.styles.Name.Render(cells.Printable(e.Name)), "  "
	if chosen {
		name, pointer = m.styles.Selected.Render(cells.Printable(e.Name)), "> "
	}
	if e.Layout == nil {
		// The reason in full, wrapped under the name: it says what to fix.
		why := ansi.Wrap("broken: "+cells.Printable(e.Broken), max(width-4, 1), " ")
		return pointer + name + "\n" + m.styles.Broken.Render(indent(why, "    "))
	}
	l := e.Layout
	small := m.smallMap(l)
	panes := len(l.Slots) + len(l.Floating)
	detail := fmt.Sprintf("%d %s · saved %s", panes, plural(panes, "pane"), l.SavedAt.Format("2006-01-02 15:04"))
	if l.Zoomed {
		detail += " · zoomed"
	}
	text := name + "\n" + m.styles.Detail.Render(detail)
	return lipgloss.JoinHorizontal(lipgloss.Top, pointer, small, " ", text)
}

// smallMap is l drawn by the navigator's map at the least size its boxes
// need, within bounds; drawn once a layout as saved.
func (m Model) smallMap(l *layouts.Layout) string {
	key := l.Name + "\x00" + l.SavedAt.String() + "\x00" + l.Raw
	if out, ok := m.smalls[key]; ok {
		return out
	}
	in := mapview.Input{Win: l.Preview(l.Width, l.Height), Boxes: m.boxes}
	needW, needH := mapview.MinSize(in)
	w := min(max(needW, smallMinW), smallMaxW)
	h := min(max(needH, smallMinH), smallMaxH)
	out := mapview.New(m.styles.Map, in, w, h).View()
	m.smalls[key] = out
	return out
}

// plan draws what Enter would do to the window: the window after it,
// each pane labelled with the slot it goes to ("new" for a pane beyond
// the slots, which gets a new one split off the largest), over a line
// naming the moves and the new and dropped slots.
func (m Model) plan(width, height int) string {
	l := m.Selected()
	if l == nil || m.win == nil {
		return ""
	}
	p, err := layouts.MakePlan(l, m.win, false, m.floatingOK)
	if err != nil {
		return m.styles.Error.Render(ansi.Wrap(cells.Printable(fmt.Sprintf("%s cannot apply here: %v", l.Name, err)), width, " "))
	}
	after := p.After(m.win)
	labels := map[tmux.PaneID]string{}
	for _, mv := range p.Moves {
		labels[mv.Pane] = "s" + strconv.Itoa(mv.Slot)
	}
	for _, x := range p.Extra {
		labels[x] = "new"
	}
	words := ansi.Wrap(cells.Printable(planWords(l, p)), width, " ")
	mapH := max(height-lipgloss.Height(words), 0)
	in := mapview.Input{Win: after, Labels: labels, Boxes: m.boxes}
	return words + "\n" + mapview.New(m.styles.Map, in, width, mapH).View()
}

// planWords is the plan in a line: "enter applies dev: %1→s0 (id),
// %4→s1 (title); new s2; dropped s3 (vim)".
func planWords(l *layouts.Layout, p *layouts.Plan) string {
	var moves []string
	for _, mv := range p.Moves {
		moves = append(moves, fmt.Sprintf("%s→s%d (%s)", mv.Pane, mv.Slot, mv.From))
	}
	out := "enter applies " + l.Name + ": " + strings.Join(moves, ", ")
	for _, x := range p.Extra {
		out += fmt.Sprintf("; %s to a new slot", x)
	}
	for _, d := range p.Dropped {
		what := ""
		if d >= 0 && d < len(l.Slots) && l.Slots[d].Command != "" {
			what = " (" + l.Slots[d].Command + ")"
		}
		out += fmt.Sprintf("; dropped s%d%s", d, what)
	}
	for _, s := range p.LeftOut {
		out += "; left out: " + s
	}
	return out
}

// indent puts pad before each line of s.
func indent(s, pad string) string {
	return pad + strings.ReplaceAll(s, "\n", "\n"+pad)
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
