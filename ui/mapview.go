package ui

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/geometry"
	"github.com/panemap/panemap/screen"
	"github.com/panemap/panemap/tmux"
)

// mapInput is what the pane map draws.
type mapInput struct {
	win      *tmux.Window
	swap     bool // swap mode: the focused pane's border changes
	marked   tmux.PaneID
	drop     tmux.PaneID // the pane under a drag
	home     string
	hostname string
	// Live previews: the shots to draw (nil: metadata boxes), and how
	// their colours degrade on this terminal.
	shots   map[tmux.PaneID]*paneShot
	profile colorprofile.Profile
	// boxes keeps drawn boxes: a frame redraws only the boxes that
	// changed (a focus move changes two).
	boxes *boxCache
}

// key identifies everything the map is drawn from, so an unchanged map is
// not drawn again (most keys and every quiet poll change nothing on it).
func (in mapInput) key(width, height int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d|%t|%s|%s|%s|%s|%t|%d", width, height, in.swap, in.marked, in.drop, in.home, in.hostname, in.shots != nil, in.profile)
	if w := in.win; w != nil {
		fmt.Fprintf(&b, "|%s|%t", w.ID, w.Zoomed)
		for _, p := range w.Panes {
			fmt.Fprintf(&b, "|%s,%d,%t,%t,%d,%d,%d,%d,%q,%q,%q", p.ID, p.Index, p.Active, p.Dead,
				p.Left, p.Top, p.Width, p.Height, p.Command, p.Path, p.Title)
			if shot := in.shots[p.ID]; shot != nil {
				fmt.Fprintf(&b, ",v%d", shot.version)
			}
		}
	}
	return b.String()
}

// mapView is the proportional pane map: one layer per pane, at its
// scaled position, with the pane id as the layer id for hit-testing.
type mapView struct {
	width, height int
	out           string
	boxes         []placedBox
}

// newMapView lays out and draws in.win on a width x height area.
func newMapView(st Styles, in mapInput, width, height int) mapView {
	v := mapView{width: max(width, 0), height: max(height, 0)}
	if v.width == 0 || v.height == 0 || in.win == nil {
		return v
	}
	// Full boxes where they fit; else compact ones with only a top and a
	// left border (neighbours share them, as tmux draws its own borders).
	compact := false
	rects, ok := geometry.Scale(in.win, v.width, v.height, func(p tmux.Pane) int {
		return len(strconv.Itoa(p.Index)) + 2
	}, 3)
	if !ok {
		compact = true
		rects, ok = geometry.Scale(in.win, v.width, v.height, func(p tmux.Pane) int {
			return len(strconv.Itoa(p.Index)) + 1
		}, 2)
	}
	if !ok {
		msg := st.Message.Width(v.width).Align(lipgloss.Center).
			Render("too small for this window's " + strconv.Itoa(len(in.win.Panes)) + " panes")
		v.out = fitBlock(lipgloss.Place(v.width, v.height, lipgloss.Center, lipgloss.Center, msg), v.width, v.height)
		return v
	}
	v.boxes = make([]placedBox, 0, len(in.win.Panes))
	for _, p := range in.win.Panes {
		r := rects[p.ID]
		box := in.boxes.get(in, p, r.Width, r.Height, compact, func() string { return paneBox(st, in, p, r.Width, r.Height, compact) })
		v.boxes = append(v.boxes, placedBox{id: p.ID, r: r, lines: strings.Split(box, "\n")})
	}
	v.out = stitch(v.boxes, v.width, v.height)
	return v
}

// placedBox is a drawn pane box at its place on the map.
type placedBox struct {
	id    tmux.PaneID
	r     tmux.Rect
	lines []string // r.H lines, each r.W cells wide
}

