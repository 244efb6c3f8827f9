package agentwatch

import "github.com/panemap/panemap/tmux"

// NextWaiting is the first waiting agent after pane after in list's
// order (reading order), wrapping around; false when none waits.
func NextWaiting(list []Agent, after tmux.PaneID) (Agent, bool) {
	return Agent{}, false
}

// Summary is the status line's text: "2 waiting · 1 done", states with
// none left out, "" when there is no agent.
func Summary(list []Agent) string {
	return ""
}
