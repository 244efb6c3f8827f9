// Package keyhelp draws key help that is readable at any size: a short
// line of whole items (never a word cut at the edge), and the full help
// laid out in as many columns as fit, scrolled when even those do not
// fit. It takes bubbles' help.KeyMap (ShortHelp and FullHelp) and
// help.Styles, does no I/O and imports nothing of panemap.
package keyhelp

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
)

// Separators between the short line's items, before the mark of items
// left off, and between the full help's columns.
const (
	shortSep  = " • "
	ellipsis  = " …"
	columnGap = "   "
)

// Short is the footer line: the enabled bindings of bindings, most
// important first, as many whole items as fit width, and " …" when some
// were left off. An item is never cut: one that does not fit is left
// off with all after it.
func Short(bindings []key.Binding, width int, st help.Styles) string {
	var b strings.Builder
	used := 0
	sep := st.ShortSeparator.Inline(true).Render(shortSep)
	tail := st.Ellipsis.Inline(true).Render(ellipsis)
	enabled := enabledOf(bindings)
	for i, kb := range enabled {
		item := st.ShortKey.Inline(true).Render(kb.Help().Key) + " " + st.ShortDesc.Inline(true).Render(kb.Help().Desc)
		if used > 0 {
			item = sep + item
		}
		w := ansi.StringWidth(item)
		room := width - used
		if i < len(enabled)-1 {
			room -= ansi.StringWidth(ellipsis) // keep room to say more follow
		}
		if w > room {
			if used+ansi.StringWidth(ellipsis) <= width {
				b.WriteString(tail)
			}
			break
		}
		b.WriteString(item)
		used += w
	}
	return b.String()
}

// ShortKey says what Short draws from bindings at width, styles aside:
// equal keys, equal lines.
func ShortKey(bindings []key.Binding, width int) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(width))
	for _, kb := range enabledOf(bindings) {
		b.WriteString("\x00" + kb.Help().Key + "\x00" + kb.Help().Desc)
	}
	return b.String()
}

// Lines is the full help: every enabled binding of groups, in order, as
// "key description", laid out column by column in as many columns as fit
// width. Where one column is too narrow for an item, the item wraps at
// its spaces onto the next lines: every word shows.
func Lines(groups [][]key.Binding, width int, st help.Styles) []string {
	var items []string
	for _, g := range groups {
		for _, kb := range enabledOf(g) {
			items = append(items, st.FullKey.Inline(true).Render(kb.Help().Key)+" "+st.FullDesc.Inline(true).Render(kb.Help().Desc))
		}
	}
	if len(items) == 0 {
		return nil
	}
	width = max(width, 1)
	for cols := len(items); cols > 1; cols-- {
		if lines, ok := columns(items, cols, width); ok {
			return lines
		}
	}
	var lines []string
	for _, it := range items {
		lines = append(lines, strings.Split(ansi.Wrap(it, width, ""), "\n")...)
	}
	return lines
}

// columns lays items out column by column in cols columns, if they fit
// width.
func columns(items []string, cols, width int) ([]string, bool) {
	rows := (len(items) + cols - 1) / cols
	cols = (len(items) + rows - 1) / rows // no empty column at the end
	widths := make([]int, cols)
	total := ansi.StringWidth(columnGap) * (cols - 1)
	for c := range cols {
		for r := range rows {
			if i := c*rows + r; i < len(items) {
				widths[c] = max(widths[c], ansi.StringWidth(items[i]))
			}
		}
		total += widths[c]
	}
	if total > width {
		return nil, false
	}
	lines := make([]string, rows)
	for r := range rows {
		var b strings.Builder
		for c := range cols {
			i := c*rows + r
			if i >= len(items) {
				break
			}
			if c > 0 {
				b.WriteString(columnGap)
			}
			b.WriteString(items[i])
			if c < cols-1 {
				b.WriteString(strings.Repeat(" ", widths[c]-ansi.StringWidth(items[i])))
			}
		}
		lines[r] = strings.TrimRight(b.String(), " ")
	}
	return lines, true
}

// Window is what shows of lines in at most h lines, from line top: all
// of them when they fit; otherwise h-1 of them and a last line saying
// which are shown and how to scroll (ScrollKeys). It returns the view and
// top clamped to the lines there are.
func Window(lines []string, top, h, width int, st help.Styles) (string, int) {
	if h <= 0 || len(lines) == 0 {
		return "", 0
	}
	if len(lines) <= h {
		return strings.Join(lines, "\n"), 0
	}
	page := max(h-1, 1)
	top = min(max(top, 0), len(lines)-page)
	shown := append([]string(nil), lines[top:top+page]...)
	where := fmt.Sprintf("pgup/pgdn scroll · %d-%d of %d", top+1, top+page, len(lines))
	if ansi.StringWidth(where) > width {
		where = fmt.Sprintf("pgdn %d-%d/%d", top+1, top+page, len(lines))
	}
	if h > 1 {
		shown = append(shown, st.Ellipsis.Render(ansi.Truncate(where, width, "")))
	}
	return strings.Join(shown, "\n"), top
}

// Page is how far one pgup or pgdn moves a window of h lines.
func Page(h int) int { return max(h-2, 1) }

// ScrollKeys scroll the full help when it does not fit.
type ScrollKeys struct {
	Down key.Binding
	Up   key.Binding
}

// DefaultScrollKeys are pgdn and pgup.
func DefaultScrollKeys() ScrollKeys {
	return ScrollKeys{
		Down: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "more help")),
		Up:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "back up the help")),
	}
}

func enabledOf(bindings []key.Binding) []key.Binding {
	var out []key.Binding
	for _, kb := range bindings {
		if kb.Enabled() {
			out = append(out, kb)
		}
	}
	return out
}
