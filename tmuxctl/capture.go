package tmuxctl

import (
	"context"
	"crypto/rand"
)

// CapturePanes captures every listed pane in one command list (one tmux
// process over exec, one round trip over control mode), or, for more
// panes than one command list can carry, one per dozen or so (see
// maxCaptureList). Every id is
// validated before tmux sees any; an invalid one fails the whole call.
// A pane that no longer exists is left out of the answer (that is not an
// error), and so is one that changed size while it was captured (tmux
// 3.2 and 3.3 in copy mode only; capture it again). The answer is in the
// order of panes, without duplicates. It fails only when tmux cannot be
// asked (KindServerGone) or refuses outright.
//
// Text is Height lines, each ending in "\n", exactly as `capture-pane -e
// -p` prints them (SGR kept, trailing spaces cut; see capture_cmds.go for
// what differs between versions). In copy mode and view mode it is the
// part of the history the mode is scrolled to (exact from tmux 3.6), and
// the cursor is the mode's. Other modes (tree-mode, clock-mode…) draw a
// screen of their own that capture-pane cannot read: Text is the pane's
// screen beneath, Mode names the mode and the cursor is hidden.
//
// Pane text is hostile input: it may print escape sequences and lines
// that look like anything, including the markers that split the answer.
// The markers carry a fresh random nonce that no pane can know, and each
// pane's text is taken by its known line count (see splitCaptures).
// capture-pane's output is printed raw on every version: tmux 3.4 and
// 3.5a pass display-message and list output through vis(3) (see
// exact.go) but not capture-pane -p, over exec and control mode alike,
// and the headers hold nothing vis(3) would change.
func (c *Client) CapturePanes(ctx context.Context, panes []PaneID) ([]PaneScreen, error) {
	want := make([]PaneID, 0, len(panes))
	seen := make(map[PaneID]bool, len(panes))
	for _, p := range panes {
		if _, err := ParsePaneID(string(p)); err != nil {
			return nil, err
		}
		if !seen[p] {
			seen[p] = true
			want = append(want, p)
		}
	}
	if len(want) == 0 {
		return nil, nil
	}
	nonce := rand.Text()
	var screens []PaneScreen
	for _, part := range captureBatches(want, nonce) {
		out, err := c.readScript(ctx, captureCmds(part, nonce))
		// A pane that went away between its header and its capture
		// (possible only where the capture waits for run-shell -C) fails
		// that inserted command and nothing else: its header without
		// text is left out.
		if err != nil && KindOf(err) != KindGone {
			return nil, err
		}
		screens = append(screens, splitCaptures(out, nonce, part)...)
	}
	return screens, nil
}

// maxCaptureList is the most a capture command list may take: a tmux
// client sends its command line to the server in one message of at most
// 16 kB (MAX_IMSGSIZE), and refuses a longer one ("command too long").
// Each pane takes about 1.2 kB, so a window of up to a dozen panes is
// one command list; a bigger one is several, run one after another.
const maxCaptureList = 14 * 1024

// captureBatches cuts panes into runs whose command lists each fit in
// maxCaptureList.
func captureBatches(panes []PaneID, nonce string) [][]PaneID {
	var batches [][]PaneID
	start, size := 0, 0
	for i, p := range panes {
		line, _ := commandLine(captureCmds([]PaneID{p}, nonce))
		if i > start && size+len(line) > maxCaptureList {
			batches = append(batches, panes[start:i])
			start, size = i, 0
		}
		size += len(line)
	}
	return append(batches, panes[start:])
}

// readScript runs a read-only script (see script.go). Over AutoTransport
// a script lost with its connection is retried over exec, which is safe
// because it changes nothing.
func (c *Client) readScript(ctx context.Context, cmds [][]string) (string, error) {
	if at, ok := c.t.(*AutoTransport); ok {
		return at.runVia(ctx, cmds, true, func(ctl *ControlTransport) (string, error) {
			out, _, err := ctl.runScript(ctx, cmds)
			return out, err
		})
	}
	out, ran, err := c.script(ctx, cmds)
	if !ran {
		return c.run(ctx, cmds...)
	}
	return out, err
}
