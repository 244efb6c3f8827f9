package tmuxctl

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// Events streams tmux's notifications until ctx ends, when the channel is
// closed. ok is false when the transport has none (exec): poll instead.
// The stream also says when it cannot be trusted: on EventDisconnected
// poll until EventConnected, and on EventConnected or EventOverflow
// re-read everything shown. A closed channel means no more events.
//
// tmux reports layout changes only for the windows of the session a
// connection is attached to: call FollowSession first with the session
// shown, so that the connection attaches to it and asks tmux nothing
// more. Without it the connection attaches to tmux's most recent session.
func (c *Client) Events(ctx context.Context) (<-chan tmux.Event, bool) {
	src, ok := c.t.(transport.EventSource)
	if !ok {
		return nil, false
	}
	ch, cancel := src.Subscribe()
	context.AfterFunc(ctx, cancel)
	return ch, true
}

// FollowSession asks the transport for notifications about session s's
// windows. It does nothing on transports without events.
func (c *Client) FollowSession(ctx context.Context, s tmux.SessionID) error {
	if f, ok := c.t.(transport.SessionFollower); ok {
		return f.FollowSession(ctx, s)
	}
	if _, err := tmux.ParseSessionID(string(s)); err != nil {
		return err
	}
	return nil
}
