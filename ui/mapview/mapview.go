// Package mapview draws a tmux window's panes as a map of boxes, to
// scale, each with its label, id and command, and a preview of its
// screen where there is room (a Shot). The navigator shows one; the map
// is a pure function of its Input, and a cache of drawn boxes
// (BoxCache) makes a frame redraw only the boxes that changed.
package mapview

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/geometry"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/cells"
)

// Input is what the pane map draws.
type Input struct {
	Win  *tmux.Window
	Swap bool // swap mode: the focused pane's border changes
	// Selection draws Selected focused in place of the window's active
	// pane, none when Selected is not the window's: one highlight on a
	// screen of windows (the server view, find). The active pane stays
	// tmux's: the pane a zoom shows, and whose box says "zoomed".
	Selection bool
	Selected  tmux.PaneID
	Drop      tmux.PaneID // the pane under a drag
	Home      string
	Hostname  string
	// Live previews: the shots to draw (nil: metadata boxes), and how
	// their colours degrade on this terminal.
	Shots   map[tmux.PaneID]*Shot
	Profile colorprofile.Profile
	// Boxes keeps drawn boxes: a frame redraws only the boxes that
	// changed (a focus move changes two).
	Boxes *BoxCache
	// Labels replace the pane index as a box's label where set (the
	// server view's hints).
	Labels map[tmux.PaneID]string
	// Found marks the panes find matched.
	Found map[tmux.PaneID]bool
	// Badges say what runs in a pane (a coding agent and its state:
	// package agentbadge), after its label.
	Badges map[tmux.PaneID]Badge
}

// Badge is what a box says about the program in its pane, after its
// label, drawn already: Text where it fits whole, else Short (the state
// without the agent's name, say), cut to fit. A Loud badge's box stands
// out (Styles.Loud): the pane waits for the person.
type Badge struct {
	Text, Short string
	Loud        bool
}

// badgeText is pane p's badge for room cells after the label, with the
// space before it; "" for none.
func (in Input) badgeText(p tmux.PaneID, room int) string {
	b, ok := in.Badges[p]
	switch {
	case !ok || b.Text == "":
		return ""
	case ansi.StringWidth(b.Text) < room || b.Short == "":
		return " " + b.Text
	}
	return " " + b.Short
}

// focused reports whether p's box is drawn focused.
func (in Input) focused(p tmux.Pane) bool {
	if in.Selection {
		return p.ID == in.Selected
	}
	return p.Active
}

// hidden reports whether tmux hides pane p of window w: a zoom hides
// every pane but the zoomed one, its window's active pane, whatever a
// view draws focused. A hidden pane's box and preview are drawn dimmed.
func hidden(w *tmux.Window, p tmux.Pane) bool {
	return w.Zoomed && !p.Active
}

// label is the text a pane's box is labelled with.
func (in Input) label(p tmux.Pane) string {
	if l, ok := in.Labels[p.ID]; ok {
		return l
	}
	return strconv.Itoa(p.Index)
}

// Key identifies everything the map is drawn from, so an unchanged map is
// not drawn again (most keys and every quiet poll change nothing on it).
func (in Input) Key(width, height int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d|%t|%t|%s|%s|%s|%s|%t|%d", width, height, in.Swap, in.Selection, in.Selected, in.Drop, in.Home, in.Hostname, in.Shots != nil, in.Profile)
	if w := in.Win; w != nil {
		fmt.Fprintf(&b, "|%s|%t", w.ID, w.Zoomed)
		for _, p := range w.Panes {
			fmt.Fprintf(&b, "|%s,%d,%t,%t,%t,%d,%q,%t,%d,%d,%d,%d,%d,%q,%q,%q", p.ID, p.Index, p.Active, p.Marked, p.Dead, p.DeadStatus, p.Mode,
				p.Floating, p.Z, p.Left, p.Top, p.Width, p.Height, p.Command, p.Path, p.Title)
			in.writeMarks(&b, p.ID)
		}
	}
	return b.String()
}

