package ui

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/panetext"
	"github.com/panemap/panemap/ui/previews"
)

// Core is what the navigator needs from tmux. *tmuxctl.Client satisfies it.
type Core interface {
	// ReadState reads the session (the map's polls and refreshes).
	ReadState(ctx context.Context, s tmux.SessionID) (*tmux.State, error)
	// Act makes one change between two reads of the session, in one
	// tmux command list; every key's change goes through it.
	Act(ctx context.Context, s tmux.SessionID, op tmuxctl.Op) (before, after *tmux.State, err error)
}

// ServerCore reads the whole server: every session's windows, for a
// (the next window with an alert, in any session). *tmuxctl.Client
// satisfies it; with a core that does not, a says it cannot.
type ServerCore interface {
	List(ctx context.Context, req tmuxctl.ListRequest) (*tmuxctl.Listing, error)
	// ActiveSince is the panes whose windows printed at or after since
	// (Unix seconds): what find reads again.
	ActiveSince(ctx context.Context, since int64) ([]tmux.PaneID, error)
}

var _ Core = (*tmuxctl.Client)(nil)
var _ ServerCore = (*tmuxctl.Client)(nil)
var _ previews.Source = (*panetext.Previews)(nil)
var _ previews.StateCapturer = (*panetext.Previews)(nil)
