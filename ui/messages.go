package ui

import (
	"time"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/previews"
)

// stateMsg answers refresh: the session as tmux has it now.
type stateMsg struct {
	seq   int
	state *tmux.State
	err   error
	// preview is the captures read with the state
	// (previews.Model.ReadWithState).
	preview *previews.CapturedMsg
}

// opDoneMsg answers an operation: the state before and after it (both
// read by the operation itself, so the after is what tmux really did).
type opDoneMsg struct {
	seq     int
	before  *tmux.State
	after   *tmux.State
	fromWin tmux.WindowID // the window shown when the op started
	toWin   tmux.WindowID // the window to show afterwards, if it changes
	follow  tmux.PaneID   // show the window this pane is in afterwards (it moved)
	note    string        // a nudge: nothing done, and why
	noop    bool          // nothing was asked of tmux
	record  bool          // push before onto the undo stack if it changed
	err     error         // the operation's failure
	readErr error         // a failure to read the state around it
}

// quitMsg ends the program with an exit code, after the closing work.
type quitMsg struct {
	code int
	err  error
}

// pollMsg is the poll timer's tick.
type pollMsg time.Time

// labelTimeoutMsg commits a pending label prefix ("1" of "12") when no
// second digit follows in time.
type labelTimeoutMsg struct{ gen int }

// inputClosedMsg says the input ended (EOF): stdin was /dev/null or a
// closed pipe, or the terminal hung up. No key can come any more, so the
// navigator closes as q does, keeping everything: the changes made so
// far stay and nothing is reverted. EOF is no Esc: a terminal that went
// away did not ask to undo anything, and reverting would undo the
// person's work on an accident. It waits its turn behind input already
// queued, and on the "press any key" screen it is that key.
//
// Bubble Tea reads ahead: keys read together with the EOF may not yet be
// delivered when this arrives, and are then dropped with the rest.
type inputClosedMsg struct{}

// shownMsg follows a first frame drawn from Options.Initial: what a read
// would have started (the previews' captures) starts now.
type shownMsg struct{}
