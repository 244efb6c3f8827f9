package agentwatch

import (
	"fmt"
	"strings"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
)

// NextWaiting is the first waiting agent after pane after in list's
// order (reading order), wrapping around; false when none waits. An
// after that is not in list starts from the top.
func NextWaiting(list []Agent, after tmux.PaneID) (Agent, bool) {
	start := 0
	for i, a := range list {
		if a.Pane == after {
			start = i + 1
			break
		}
	}
	for k := range list {
		if a := list[(start+k)%len(list)]; a.State == agents.Waiting {
			return a, true
		}
	}
	return Agent{}, false
}

// summaryOrder is the order of Summary's counts: what needs the user
// first.
var summaryOrder = []agents.State{agents.Waiting, agents.Error, agents.Done, agents.Working, agents.Idle, agents.Exited, agents.Unknown}

// Summary is the status line's text: "2 waiting · 1 done", what needs the
// user first, states with none left out, "" when there is no agent.
func Summary(list []Agent) string {
	count := map[agents.State]int{}
	for _, a := range list {
		count[a.State]++
	}
	var parts []string
	for _, s := range summaryOrder {
		if count[s] == 0 {
			continue
		}
		parts = append(parts, fmt.Sprintf("%d %s", count[s], s))
	}
	return strings.Join(parts, " · ")
}
