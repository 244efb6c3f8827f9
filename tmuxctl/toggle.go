package tmuxctl

import (
	"context"

	"github.com/panemap/panemap/tmux"
)

// ToggleZoom zooms pane p (making it active), or unzooms its window when
// it is zoomed.
func (c *Client) ToggleZoom(ctx context.Context, p tmux.PaneID) error {
	return c.onPane(ctx, p, "resize-pane", "-Z")
}

// ToggleMark marks pane p as the server's marked pane, or clears the mark
// when p is the marked pane. tmux ignores marking a pane hidden by zoom.
func (c *Client) ToggleMark(ctx context.Context, p tmux.PaneID) error {
	return c.onPane(ctx, p, "select-pane", "-m")
}

// onPane runs one tmux command with -t p after validating p.
func (c *Client) onPane(ctx context.Context, p tmux.PaneID, cmd ...string) error {
	if _, err := tmux.ParsePaneID(string(p)); err != nil {
		return err
	}
	if _, err := c.run(ctx, append(cmd, "-t", string(p))); err != nil {
		return c.nameGone(err, string(p))
	}
	return nil
}
