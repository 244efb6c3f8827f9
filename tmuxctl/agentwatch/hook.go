package agentwatch

import (
	"context"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// The pane options an agent's hook sets (`panemap hook STATE`) and the
// watcher reads.
const (
	OptionState = "@panemap-agent-state"
	OptionSince = "@panemap-agent-since"
	OptionName  = "@panemap-agent-name"
	OptionSeen  = "@panemap-agent-seen"
	// workmux's own, read as they are.
	OptionWorkmux   = "@workmux_pane_status"
	OptionWorkmuxTS = "@workmux_pane_status_ts"
)

// SetHook sets @panemap-agent-state and -since (and -name when agent is
// not "") on pane: what `panemap hook` runs.
func SetHook(ctx context.Context, c *tmuxctl.Client, pane tmux.PaneID, agent string, s agents.State) error {
	return &tmux.Error{Kind: tmux.KindUnsupported, Message: "agentwatch: not yet"}
}