// stitch lays the boxes out on a width x height map, row by row: boxes
// never overlap (geometry.Scale tiles them), so each row is the boxes'
// lines that cross it, left to right, with blanks between. It is much
// cheaper than drawing every cell on a screen and rendering it again,
// which matters when live previews redraw the map several times a second.
func stitch(boxes []placedBox, width, height int) string {
	byX := append([]placedBox(nil), boxes...)
	sort.Slice(byX, func(i, j int) bool { return byX[i].r.Left < byX[j].r.Left })
	var b strings.Builder
	for y := range height {
		if y > 0 {
			b.WriteByte('\n')
		}
		x := 0
		for _, bx := range byX {
			if y < bx.r.Top || y >= bx.r.Top+bx.r.Height || bx.r.Left < x || bx.r.Left+bx.r.Width > width {
				continue
			}
			b.WriteString(strings.Repeat(" ", bx.r.Left-x))
			line := ""
			if i := y - bx.r.Top; i < len(bx.lines) {
				line = bx.lines[i]
			}
			if lw := ansi.StringWidth(line); lw != bx.r.Width {
				line = fitLine(line, bx.r.Width)
			}
			b.WriteString(line)
			x = bx.r.Left + bx.r.Width
		}
		b.WriteString(strings.Repeat(" ", width-x))
	}
	return b.String()
}

// fitLine cuts or pads one line to exactly width cells.
func fitLine(l string, width int) string {
	w := ansi.StringWidth(l)
	if w > width {
		l = ansi.Truncate(l, width, "")
		w = ansi.StringWidth(l)
	}
	if w < width {
		l += strings.Repeat(" ", width-w)
	}
	return l
}

// View is the map, exactly width x height cells.
func (v mapView) View() string {
	if v.out == "" {
		return fitBlock("", v.width, v.height)
	}
	return v.out
}

// PaneAt is the pane drawn at (x, y) of the map.
func (v mapView) PaneAt(x, y int) (tmux.PaneID, bool) {
	if x < 0 || y < 0 || x >= v.width || y >= v.height {
		return "", false
	}
	for _, b := range v.boxes {
		if x >= b.r.Left && x < b.r.Left+b.r.Width && y >= b.r.Top && y < b.r.Top+b.r.Height {
			return b.id, true
		}
	}
	return "", false
}

// paneBox draws one pane: its label (tmux's pane index) on the first
// line, then id, command, path and title as far as they fit. A compact
// box has only its top and left border.
func paneBox(st Styles, in mapInput, p tmux.Pane, w, h int, compact bool) string {
	box := st.Pane
	label := st.Label
	switch {
	case p.Active && in.swap:
		box, label = st.FocusedSwap, st.LabelFocus
	case p.Active:
		box, label = st.Focused, st.LabelFocus
	case p.ID == in.drop && in.drop != "":
		box = st.DropTarget
	case p.ID == in.marked:
		box = st.Marked
	case in.win.Zoomed:
		box = st.Hidden // the zoomed pane covers it in tmux
	}
	iw, ih := w-2, h-2
	if compact {
		box = box.BorderRight(false).BorderBottom(false)
		iw, ih = w-1, h-1
	}
	text := strconv.Itoa(p.Index)
	if iw >= len(text)+2 {
		text = " " + text + " "
	}
	first := label.Render(text)
	var flags []string
	if p.ID == in.marked {
		flags = append(flags, "marked")
	}
	if p.Active && in.win.Zoomed {
		flags = append(flags, "zoomed")
	}
	if p.Dead {
		flags = append(flags, "dead")
	}
	rest := " " + st.PaneID.Render(string(p.ID))
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
	if shot := in.shots[p.ID]; shot != nil && iw >= minPreviewWidth && ih >= minPreviewHeight {
		// The header line carries the command; the pane's screen fills
		// the rest.
		if p.Command != "" {
			lines[0] = first + ansi.Truncate(rest+" "+st.Command.Render(printable(p.Command)), max(iw-lipgloss.Width(first), 0), "…")
		}
		lines = append(lines, previewLines(shot, iw, ih-1, in.profile, in.win.Zoomed && !p.Active)...)
		return frameBox(box, lines, w, h, compact)
	}
	if p.Command != "" {
		lines = append(lines, indent+st.Command.Render(printable(p.Command)))
	}
	if p.Path != "" {
		lines = append(lines, indent+st.Path.Render(printable(shortenPath(p.Path, in.home, iw-len(indent)))))
	}
	if !isDefaultTitle(p.Title, in.hostname) {
		lines = append(lines, indent+st.Title.Render(printable(p.Title)))
	}
	if len(lines) > ih {
		lines = lines[:ih]
	}
	for i := 1; i < len(lines); i++ {
		lines[i] = ansi.Truncate(lines[i], iw, "…")
	}
	return box.Width(w).Height(h).MaxWidth(w).MaxHeight(h).Render(strings.Join(lines, "\n"))
}

