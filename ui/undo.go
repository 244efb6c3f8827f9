package ui

import (
	"github.com/panemap/panemap/tmux"
)

// undoEntry is the state before one change, and the window shown then.
type undoEntry struct {
	state *tmux.State
	win   tmux.WindowID
}

// undoStack holds the snapshots taken before each change since the
// navigator opened; undo restores and pops them one by one.
type undoStack []undoEntry

func (s undoStack) push(e undoEntry) undoStack {
	return append(s[:len(s):len(s)], e) // never share a backing array between model copies
}

func (s undoStack) pop() (undoEntry, undoStack, bool) {
	if len(s) == 0 {
		return undoEntry{}, s, false
	}
	return s[len(s)-1], s[: len(s)-1 : len(s)-1], true
}
