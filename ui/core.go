package ui

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/panetext"
	"github.com/panemap/panemap/ui/previews"
)

// Core is what the navigator needs from tmux: *tmuxctl.Client, or the
// unit tests' fake.
type Core interface {
	// ReadState reads the session (the map's polls and refreshes).
	ReadState(ctx context.Context, s tmux.SessionID) (*tmux.State, error)
	// Stamp is a one-command check of whether the session changed (the
	// poll's, stamp.go).
	Stamp(ctx context.Context, s tmux.SessionID) (tmuxctl.Stamp, error)
	// Act makes one change between two reads of the session, in one
	// tmux command list; every key's change goes through it.
	Act(ctx context.Context, s tmux.SessionID, op tmuxctl.Op) (tmuxctl.Result, error)
	// List reads the whole server: every session's windows, for the
	// server view, find and a (the next window with an alert, in any
	// session).
	List(ctx context.Context, req tmuxctl.ListRequest) (*tmuxctl.Listing, error)
	// ActiveSince is the panes whose windows printed at or after since
	// (Unix seconds): what find reads again.
	ActiveSince(ctx context.Context, since int64) ([]tmux.PaneID, error)
	// Events streams tmux's notifications until ctx ends; ok is false
	// when there are none (tmux processes alone): poll then.
	Events(ctx context.Context) (<-chan tmux.Event, bool)
	// FollowSession points the notifications at session s's windows.
	FollowSession(ctx context.Context, s tmux.SessionID) error
	// FollowAgents has them tell when an agent's hook sets a state.
	FollowAgents(ctx context.Context) error
}

var _ Core = (*tmuxctl.Client)(nil)
var _ previews.Source = (*panetext.Previews)(nil)
var _ previews.StateCapturer = (*panetext.Previews)(nil)
var _ previews.Owing = (*panetext.Previews)(nil)
