// Package mapview draws a tmux window's panes as a map of boxes, to
// scale, each with its label, id and command, and a preview of its
// screen where there is room (a Shot). The navigator shows one; the map
// is a pure function of its Input, and a cache of drawn boxes
// (BoxCache) makes a frame redraw only the boxes that changed.
package mapview

import (
	"fmt"
	"sort"
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
	Win      *tmux.Window
	Swap     bool // swap mode: the focused pane's border changes
	Marked   tmux.PaneID
	Drop     tmux.PaneID // the pane under a drag
	Home     string
	Hostname string
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
	fmt.Fprintf(&b, "%dx%d|%t|%s|%s|%s|%s|%t|%d", width, height, in.Swap, in.Marked, in.Drop, in.Home, in.Hostname, in.Shots != nil, in.Profile)
	if w := in.Win; w != nil {
		fmt.Fprintf(&b, "|%s|%t", w.ID, w.Zoomed)
		for _, p := range w.Panes {
			fmt.Fprintf(&b, "|%s,%d,%t,%t,%d,%q,%d,%d,%d,%d,%q,%q,%q", p.ID, p.Index, p.Active, p.Dead, p.DeadStatus, p.Mode,
				p.Left, p.Top, p.Width, p.Height, p.Command, p.Path, p.Title)
			if shot := in.Shots[p.ID]; shot != nil {
				fmt.Fprintf(&b, ",v%d", shot.Version)
			}
			if l, ok := in.Labels[p.ID]; ok {
				fmt.Fprintf(&b, ",l%q", l)
			}
			if in.Found[p.ID] {
				b.WriteString(",found")
			}
		}
	}
	return b.String()
}

// Map is the proportional pane map: one layer per pane, at its
// scaled position, with the pane id as the layer id for hit-testing.
type Map struct {
	width, height int
	out           string
	boxes         []placedBox
}

// New lays out and draws in.Win on a width x height area.
func New(st Styles, in Input, width, height int) Map {
	v := Map{width: max(width, 0), height: max(height, 0)}
	if v.width == 0 || v.height == 0 || in.Win == nil {
		return v
	}
	// Full boxes where they fit; else compact ones with only a top and a
	// left border (neighbours share them, as tmux draws its own borders).
	compact := false
	rects, ok := geometry.Scale(in.Win, v.width, v.height, func(p tmux.Pane) int {
		return len(in.label(p)) + 2
	}, 3)
	if !ok {
		compact = true
		rects, ok = geometry.Scale(in.Win, v.width, v.height, func(p tmux.Pane) int {
			return len(in.label(p)) + 1
		}, 2)
	}
	if !ok {
		msg := st.Message.Width(v.width).Align(lipgloss.Center).
			Render("too small for this window's " + strconv.Itoa(len(in.Win.Panes)) + " panes")
		v.out = cells.FitBlock(lipgloss.Place(v.width, v.height, lipgloss.Center, lipgloss.Center, msg), v.width, v.height)
		return v
	}
	v.boxes = make([]placedBox, 0, len(in.Win.Panes))
	for _, p := range in.Win.Panes {
		r := rects[p.ID]
		box := in.Boxes.get(in, p, r.Width, r.Height, compact, func() string { return paneBox(st, in, p, r.Width, r.Height, compact) })
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
				line = cells.FitLine(line, bx.r.Width)
			}
			b.WriteString(line)
			x = bx.r.Left + bx.r.Width
		}
		b.WriteString(strings.Repeat(" ", width-x))
	}
	return b.String()
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
	for _, b := range v.boxes {
		if x >= b.r.Left && x < b.r.Left+b.r.Width && y >= b.r.Top && y < b.r.Top+b.r.Height {
			return b.id, true
		}
	}
	return "", false
}
