package tmuxctl

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/records"
)

// Events streams tmux's notifications until ctx ends, when the channel is
// closed. ok is false when the client runs tmux processes alone
// (tmux.ControlNever): poll instead.
// The stream also says when it cannot be trusted: on EventDisconnected
// poll until EventConnected, and on EventConnected or EventOverflow
// re-read everything shown. A closed channel means no more events.
//
// tmux reports layout changes only for the windows of the session a
// connection is attached to: call FollowSession first with the session
// shown, so that the connection attaches to it and asks tmux nothing
// more. Without it the connection attaches to tmux's most recent session.
func (c *Client) Events(ctx context.Context) (<-chan tmux.Event, bool) {
	if c.t.Policy == tmux.ControlNever {
		return nil, false
	}
	ch, cancel := c.t.Subscribe()
	context.AfterFunc(ctx, cancel)
	return ch, true
}

// FollowAgents has the stream tell, as "subscription-changed" events,
// when a coding agent's hook or workmux sets a new state on a pane of
// the followed session (records.AgentStates); nothing without control mode.
func (c *Client) FollowAgents(ctx context.Context) error {
	return c.t.SubscribeFormat(ctx, "panemap-agents", "%*", records.AgentStates)
}

// FollowSession asks the transport for notifications about session s's
// windows (see transport.Auto.FollowSession).
func (c *Client) FollowSession(ctx context.Context, s tmux.SessionID) error {
	return c.t.FollowSession(ctx, s)
}
