package ui

import (
	"context"

	"github.com/panemap/panemap/tmuxctl"
)

// Core is what the navigator needs from tmux. *tmuxctl.Client satisfies it.
type Core interface {
	ReadState(ctx context.Context, s tmuxctl.SessionID) (*tmuxctl.State, error)
	SelectPane(ctx context.Context, p tmuxctl.PaneID, d tmuxctl.Direction) (tmuxctl.Pane, error)
	SwapPane(ctx context.Context, a, b tmuxctl.PaneID) (tmuxctl.Pane, error)
	SelectWindow(ctx context.Context, s tmuxctl.SessionID, w tmuxctl.WindowID) error
	ToggleZoom(ctx context.Context, p tmuxctl.PaneID) error
	ToggleMark(ctx context.Context, p tmuxctl.PaneID) error
	Restore(ctx context.Context, st *tmuxctl.State) error
}

var _ Core = (*tmuxctl.Client)(nil)
