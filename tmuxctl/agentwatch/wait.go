package agentwatch

import (
	"context"
	"time"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// Waited is what Wait found: Matched with the agent that matched, or not
// when the timeout came first; Looks counts the looks it took.
type Waited struct {
	Matched bool
	Agent   Agent
	Looks   int
}

// Wait looks until any of panes (or, with panes empty, any agent pane req
// covers) is in one of states, or timeout passes.
func (w *Watcher) Wait(ctx context.Context, req tmuxctl.ListRequest, panes []tmux.PaneID, states []agents.State, timeout time.Duration, progress func(looks int)) (*Waited, error) {
	return nil, &tmux.Error{Kind: tmux.KindUnsupported, Message: "agentwatch: not yet"}
}
