package tmuxctl

import (
	"context"
	"crypto/rand"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/capture"
)

// Capturing what panes show: one command list captures many panes, built
// for the server's version once the client knows it (capture/listed.go:
// one list-panes for the headers and one capture-pane a pane, as tmux's
// message log records every command), or with what each needs worked out
// inside tmux (capture/cmds.go); the answer is split safely however
// hostile the panes' text is (capture/parse.go, capture/listed.go).
// Package panetext reads pane text for the navigator and the MCP tools
// through these.

// CapturePanes captures every listed pane in one command list (one tmux
// process over exec, one round trip over control mode), or, for more
// panes than one command list can carry, one per dozen or so (see
// capture.MaxList). Every id is
// validated before tmux sees any; an invalid one fails the whole call.
// A pane that no longer exists is left out of the answer (that is not an
// error), and so is one that changed size while it was captured (tmux
// 3.2 and 3.3 in copy mode only; capture it again). The answer is in the
// order of panes, without duplicates. It fails only when tmux cannot be
// asked (KindServerGone) or refuses outright.
//
// Text is Height lines, each ending in "\n", exactly as `capture-pane -e
// -p` prints them (SGR kept, trailing spaces cut; see capture/cmds.go for
// what differs between versions). In copy mode and view mode it is the
// part of the history the mode is scrolled to (exact from tmux 3.6), and
// the cursor is the mode's. Other modes (tree-mode, clock-mode…) draw a
// screen of their own that capture-pane cannot read: Text is the pane's
// screen beneath, Mode names the mode and the cursor is hidden.
//
// Pane text is hostile input: it may print escape sequences and lines
// that look like anything, including the markers that split the answer.
// The markers carry a fresh random nonce that no pane can know, and each
// pane's text is taken by its known line count (see capture.Split).
// capture-pane's output is printed raw on every version: tmux 3.4 and
// 3.5a pass display-message and list output through vis(3) (see
// tmuxctl/records/exact.go) but not capture-pane -p, over exec and
// control mode alike, and the headers hold nothing vis(3) would change.
func (c *Client) CapturePanes(ctx context.Context, panes []tmux.PaneID) ([]tmux.PaneScreen, error) {
	_, screens, err := c.capturePanesAfter(ctx, nil, panes)
	return screens, err
}

// readScript runs a read-only script (see script.go): one whose answer
// was lost with its connection may be run again, since it changes
// nothing.
func (c *Client) readScript(ctx context.Context, cmds [][]string) (string, error) {
	return c.send.RunScript(ctx, true, cmds...)
}

// scriptRunner is readScript bound to ctx, as the capture runners take it.
func (c *Client) scriptRunner(ctx context.Context) func([][]string) (string, error) {
	return func(list [][]string) (string, error) { return c.readScript(ctx, list) }
}

// capturePanesAfter is CapturePanes with lead, read-only commands of the caller's, run
// first in the same command list, and their output: one tmux process
// then answers both (the navigator's poll reads the session and its
// panes' screens at once). With lead, the call fails when tmux refuses
// any of it, a pane gone included. Lead's output must not hold the
// capture's markers, which no tmux output can: their nonce is fresh.
func (c *Client) capturePanesAfter(ctx context.Context, lead [][]string, panes []tmux.PaneID) (string, []tmux.PaneScreen, error) {
	want, err := distinctPanes(panes)
	if err != nil {
		return "", nil, err
	}
	if len(want) == 0 {
		if len(lead) == 0 {
			return "", nil, nil
		}
		out, err := c.readScript(ctx, lead)
		return out, nil, err
	}
	if f := c.flavour(ctx); f != capture.Generic {
		leadOut, screens, generic, ok, err := c.captureListed(ctx, lead, want, f)
		if err != nil {
			return "", nil, err
		}
		if ok {
			if len(generic) > 0 {
				_, more, err := c.captureGeneric(ctx, nil, generic)
				if err != nil {
					return "", nil, err
				}
				screens = capture.InOrder(append(screens, more...), want)
			}
			return leadOut, screens, nil
		}
	}
	return c.captureGeneric(ctx, lead, want)
}

// captureGeneric is capturePanesAfter with the lists that work the
// server's version out inside tmux (capture.Cmds).
func (c *Client) captureGeneric(ctx context.Context, lead [][]string, want []tmux.PaneID) (string, []tmux.PaneScreen, error) {
	nonce := rand.Text()
	return capture.RunCmds(want, lead, nonce, c.scriptRunner(ctx),
		func(part []tmux.PaneID) [][]string { return capture.Cmds(part, nonce) },
		func(out string, part []tmux.PaneID) []tmux.PaneScreen { return capture.Split(out, nonce, part) })
}

// distinctPanes is panes without repeats, in order, once each is checked
// to be a canonical pane id (only those reach tmux).
func distinctPanes(panes []tmux.PaneID) ([]tmux.PaneID, error) {
	want := make([]tmux.PaneID, 0, len(panes))
	seen := make(map[tmux.PaneID]bool, len(panes))
	for _, p := range panes {
		if _, err := tmux.ParsePaneID(string(p)); err != nil {
			return nil, err
		}
		if !seen[p] {
			seen[p] = true
			want = append(want, p)
		}
	}
	return want, nil
}
