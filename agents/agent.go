package agents

import (
	"fmt"
	"strings"
	"time"

	"github.com/panemap/panemap/tmux"
)

// Agent is one pane that runs a coding agent, and what it is doing.
type Agent struct {
	Pane        tmux.PaneID
	PaneIndex   int
	Window      tmux.WindowID
	WindowIndex int
	Session     tmux.SessionID
	SessionName string
	Name        string // the agent
	State       State
	Since       time.Time // zero when unknown
	Source      Source
	Question    []string // waiting: the question's lines, sanitised plain text
	Focused     bool     // the active pane of its session's current window
}

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
		if a := list[(start+k)%len(list)]; a.State == Waiting {
			return a, true
		}
	}
	return Agent{}, false
}

// summaryOrder is the order of Summary's counts: what needs the user
// first.
var summaryOrder = []State{Waiting, Error, Done, Working, Idle, Exited, Unknown}

// Summary is the status line's text: "2 waiting · 1 done", what needs the
// user first, states with none left out, "" when there is no agent.
func Summary(list []Agent) string {
	count := map[State]int{}
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
