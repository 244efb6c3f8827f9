package tmuxctl

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/capture"
)

// CapturePanes captures every listed pane as the user sees it, in one
// round trip where the panes fit in one command list (see
// capture.Panes).
func (c *Client) CapturePanes(ctx context.Context, panes []tmux.PaneID) ([]tmux.PaneScreen, error) {
	return capture.Panes(ctx, c.readScript, panes)
}

// readScript runs a read-only script (see script.go): one whose answer
// was lost with its connection may be run again, since it changes
// nothing.
func (c *Client) readScript(ctx context.Context, cmds [][]string) (string, error) {
	return c.t.RunScript(ctx, true, cmds...)
}

// CaptureHistory and CaptureSince: see capture.History and capture.Since.
func (c *Client) CaptureHistory(ctx context.Context, panes []tmux.PaneID, back int) ([]capture.Lines, error) {
	return capture.History(ctx, c.readScript, panes, back)
}

func (c *Client) CaptureSince(ctx context.Context, pane tmux.PaneID, first int) (capture.Lines, bool, error) {
	return capture.Since(ctx, c.readScript, pane, first)
}
