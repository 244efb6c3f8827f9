package tmux

import (
	"fmt"
	"strings"
)

// Direction is where a move goes from a pane: tmux's four directions, its last pane, and the
// next or previous pane in index order.
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