// writeMarks writes to a key what else pane p's box is drawn from: its
// shot's version, its label and whether find matched it.
func (in Input) writeMarks(b *strings.Builder, p tmux.PaneID) {
	if shot := in.Shots[p]; shot != nil {
		fmt.Fprintf(b, "|v%d", shot.Version)
	}
	if l, ok := in.Labels[p]; ok {
		fmt.Fprintf(b, "|l%q", l)
	}
	if in.Found[p] {
		b.WriteString("|found")
	}
	if bd, ok := in.Badges[p]; ok {
		fmt.Fprintf(b, "|b%q%q%t", bd.Text, bd.Short, bd.Loud)
	}
}

// Map is the proportional pane map: one layer per pane, at its
// scaled position, with the pane id as the layer id for hit-testing.
type Map struct {
	width, height int
	out           string
	boxes         []placedBox
	needW, needH  int // the size the map needs, when it is too small
}

// minBoxHeight is a box's least height: its borders and the header line.
const minBoxHeight = 3

// TooSmall is what a map of panes panes says in an area of w x h cells,
// too small for it: the size it needs (needW x needH).
func TooSmall(panes, needW, needH, w, h int) string {
	return fmt.Sprintf("%dx%d is too small for this window's %d panes: needs %dx%d", w, h, panes, max(needW, w), max(needH, h))
}

// minBoxWidth is a box's least width: its borders and label.
func (in Input) minBoxWidth(p tmux.Pane) int { return len(in.label(p)) + 2 }

// MinSize is the least area in.Win's map is drawn in (see Map.Need).
func MinSize(in Input) (w, h int) {
	return geometry.MinSize(in.Win, in.minBoxWidth, minBoxHeight)
}

// Say is the map with text, centred and wrapped, in place of its boxes.
func (v Map) Say(st Styles, text string) Map {
	msg := st.Message.Width(v.width).Align(lipgloss.Center).Render(text)
	v.out, v.boxes = cells.FitBlock(lipgloss.Place(v.width, v.height, lipgloss.Center, lipgloss.Center, msg), v.width, v.height), nil
	return v
}

// Need is the size the map needs, when it is too small to draw its
// window in (it says so instead); 0, 0 when it is drawn.
func (v Map) Need() (w, h int) { return v.needW, v.needH }

// New lays out and draws in.Win on a width x height area.
func New(st Styles, in Input, width, height int) Map {
	v := Map{width: max(width, 0), height: max(height, 0)}
	if v.width == 0 || v.height == 0 || in.Win == nil {
		return v
	}
	// Whole boxes or none: below the size they fit in, the map says what
	// it needs (boxes sharing borders, or cut, read as broken ones).
	rects, ok := geometry.Scale(in.Win, v.width, v.height, in.minBoxWidth, minBoxHeight)
	if !ok {
		v.needW, v.needH = MinSize(in)
		return v.Say(st, TooSmall(len(in.Win.Panes), v.needW, v.needH, v.width, v.height))
	}
	// Tiled boxes first, then the floating ones from the bottom of
	// tmux's stack to its top, each drawn over what is under it.
	v.boxes = make([]placedBox, 0, len(in.Win.Panes))
	order := geometry.StackOrder(in.Win)
	for i, p := range order {
		r := rects[p.ID]
		idW := len(p.ID) + ansi.StringWidth(in.badgeText(p.ID, r.Width-4-len(in.label(p))))
		skip := headerSkip(r, len(in.label(p)), idW, ansi.StringWidth(cells.Printable(p.Command)), order[i+1:], rects)
		box := in.Boxes.get(in, p, r.Width, r.Height, skip, func() string { return paneBox(st, in, p, r.Width, r.Height, skip) })
		v.boxes = append(v.boxes, placedBox{id: p.ID, r: r, lines: strings.Split(box, "\n")})
	}
	v.out = stitch(v.boxes, v.width, v.height)
	return v
}

