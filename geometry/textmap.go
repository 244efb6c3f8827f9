package geometry

import (
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// DefaultTextMapCols is the width TextMap uses when asked for none.
const DefaultTextMapCols = 80

// TextMap draws one window as a plain-ASCII map for a reader that sees
// only text (a language model over MCP). The map is made with [Scale], so
// its proportions along each axis are tmux's; rows are scaled by half the
// factor of columns, which keeps the map small (a window of 200x50 cells
// takes about 10 rows) without changing what is beside or above what. Each pane is a box of '+', '-' and '|'; boxes share borders
// as tmux's do. The label at the top left inside a box names its pane, '*'
// before it marks the window's active pane. A label never comes after
// (right of, below) the label of a pane that tmux shows before it: a pane
// entirely left of another in tmux has its label at or left of the
// other's, and strictly left when their boxes, borders included, do not
// overlap (boxes that share a border do not overlap); likewise for above. Labels are, in order of
// preference, the same for every pane of the map:
//
//   - the pane id ("%12", "*%12"), where every box is wide enough for it;
//   - the id's number ("12"), said so in a note below the map;
//   - a letter ("a".."z", "A".."Z", then two letters), with a legend
//     below the map giving each letter's pane id ("a=%12").
//
// When even letters do not fit side by side in maxCols columns, the
// window is described as a list of panes with their tmux geometry
// instead. No pane is ever left out.
//
// Floating panes (tmux 3.7+) are boxes of '#' drawn over the tiled ones
// at their scaled place, topmost last, with '^' before their labels (and
// after the '*' of the active pane). A tiled pane whose label a floating
// box would cover has it on the first row of its box that no floating box
// covers, and the label order above holds for the tiled panes that keep
// theirs on the first row; a tiled pane covered on every row is named in
// a note below the map.
//
// The first line describes the window; a zoomed window says so on the
// next, and the map shows the layout under the zoom. Every line is at
// most maxCols wide (DefaultTextMapCols when maxCols <= 0) and has no
// trailing spaces; the text has no final newline. The output depends only
// on the window, so it is the same for the same window.
func TextMap(w *tmux.Window, maxCols int) string {
	if maxCols <= 0 {
		maxCols = DefaultTextMapCols
	}
	if w == nil || len(w.Panes) == 0 {
		return strings.Join(wrapWords("no panes", maxCols), "\n")
	}
	var lines []string
	lines = append(lines, wrapWords(windowHeader(w), maxCols)...)
	if w.Zoomed {
		lines = append(lines, wrapWords("zoomed: the * pane fills the window; the map shows all panes unzoomed", maxCols)...)
	}
	for _, style := range []labelStyle{paneIDLabels, numberLabels, letterLabels} {
		labels := paneLabels(w, style)
		rects, cols, rows, ok := fitMap(w, maxCols, labels)
		if !ok {
			continue
		}
		drawn, hidden := drawBoxes(w, rects, cols, rows, labels)
		lines = append(lines, drawn...)
		if len(hidden) > 0 {
			lines = append(lines, wrapWords("under floating panes: "+strings.Join(hidden, " "), maxCols)...)
		}
		return strings.Join(append(lines, labelNotes(w, style, maxCols)...), "\n")
	}
	return strings.Join(append(lines, paneList(w, maxCols)...), "\n")
}

// windowHeader is the map's first line: which window, how big, how many panes.
func windowHeader(w *tmux.Window) string {
	name := "window"
	if w.ID != "" {
		name += " " + string(w.ID)
	}
	_, floating := splitFloating(w.Panes)
	if len(floating) == 0 {
		return fmt.Sprintf("%s %dx%d, %d panes; * marks the active pane", name, w.Width, w.Height, len(w.Panes))
	}
	return fmt.Sprintf("%s %dx%d, %d panes, %d floating; * marks the active pane, ^ a floating pane: a box of # drawn over the tiled panes, the topmost last", name, w.Width, w.Height, len(w.Panes), len(floating))
}

// fitMap scales w onto a map at most maxCols wide on which every box
// holds its label. The map is as wide as the window (one cell for one)
// when that fits in maxCols, else maxCols; if the labels do not fit that
// narrow, it tries maxCols. Its height is half what the window's aspect
// ratio would give, grown where a pane would otherwise have no row for
// its label, or where floating boxes would cover a tiled pane's label on
// every row of its box.
func fitMap(w *tmux.Window, maxCols int, labels map[tmux.PaneID]string) (rects map[tmux.PaneID]tmux.Rect, cols, rows int, ok bool) {
	minW := func(p tmux.Pane) int { return len(labels[p.ID]) + 1 } // + one border
	const minH = 2                                                 // one border, one row for the label
	totalX, totalY := windowExtent(w)
	for _, availX := range []int{min(maxCols-1, totalX), maxCols - 1} {
		if availX < 1 {
			continue
		}
		// Half the rows the same scale would give: a reader of text
		// needs where the boxes are, not their shape, and every row
		// costs a model as much as a line of prose.
		aspectY := max(1, (availX*totalY+totalX)/(totalX*2))
		tallest := max(aspectY, totalY)
		if _, fits := Scale(w, availX, tallest, minW, minH); !fits {
			continue // too narrow: no height helps
		}
		// The shortest map that fits, unless floating boxes cover a
		// tiled pane's label on it and a taller one shows them all.
		var first map[tmux.PaneID]tmux.Rect
		firstY := 0
		for availY := aspectY; availY <= tallest; availY++ {
			rects, ok := Scale(w, availX, availY, minW, minH)
			if !ok {
				continue
			}
			if len(labelRows(w, rects, labels)) == len(w.Panes) {
				return rects, availX + 1, availY + 1, true
			}
			if first == nil {
				first, firstY = rects, availY
			}
		}
		return first, availX + 1, firstY + 1, true
	}
	return nil, 0, 0, false
}

// windowExtent is the window's size in edge coordinates (its cells plus
// the border after the last), or more if a tiled pane reaches beyond it.
func windowExtent(w *tmux.Window) (x, y int) {
	x, y = w.Width+1, w.Height+1
	tiled, _ := splitFloating(w.Panes)
	for _, p := range tiled {
		x, y = max(x, p.Left+p.Width+1), max(y, p.Top+p.Height+1)
	}
	return x, y
}
