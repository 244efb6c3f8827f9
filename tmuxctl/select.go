package tmuxctl

import (
	"context"
	"fmt"
	"strings"
)

// Direction is where SelectPane moves relative to the named pane.
type Direction string

const (
	DirNone     Direction = ""
	DirUp       Direction = "up"
	DirDown     Direction = "down"
	DirLeft     Direction = "left"
	DirRight    Direction = "right"
	DirLast     Direction = "last"
	DirNext     Direction = "next"
	DirPrevious Direction = "previous"
)

// Directions lists every direction but DirNone, in the contract's order.
var Directions = []Direction{DirUp, DirDown, DirLeft, DirRight, DirLast, DirNext, DirPrevious}

// ParseDirection validates a direction name; "" means DirNone.
func ParseDirection(s string) (Direction, error) {
	if s == "" {
		return DirNone, nil
	}
	for _, d := range Directions {
		if string(d) == s {
			return d, nil
		}
	}
	names := make([]string, len(Directions))
	for i, d := range Directions {
		names[i] = string(d)
	}
	return "", &Error{Kind: KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid direction %s: want one of %s", Quote(s), strings.Join(names, ", "))}
}

var tmuxDirFlag = map[Direction]string{DirUp: "-U", DirDown: "-D", DirLeft: "-L", DirRight: "-R", DirLast: "-l"}

// SelectPane makes p its window's active pane, or moves from p in a
// direction. up/down/left/right/last are tmux's own moves (its wrap-around
// and most-recently-used tie-break); next/previous step through the
// window's panes in index order from p, wrapping. A zoomed window stays
// zoomed. The answer is the pane tmux actually landed on.
func (c *Client) SelectPane(ctx context.Context, p PaneID, d Direction) (Pane, error) {
	if _, err := ParsePaneID(string(p)); err != nil {
		return Pane{}, err
	}
	sel := []string{"select-pane", "-Z", "-t", string(p)}
	switch d {
	case DirNone:
	case DirUp, DirDown, DirLeft, DirRight, DirLast:
		sel = append(sel, tmuxDirFlag[d])
	case DirNext, DirPrevious:
		w, err := c.WindowOf(ctx, p)
		if err != nil {
			return Pane{}, err
		}
		sel[3] = string(stepPane(w, p, d))
	default:
		if _, err := ParseDirection(string(d)); err != nil {
			return Pane{}, err
		}
	}
	// Select and re-read in one command list: the answer is what tmux did.
	w, err := c.readWindow(ctx, string(p), sel)
	if err != nil {
		if KindOf(err) == KindRefused && d == DirLast {
			return Pane{}, &Error{Kind: KindRefused, Value: string(p), Message: fmt.Sprintf("no last pane in the window of pane %s", p), Err: err}
		}
		return Pane{}, err
	}
	a, ok := w.ActivePane()
	if !ok {
		return Pane{}, goneErr("pane", string(p))
	}
	return a, nil
}

// stepPane is the pane after (or before) p in index order, wrapping.
func stepPane(w *Window, p PaneID, d Direction) PaneID {
	n := len(w.Panes)
	for i, q := range w.Panes {
		if q.ID == p {
			if d == DirNext {
				return w.Panes[(i+1)%n].ID
			}
			return w.Panes[(i-1+n)%n].ID
		}
	}
	return p
}
