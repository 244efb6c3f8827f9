package tmuxctl

import "context"

// SelectWindow makes w the current window of session s.
func (c *Client) SelectWindow(ctx context.Context, s SessionID, w WindowID) error {
	if _, err := ParseSessionID(string(s)); err != nil {
		return err
	}
	if _, err := ParseWindowID(string(w)); err != nil {
		return err
	}
	_, err := c.run(ctx, []string{"select-window", "-t", string(s) + ":" + string(w)})
	if err != nil {
		return c.nameGone(err, string(w))
	}
	return nil
}

// ToggleZoom zooms pane p (making it active), or unzooms its window when
// it is zoomed.
func (c *Client) ToggleZoom(ctx context.Context, p PaneID) error {
	return c.onPane(ctx, p, "resize-pane", "-Z")
}

// ToggleMark marks pane p as the server's marked pane, or clears the mark
// when p is the marked pane. tmux ignores marking a pane hidden by zoom.
func (c *Client) ToggleMark(ctx context.Context, p PaneID) error {
	return c.onPane(ctx, p, "select-pane", "-m")
}

// onPane runs one tmux command with -t p after validating p.
func (c *Client) onPane(ctx context.Context, p PaneID, cmd ...string) error {
	if _, err := ParsePaneID(string(p)); err != nil {
		return err
	}
	if _, err := c.run(ctx, append(cmd, "-t", string(p))); err != nil {
		return c.nameGone(err, string(p))
	}
	return nil
}
