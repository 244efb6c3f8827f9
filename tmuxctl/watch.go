package tmuxctl

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// OutputWatch says which panes printed; see transport.OutputWatch.
type OutputWatch = transport.OutputWatch

// WatchOutput starts an output watch on session s's panes (see
// transport.OutputWatch), or answers (nil, nil) where this tmux or the
// client's policy gets none: poll then. ctx bounds only the start.
func (c *Client) WatchOutput(ctx context.Context, s tmux.SessionID) (*OutputWatch, error) {
	return c.t.WatchOutput(ctx, s)
}
