package agentwatch

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

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

// maxAgentName bounds an agent's name as a hook gives it.
const maxAgentName = 32

// SetHook sets @panemap-agent-state and -since (now, in Unix seconds),
// and -name when agent is not "", on pane: what `panemap hook` runs. The
// state must be one a hook may set (agents.HookStates) and the name
// letters, digits, '-', '_' or '.'; either wrong is an error naming it,
// and nothing is set. All options are set in one command list.
func SetHook(ctx context.Context, c *tmuxctl.Client, pane tmux.PaneID, agent string, s agents.State) error {
	if _, err := tmux.ParsePaneID(string(pane)); err != nil {
		return err
	}
	if !slices.Contains(agents.HookStates(), s) {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: string(s),
			Message: fmt.Sprintf("invalid hook state %s: want one of %v", tmux.Quote(string(s)), agents.HookStates())}
	}
	if err := checkAgentName(agent); err != nil {
		return err
	}
	cmds := [][]string{
		{"set-option", "-p", "-t", string(pane), OptionState, string(s)},
		{"set-option", "-p", "-t", string(pane), OptionSince, strconv.FormatInt(time.Now().Unix(), 10)},
	}
	if agent != "" {
		cmds = append(cmds, []string{"set-option", "-p", "-t", string(pane), OptionName, agent})
	}
	if _, err := c.Run(ctx, cmds...); err != nil {
		return goneAs(err, pane)
	}
	return nil
}

func checkAgentName(agent string) error {
	ok := len(agent) <= maxAgentName
	for i := 0; ok && i < len(agent); i++ {
		switch ch := agent[i]; {
		case ch >= 'a' && ch <= 'z', ch >= 'A' && ch <= 'Z', ch >= '0' && ch <= '9', ch == '-', ch == '_', ch == '.':
		default:
			ok = false
		}
	}
	if !ok {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: agent,
			Message: fmt.Sprintf("invalid agent name %s: want up to %d letters, digits, '-', '_' or '.'", tmux.Quote(agent), maxAgentName)}
	}
	return nil
}

// goneAs names pane in tmux's "can't find pane".
func goneAs(err error, pane tmux.PaneID) error {
	e := tmux.AsError(err)
	if e.Kind != tmux.KindGone {
		return e
	}
	g := tmux.Gone("pane", string(pane))
	g.Err = e
	return g
}