// headerSkip is how many lines a box at r must leave blank at its top so
// that its header shows on a row inside it that no floating box of above
// (drawn over it) covers: the first row where its first line (label and
// id: idW cells after the label's labelW) and the line below it (the
// command, cmdW cells) both show, else the first where the first line
// shows, else the first where the label alone shows (idW counts the
// badge, which goes first); 0 when that row is
// the first, or when every row is covered.
func headerSkip(r tmux.Rect, labelW, idW, cmdW int, above []tmux.Pane, rects map[tmux.PaneID]tmux.Rect) int {
	last := r.Top + r.Height - 2 // the last row inside
	inner := r.Width - 2
	shows := func(y, w int) bool { // w cells from the second inside
		x0, x1 := r.Left+2, r.Left+1+min(1+w, inner)
		for _, f := range above {
			b := rects[f.ID]
			if f.Floating && y >= b.Top && y < b.Top+b.Height && x0 < b.Left+b.Width && x1 > b.Left {
				return false
			}
		}
		return true
	}
	header := labelW + 2 + idW // "0  %0"
	for _, want := range []func(y int) bool{
		func(y int) bool { return y < last && shows(y, header) && shows(y+1, cmdW) },
		func(y int) bool { return shows(y, header) },
		func(y int) bool { return shows(y, labelW) },
	} {
		for y := r.Top + 1; y <= last; y++ {
			if want(y) {
				return y - r.Top - 1
			}
		}
	}
	return 0
}

// placedBox is a drawn pane box at its place on the map.
type placedBox struct {
	id    tmux.PaneID
	r     tmux.Rect
	lines []string // r.H lines, each r.W cells wide
}

// stitch lays the boxes out on a width x height map, row by row, each
// box over those before it: each row is the visible pieces of the boxes'
// lines that cross it, left to right, with blanks between. Tiled boxes
// never overlap (geometry.Scale tiles them), so a row without floating
// boxes is whole box lines side by side. It is much cheaper than drawing
// every cell on a screen and rendering it again, which matters when live
// previews redraw the map several times a second.
func stitch(boxes []placedBox, width, height int) string {
	var b strings.Builder
	owner := make([]int, width) // the box drawn at each column of a row, -1 none
	for y := range height {
		if y > 0 {
			b.WriteByte('\n')
		}
		for x := range owner {
			owner[x] = -1
		}
		for i, bx := range boxes {
			if y < bx.r.Top || y >= bx.r.Top+bx.r.Height {
				continue
			}
			for x := max(bx.r.Left, 0); x < min(bx.r.Left+bx.r.Width, width); x++ {
				owner[x] = i
			}
		}
		for x := 0; x < width; {
			end := x + 1
			for end < width && owner[end] == owner[x] {
				end++
			}
			if owner[x] < 0 {
				b.WriteString(strings.Repeat(" ", end-x))
			} else {
				b.WriteString(boxPiece(boxes[owner[x]], y, x, end))
			}
			x = end
		}
	}
	return b.String()
}

// boxPiece is the part of bx's line on map row y from column from to to
// (exclusive): the whole line where the box shows whole.
func boxPiece(bx placedBox, y, from, to int) string {
	line := ""
	if i := y - bx.r.Top; i < len(bx.lines) {
		line = bx.lines[i]
	}
	if ansi.StringWidth(line) != bx.r.Width {
		line = cells.FitLine(line, bx.r.Width)
	}
	if from == bx.r.Left && to == bx.r.Left+bx.r.Width {
		return line
	}
	piece := ansi.Cut(line, from-bx.r.Left, to-bx.r.Left)
	if ansi.StringWidth(piece) != to-from { // a wide character cut in two
		piece = cells.FitLine(piece, to-from)
	}
	return piece
}

// View is the map, exactly width x height cells.
func (v Map) View() string {
	if v.out == "" {
		return cells.FitBlock("", v.width, v.height)
	}
	return v.out
}

// PaneAt is the pane drawn at (x, y) of the map.
func (v Map) PaneAt(x, y int) (tmux.PaneID, bool) {
	if x < 0 || y < 0 || x >= v.width || y >= v.height {
		return "", false
	}
	for i := len(v.boxes) - 1; i >= 0; i-- { // the topmost first
		b := v.boxes[i]
		if x >= b.r.Left && x < b.r.Left+b.r.Width && y >= b.r.Top && y < b.r.Top+b.r.Height {
			return b.id, true
		}
	}
	return "", false
}
