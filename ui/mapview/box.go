package mapview

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/screen"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/cells"
)

// paneBox draws one pane: its label (tmux's pane index) on the first
// line, then id, command, path and title as far as they fit. skip blank
// lines go first, where a floating box drawn over this one would cover
// the header.
func paneBox(st Styles, in Input, p tmux.Pane, w, h int, skip int) string {
	box := st.Pane
	label := st.Label
	focused := in.focused(p)
	switch {
	case focused && in.Swap:
		box, label = st.FocusedSwap, st.LabelFocus
	case focused:
		box, label = st.Focused, st.LabelFocus
	case p.ID == in.Drop && in.Drop != "", in.Found[p.ID]:
		box = st.DropTarget
	case in.Badges[p.ID].Loud:
		box = st.Loud
	case p.Marked:
		box = st.Marked
	case hidden(in.Win, p):
		box = st.Hidden // the zoomed pane covers it in tmux
	}
	if p.Floating {
		box = floatingBorder(box, focused)
	}
	iw, ih := w-2, h-2
	text := in.label(p)
	if iw >= len(text)+2 {
		text = " " + text + " "
	}
	first := label.Render(text)
	var flags []string
	if p.Floating {
		flags = append(flags, "floating")
	}
	if p.Marked {
		flags = append(flags, "marked")
	}
	if p.Active && in.Win.Zoomed {
		flags = append(flags, "zoomed")
	}
	switch {
	case p.Dead && p.DeadStatus >= 0:
		flags = append(flags, "dead "+strconv.Itoa(p.DeadStatus))
	case p.Dead:
		flags = append(flags, "dead")
	}
	if p.Mode != "" {
		flags = append(flags, cells.Printable(p.Mode))
	}
	// The badge goes first: a narrow box cuts the id and flags before it.
	rest := in.badgeText(p.ID, iw-lipgloss.Width(first)) + " " + st.PaneID.Render(string(p.ID))
	if len(flags) > 0 {
		rest += " " + st.Flag.Render(strings.Join(flags, " "))
	}
	// The label always shows; the rest of the first line gets what is left.
	lines := []string{first + ansi.Truncate(rest, max(iw-lipgloss.Width(first), 0), "…")}
	// Details line up under the label's number, one cell in, when there
	// is room for that cell.
	indent := ""
	if iw >= 8 {
		indent = " "
	}
	if shot := in.Shots[p.ID]; shot != nil && iw >= minPreviewWidth && ih >= minPreviewHeight {
		// The header line carries the command; the pane's screen fills
		// the rest.
		if p.Command != "" {
			lines[0] = first + ansi.Truncate(rest+" "+st.Command.Render(cells.Printable(p.Command)), max(iw-lipgloss.Width(first), 0), "…")
		}
		lines = append(lines, previewLines(shot, iw, ih-1, in.Profile, hidden(in.Win, p))...)
		return frameBox(box, append(make([]string, skip), lines...), w, h)
	}
	if p.Command != "" {
		lines = append(lines, indent+st.Command.Render(cells.Printable(p.Command)))
	}
	if p.Path != "" {
		lines = append(lines, indent+st.Path.Render(cells.Printable(shortenPath(p.Path, in.Home, iw-len(indent)))))
	}
	if !isDefaultTitle(p.Title, in.Hostname) {
		lines = append(lines, indent+st.Title.Render(cells.Printable(p.Title)))
	}
	for i := 1; i < len(lines); i++ {
		lines[i] = ansi.Truncate(lines[i], iw, "…")
	}
	lines = append(make([]string, skip), lines...)
	if len(lines) > ih {
		lines = lines[:ih]
	}
	return box.Width(w).Height(h).MaxWidth(w).MaxHeight(h).Render(strings.Join(lines, "\n"))
}

