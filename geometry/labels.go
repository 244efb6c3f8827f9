package geometry

import (
	"fmt"
	"sort"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// labelStyle is how TextMap names panes in their boxes.
type labelStyle int

const (
	paneIDLabels labelStyle = iota // "%12"
	numberLabels                   // "12": the id without '%'
	letterLabels                   // "a", with a legend
)

// paneLabels is each pane's label in style, with '*' before the active
// one and floatingMark before a floating one.
func paneLabels(w *tmux.Window, style labelStyle) map[tmux.PaneID]string {
	out := make(map[tmux.PaneID]string, len(w.Panes))
	for i, p := range w.Panes {
		var l string
		switch style {
		case paneIDLabels:
			l = string(p.ID)
		case numberLabels:
			l = strings.TrimPrefix(string(p.ID), "%")
		default:
			l = letterName(i)
		}
		if p.Floating {
			l = floatingMark + l
		}
		if p.Active {
			l = "*" + l
		}
		out[p.ID] = l
	}
	return out
}

// letterName is the i'th of a, b, ..., z, A, ..., Z, aa, ab, ...
func letterName(i int) string {
	const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	if i < len(letters) {
		return letters[i : i+1]
	}
	return letterName(i/len(letters)-1) + letters[i%len(letters):i%len(letters)+1]
}

// labelNotes are the lines below the map that say what short labels mean.
func labelNotes(w *tmux.Window, style labelStyle, maxCols int) []string {
	switch style {
	case numberLabels:
		return wrapWords("labels are pane ids without the %", maxCols)
	case letterLabels:
		entries := make([]string, len(w.Panes))
		for i, p := range w.Panes {
			entries[i] = letterName(i) + "=" + string(p.ID)
		}
		return wrapWords("legend: "+strings.Join(entries, " "), maxCols)
	}
	return nil
}

// paneList describes the panes without a map, top to bottom and left to
// right, for a window whose panes cannot be drawn side by side in maxCols.
func paneList(w *tmux.Window, maxCols int) []string {
	lines := wrapWords(fmt.Sprintf("too many panes side by side to draw in %d columns; panes (left,top widthxheight):", maxCols), maxCols)
	panes := append([]tmux.Pane(nil), w.Panes...)
	sort.SliceStable(panes, func(i, j int) bool {
		if panes[i].Top != panes[j].Top {
			return panes[i].Top < panes[j].Top
		}
		return panes[i].Left < panes[j].Left
	})
	ids := paneLabels(w, paneIDLabels)
	for _, p := range panes {
		lines = append(lines, wrapWords(fmt.Sprintf("%s %d,%d %dx%d", ids[p.ID], p.Left, p.Top, p.Width, p.Height), maxCols)...)
	}
	return lines
}
