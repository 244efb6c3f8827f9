package tmuxctl

import (
	"context"
	"crypto/rand"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/restoring"
)

// Act makes one change to session s between two reads of it, and answers
// with the state just before and just after. All of it is one command
// list (one tmux process, or one control-mode round trip), in which tmux
// decides what depends on its state at that moment (which pane is active,
// which is at an edge, whether a window has a last pane).
//
// When the change fails, before may still be set and after is nil.
func (c *Client) Act(ctx context.Context, s tmux.SessionID, op Op) (before, after *tmux.State, err error) {
	if _, err := tmux.ParseSessionID(string(s)); err != nil {
		return nil, nil, err
	}
	if err := op.check(); err != nil {
		return nil, nil, err
	}
	if op.Kind == OpJump && op.Client == "" {
		if op.Client, err = c.ClientOf(ctx, s); err != nil {
			return nil, nil, err
		}
	}
	if op.Kind == OpRestore && restoring.Moved(op.From, op.Want) {
		return c.restoreInSteps(ctx, s, op.Want, op.Names)
	}
	nonce := rand.Text()
	var cmds [][]string
	cmds = append(cmds, readStateCmds(s)...)
	cmds = append(cmds, answerMarker(nonce+"F"), foreignCmd(s), answerMarker(nonce+"O"))
	cmds = append(cmds, op.script(s)...)
	cmds = append(cmds, answerMarker(nonce+"A"))
	cmds = append(cmds, readStateCmds(s)...)
	cmds = append(cmds, answerMarker(nonce+"G"), foreignCmd(s))
	out, err := c.script(ctx, cmds...)
	parts := splitMarkers(out, nonce, "F", "O", "A", "G")
	before, readErr := stateFromParts(s, parts[0], parts[1])
	switch {
	case readErr != nil && err != nil: // the session itself is gone, or tmux
		return nil, nil, c.nameGone(err, string(s))
	case readErr != nil:
		return nil, nil, readErr
	case err != nil: // the change failed
		return before, nil, c.nameGone(err, op.from())
	case op.Kind == OpRestore && restoring.Positions(before) != restoring.Positions(op.From):
		// The panes moved since the caller's read: the guarded swaps
		// did not run. Restore reads and works it out again.
		if _, err := c.restoreAll(ctx, op.Want, op.Names); err != nil {
			return before, nil, err
		}
		after, err = c.ReadState(ctx, s)
		return before, after, err
	}
	after, err = stateFromParts(s, parts[3], parts[4])
	return before, after, err
}

// restoreInSteps is a restore that moves panes between windows: reads
// between its steps (see restoreAll). after.Recreated names the windows
// it had to recreate.
func (c *Client) restoreInSteps(ctx context.Context, s tmux.SessionID, want *tmux.State, names map[string]bool) (*tmux.State, *tmux.State, error) {
	before, err := c.ReadState(ctx, s)
	if err != nil {
		return nil, nil, err
	}
	recreated, err := c.restoreAll(ctx, want, names)
	if err != nil {
		return before, nil, err
	}
	after, err := c.ReadState(ctx, s)
	if after != nil {
		after.Recreated = recreated
	}
	return before, after, err
}

// foreignCmd reads the marked pane's window and panes, when there is a
// marked pane (it may lie outside the session).
func foreignCmd(s tmux.SessionID) []string {
	return ifShell(string(s), "#{pane_marked_set}", [][]string{
		{"display-message", "-p", "-t", "{marked}", windowFormat},
		{"list-panes", "-t", "{marked}", "-F", paneFormat},
	}, nil)
}

// splitMarkers cuts out at the markers nonce+k, in order: one part before
// each marker and the rest after the last; a missing marker leaves its
// part and those after it empty.
func splitMarkers(out, nonce string, keys ...string) []string {
	parts := make([]string, 0, len(keys)+1)
	for _, k := range keys {
		before, after, ok := strings.Cut(out, "=panemap-"+nonce+k+"\n")
		if !ok {
			before, after = out, ""
		}
		parts = append(parts, before)
		out = after
	}
	return append(parts, out)
}

// stateFromParts reads a session read and its foreign-window read.
func stateFromParts(s tmux.SessionID, main, foreign string) (*tmux.State, error) {
	st, markedWin, err := parseState(s, main)
	if err != nil {
		return nil, err
	}
	if markedWin != "" {
		if l, err := parseListing(foreign); err == nil {
			for _, w := range l.windows {
				if w.ID == markedWin {
					st.Foreign = w
				}
			}
		}
	}
	return st, nil
}
