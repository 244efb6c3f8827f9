package geometry

import (
	"strings"

	"github.com/panemap/panemap/tmux"
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
// cross the cell is a '+'. Floating panes' boxes are drawn over the
// others' (see drawFloating), and a label goes on the first row of its
// box that none drawn after it covers (see labelRows); hidden lists the
// labels they cover on every row.
func drawBoxes(w *tmux.Window, rects map[tmux.PaneID]tmux.Rect, cols, rows int, labels map[tmux.PaneID]string) (out, hidden []string) {
	lines := make([][]byte, rows)
	links := make([][]int, rows)
	for y := range rows {
		lines[y] = []byte(strings.Repeat(" ", cols))
		links[y] = make([]int, cols)
	}
	for _, p := range w.Panes {
		if p.Floating {
			continue
		}
		r := rects[p.ID]
		for x := r.Left; x <= r.Left+r.Width; x++ {
			for _, y := range []int{r.Top, r.Top + r.Height} {
				if x > r.Left {
					links[y][x] |= lineLeft
				}
				if x < r.Left+r.Width {
					links[y][x] |= lineRight
				}
			}
		}
		for y := r.Top; y <= r.Top+r.Height; y++ {
			for _, x := range []int{r.Left, r.Left + r.Width} {
				if y > r.Top {
					links[y][x] |= lineUp
				}
				if y < r.Top+r.Height {
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
	at := labelRows(w, rects, labels)
	for _, p := range w.Panes {
		switch row, ok := at[p.ID]; {
		case !ok:
			hidden = append(hidden, labels[p.ID])
		case !p.Floating:
			copy(lines[row][rects[p.ID].Left+1:], labels[p.ID])
		}
	}
	drawFloating(lines, w, rects, labels, at)
	out = make([]string, rows)
	for y, l := range lines {
		out[y] = strings.TrimRight(string(l), " ")
	}
	return out, hidden
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
