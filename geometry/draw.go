package geometry

import (
	"strings"

	"github.com/panemap/panemap/tmuxctl"
)

// Which neighbours a border cell connects to.
const (
	lineUp = 1 << iota
	lineDown
	lineLeft
	lineRight
)

// drawBoxes draws each pane's rect as an ASCII box on a cols x rows map,
// with its label at the top left inside. Rects share their border lines (a rect
// spans [X, X+W] columns, borders included), and where lines meet or
// cross the cell is a '+'.
func drawBoxes(w *tmuxctl.Window, rects map[tmuxctl.PaneID]Rect, cols, rows int, labels map[tmuxctl.PaneID]string) []string {
	lines := make([][]byte, rows)
	links := make([][]int, rows)
	for y := range rows {
		lines[y] = []byte(strings.Repeat(" ", cols))
		links[y] = make([]int, cols)
	}
	for _, p := range w.Panes {
		r := rects[p.ID]
		for x := r.X; x <= r.X+r.W; x++ {
			for _, y := range []int{r.Y, r.Y + r.H} {
				if x > r.X {
					links[y][x] |= lineLeft
				}
				if x < r.X+r.W {
					links[y][x] |= lineRight
				}
			}
		}
		for y := r.Y; y <= r.Y+r.H; y++ {
			for _, x := range []int{r.X, r.X + r.W} {
				if y > r.Y {
					links[y][x] |= lineUp
				}
				if y < r.Y+r.H {
					links[y][x] |= lineDown
				}
			}
		}
	}
	for y, row := range links {
		for x, l := range row {
			lines[y][x] = borderChar(l)
		}
	}
	for _, p := range w.Panes {
		r, label := rects[p.ID], labels[p.ID]
		copy(lines[r.Y+1][r.X+1:], label)
	}
	out := make([]string, rows)
	for y, l := range lines {
		out[y] = strings.TrimRight(string(l), " ")
	}
	return out
}

// borderChar is the character for a cell with these line links.
func borderChar(links int) byte {
	across := links&(lineLeft|lineRight) != 0
	down := links&(lineUp|lineDown) != 0
	switch {
	case across && down:
		return '+'
	case across:
		return '-'
	case down:
		return '|'
	}
	return ' '
}