// fitBlock makes s exactly width x height cells: lines cut or padded,
// rows cut or added.
func fitBlock(s string, width, height int) string {
	if width <= 0 || height <= 0 {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > height {
		lines = lines[:height]
	}
	for len(lines) < height {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = fitLine(l, width) // most are drawn at the width already
	}
	return strings.Join(lines, "\n")
}

// The smallest box inside that shows a preview: a header line and two
// lines of screen, eight columns wide. Smaller boxes show their label and
// what else fits, as without previews.
const (
	minPreviewWidth  = 8
	minPreviewHeight = 3
)

// previewLines is the part of a pane's screen that fits w x h: the
// region around its cursor, as tmux's own previews (choose-tree) take it.
// dim draws a pane that the zoomed pane hides.
func previewLines(shot *paneShot, w, h int, p colorprofile.Profile, dim bool) []string {
	scr := shot.scr
	cx, cy := shot.raw.CursorX, shot.raw.CursorY
	if !shot.raw.CursorVisible {
		cx, cy = 0, 0
	}
	x, y := screen.Region(scr.Width, scr.Height, cx, cy, w, h)
	return scr.Render(x, y, w, h, p, dim)
}

// boxCache holds drawn pane boxes by everything a box is drawn from. It
// is a pure cache, shared by the model's copies; it is emptied when it
// grows past a few frames' worth.
type boxCache struct {
	m map[string]string
}

const maxCachedBoxes = 512

// get returns the box for these inputs, drawing it with draw when it is
// not cached. A nil cache draws every time.
func (c *boxCache) get(in mapInput, p tmux.Pane, w, h int, compact bool, draw func() string) string {
	if c == nil {
		return draw()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d|%t|%t|%s|%s|%s|%s|%t|%d|%+v", w, h, compact, in.swap, in.marked, in.drop, in.home, in.hostname,
		in.win.Zoomed, in.profile, p)
	if shot := in.shots[p.ID]; shot != nil {
		fmt.Fprintf(&b, "|v%d", shot.version)
	}
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
func frameBox(box lipgloss.Style, lines []string, w, h int, compact bool) string {
	b := box.GetBorderStyle()
	edge := lipgloss.NewStyle().Foreground(box.GetBorderTopForeground()).Faint(box.GetFaint())
	iw, ih := w-2, h-2
	if compact {
		iw, ih = w-1, h-1
	}
	left := edge.Render(b.Left)
	right := ""
	if !compact {
		right = edge.Render(b.Right)
	}
	out := make([]string, 0, h)
	if compact {
		out = append(out, edge.Render(b.TopLeft+strings.Repeat(b.Top, iw)))
	} else {
		out = append(out, edge.Render(b.TopLeft+strings.Repeat(b.Top, iw)+b.TopRight))
	}
	for i := range ih {
		line := ""
		if i < len(lines) {
			line = lines[i]
		}
		out = append(out, left+fitLine(line, iw)+right)
	}
	if !compact {
		out = append(out, edge.Render(b.BottomLeft+strings.Repeat(b.Bottom, iw)+b.BottomRight))
	}
	return strings.Join(out, "\n")
}