// Floating panes' borders are dashed, heavy when the pane is focused;
// the double borders of swap mode and of a drop target stay as they are.
var (
	dashedBorder = lipgloss.Border{
		Top: "╌", Bottom: "╌", Left: "╎", Right: "╎",
		TopLeft: "┌", TopRight: "┐", BottomLeft: "└", BottomRight: "┘",
	}
	heavyDashedBorder = lipgloss.Border{
		Top: "╍", Bottom: "╍", Left: "╏", Right: "╏",
		TopLeft: "┏", TopRight: "┓", BottomLeft: "┗", BottomRight: "┛",
	}
)

// floatingBorder is box with a floating pane's border, keeping its colours.
func floatingBorder(box lipgloss.Style, focused bool) lipgloss.Style {
	if box.GetBorderStyle() == lipgloss.DoubleBorder() {
		return box
	}
	if focused {
		return box.BorderStyle(heavyDashedBorder)
	}
	return box.BorderStyle(dashedBorder)
}

// The smallest box inside that shows a preview: a header line and two
// lines of screen, eight columns wide. Smaller boxes show their label and
// what else fits, as without previews.
const (
	minPreviewWidth  = 8
	minPreviewHeight = 3
)

// previewLines is the part of a pane's screen that fits w x h: the
// region around its cursor, as tmux's own previews (choose-tree) take it,
// or around its last row of text when the cursor is parked below all of
// it (screen.Anchor). dim draws a pane that the zoomed pane hides.
func previewLines(shot *Shot, w, h int, p colorprofile.Profile, dim bool) []string {
	scr := shot.Screen
	cx, cy := shot.Raw.CursorX, shot.Raw.CursorY
	if !shot.Raw.CursorVisible {
		cx, cy = 0, 0
	}
	cx, cy = scr.Anchor(cx, cy)
	x, y := screen.Region(scr.Width, scr.Height, cx, cy, w, h)
	return scr.Render(x, y, w, h, p, dim)
}

// BoxCache holds drawn pane boxes by everything a box is drawn from. It
// is a pure cache, shared by the model's copies; it is emptied when it
// grows past a few frames' worth.
type BoxCache struct {
	m map[string]string
}

const maxCachedBoxes = 512

// get returns the box for these inputs, drawing it with draw when it is
// not cached. A nil cache draws every time.
func (c *BoxCache) get(in Input, p tmux.Pane, w, h int, skip int, draw func() string) string {
	if c == nil {
		return draw()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d|%d|%t|%t|%s|%s|%s|%t|%d|%+v", w, h, skip, in.Swap, in.focused(p), in.Drop, in.Home, in.Hostname,
		in.Win.Zoomed, in.Profile, p)
	in.writeMarks(&b, p.ID)
	key := b.String()
	if box, ok := c.m[key]; ok {
		return box
	}
	if c.m == nil || len(c.m) >= maxCachedBoxes {
		c.m = make(map[string]string)
	}
	box := draw()
	c.m[key] = box
	return box
}

// frameBox draws box's border around lines, which are at most the inside
// width each (shorter ones are padded) and as many as fit. It is what
// box.Width(w).Height(h).Render does for content already cut to size,
// without measuring and wrapping it again: previews redraw every box
// several times a second.
func frameBox(box lipgloss.Style, lines []string, w, h int) string {
	b := box.GetBorderStyle()
	edge := lipgloss.NewStyle().Foreground(box.GetBorderTopForeground()).Faint(box.GetFaint())
	iw, ih := w-2, h-2
	left, right := edge.Render(b.Left), edge.Render(b.Right)
	out := make([]string, 0, h)
	out = append(out, edge.Render(b.TopLeft+strings.Repeat(b.Top, iw)+b.TopRight))
	for i := range ih {
		line := ""
		if i < len(lines) {
			line = lines[i]
		}
		out = append(out, left+cells.FitLine(line, iw)+right)
	}
	out = append(out, edge.Render(b.BottomLeft+strings.Repeat(b.Bottom, iw)+b.BottomRight))
	return strings.Join(out, "\n")
}
