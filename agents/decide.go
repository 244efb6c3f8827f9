package agents

// Signals is what panemap read about one pane (tmuxctl/agentwatch fills it).
type Signals struct {
	Processes      []string // argv[0] and argv[1] basenames of the pane's process tree (pane_pid and descendants), pane_pid first
	Command        string   // #{pane_current_command}
	Title          string   // #{pane_title}
	Hook           string   // @panemap-agent-state ("" when unset)
	HookAgent      string   // @panemap-agent-name
	Workmux        string   // @workmux_pane_status
	Screen         []string // the last lines of the screen, plain text from screen.Lines (nil when not read)
	Bell, Activity bool
	Dead           bool
}

// Verdict is what Decide concluded about a pane.
type Verdict struct {
	Agent    string // "" when the pane runs no known agent
	State    State
	Source   Source
	Question []string // for Waiting from a screen rule: the question's lines (plain text), else nil
}

// Step is one source Explain considered: what it said (Unknown when
// nothing), whether it decided, and why.
type Step struct {
	Source  Source
	Said    State
	Decided bool
	Why     string
}

// AgentOf returns the agent the pane runs, or "".
func (r *Rules) AgentOf(s Signals) string { return "" }

// Decide returns the pane's agent and state, most trusted source first:
// hook, workmux, title rules, screen rules, bell/activity; a dead pane of an
// agent is Exited.
func (r *Rules) Decide(s Signals) Verdict { return Verdict{State: Unknown} }

// Explain lists every source Decide considers, in order, with what it said
// and which decided.
func (r *Rules) Explain(s Signals) []Step { return nil }
