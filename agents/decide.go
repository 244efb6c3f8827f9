package agents

import (
	"fmt"

	"github.com/panemap/panemap/tmux"
)

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
	Question []string // for Waiting: the question's lines (plain text) when a screen rule finds them on screen, else nil
}

// Step is one source Explain considered: what it said (Unknown when
// nothing), whether it decided, and why.
type Step struct {
	Source  Source
	Said    State
	Decided bool
	Why     string
}

// AgentOf returns the agent the pane runs, or "": the first process of the
// pane's tree (pane_pid first) that a process rule names, else
// pane_current_command when the tree was not read, else the agent the hook
// named.
func (r *Rules) AgentOf(s Signals) string {
	if agent, _, _ := r.processAgent(s); agent != "" {
		return agent
	}
	return s.HookAgent
}

// processAgent names the agent from the process tree (or the foreground
// command when the tree was not read): the agent, the rule, the name that
// matched.
func (r *Rules) processAgent(s Signals) (agent, rule, name string) {
	names := s.Processes
	if names == nil && s.Command != "" {
		names = []string{s.Command}
	}
	for _, name := range names {
		for _, c := range r.process {
			if c.re.MatchString(name) {
				return c.Agent, c.ID, name
			}
		}
	}
	return "", "", ""
}

// knows says whether some process rule can name agent, so that its absence
// from a process tree means it is gone.
func (r *Rules) knows(agent string) bool {
	for _, c := range r.process {
		if c.Agent == agent {
			return true
		}
	}
	return false
}

// Decide returns the pane's agent and state, most trusted source first: the
// hook's option, workmux's, title rules, screen rules (the last
// screenLines non-blank lines), then bell and activity. A dead pane of an
// agent, or an agent its hook named that the read process tree no longer
// runs, is Exited. A hook's state other than working yields to a title or
// screen rule that says working: agents have hooks for stopping and asking
// but not all for going back to work (no hook fires when a permission is
// granted).
func (r *Rules) Decide(s Signals) Verdict { return r.decide(s, nil) }

// Explain lists every source Decide considers, in order, with what it said
// and which decided.
func (r *Rules) Explain(s Signals) []Step {
	var steps []Step
	r.decide(s, &steps)
	return steps
}

// decision is Decide's progress through the sources; steps is nil when
// nobody asked why, and then no reason is ever formatted.
type decision struct {
	v       Verdict
	decided bool // by a source; later ones only confirm or are left unread
	yields  bool // decided by a hook's option that a working title or screen overrides
	steps   *[]Step
	decider int // index in steps
}

// note records a step; why is a format, formatted only for Explain.
func (d *decision) note(src Source, said State, format string, args ...any) {
	if d.steps != nil {
		*d.steps = append(*d.steps, Step{Source: src, Said: said, Why: fmt.Sprintf(format, args...)})
	}
}

// take makes the last noted step decide.
func (d *decision) take(src Source, st State, question []string) {
	d.v.State, d.v.Source, d.v.Question = st, src, question
	d.decided = true
	if d.steps != nil {
		if d.decider >= 0 {
			(*d.steps)[d.decider].Decided = false
		}
		d.decider = len(*d.steps) - 1
		(*d.steps)[d.decider].Decided = true
	}
}

// done says whether the sources left cannot change the verdict.
func (d *decision) done() bool { return d.decided && !d.yields && d.steps == nil }

func (r *Rules) decide(s Signals, steps *[]Step) Verdict {
	d := &decision{v: Verdict{State: Unknown}, steps: steps, decider: -1}
	agent, rule, name := r.processAgent(s)
	process := Source{Kind: SourceProcess, Rule: rule}
	switch {
	case agent != "":
		d.note(process, Unknown, "the process %s is %s", tmux.Quote(name), agent)
	case s.HookAgent != "":
		agent = s.HookAgent
		d.note(process, Unknown, "no process names an agent; the hook named %s", tmux.Quote(agent))
	default:
		d.note(process, Unknown, "no process names an agent")
	}
	d.v.Agent = agent
	switch {
	case s.Dead && agent != "":
		d.note(process, Exited, "the pane is dead")
		d.take(process, Exited, nil)
		return d.v
	case rule == "" && s.Processes != nil && agent != "" && r.knows(agent):
		d.note(process, Exited, "the hook named %s, but no process of the pane's tree is %s", agent, agent)
		d.take(process, Exited, nil)
		return d.v
	}
	d.option(Source{Kind: SourceHook}, "@panemap-agent-state", s.Hook, hookStates)
	d.option(Source{Kind: SourceWorkmux}, "@workmux_pane_status", s.Workmux, workmuxStates)
	if agent == "" {
		return d.v
	}
	r.sources(d, agent, s)
	if d.v.State == Waiting && d.v.Question == nil {
		d.v.Question = r.question(agent, s.Screen)
	}
	return d.v
}

// sources runs the title and screen rules and the window's flags for a
// pane of agent, unless what decided already cannot change.
func (r *Rules) sources(d *decision, agent string, s Signals) {
	if d.done() {
		return
	}
	r.byTitle(d, agent, s.Title)
	if d.done() {
		return
	}
	r.byScreen(d, agent, s.Screen)
	if d.done() {
		return
	}
	flag := func(kind SourceKind, on bool, st State, what string) {
		src := Source{Kind: kind}
		switch {
		case !on:
			d.note(src, Unknown, "the window's %s flag is off", what)
		case d.decided:
			d.note(src, st, "the window's %s flag is on, but %s decided", what, d.v.Source)
		default:
			d.note(src, st, "the window's %s flag is on", what)
			d.take(src, st, nil)
		}
	}
	flag(SourceBell, s.Bell, Done, "bell")
	if d.done() {
		return
	}
	flag(SourceActivity, s.Activity, Working, "activity")
}

// workmuxStates are the values workmux writes.
var workmuxStates = []State{Working, Waiting, Done}

// option reads a pane option an agent's hook set: the most trusted source.
func (d *decision) option(src Source, option, value string, valid []State) {
	if value == "" {
		d.note(src, Unknown, "%s is unset", option)
		return
	}
	st, ok := State(value), false
	for _, v := range valid {
		ok = ok || st == v
	}
	switch {
	case !ok:
		d.note(src, Unknown, "%s is %s, not one of %s: left aside", option, tmux.Quote(value), joinStates(valid))
	case d.decided:
		d.note(src, st, "%s is %s, but %s decided", option, st, d.v.Source)
	default:
		d.note(src, st, "%s is %s", option, st)
		d.take(src, st, nil)
		d.yields = st != Working
	}
}

// offer lets a title or screen rule decide: when nothing did yet, or when a
// hook's option yields to its working.
func (d *decision) offer(src Source, st State, question []string, format string, args ...any) {
	switch {
	case !d.decided:
		d.note(src, st, format, args...)
		d.take(src, st, question)
		d.yields = false
	case d.yields && st == Working:
		d.note(src, st, format+"; it overrides %s's %s: no hook fires when that ends", append(args, d.v.Source, d.v.State)...)
		d.take(src, st, question)
		d.yields = false
	default:
		d.note(src, st, format+", but %s decided", append(args, d.v.Source)...)
	}
}

func (r *Rules) byTitle(d *decision, agent, title string) {
	for _, c := range r.title[agent] {
		if c.re.MatchString(title) {
			d.offer(Source{Kind: SourceTitle, Rule: c.ID}, c.State, nil, "the title %s matches", tmux.Quote(title))
			return
		}
	}
	if len(r.title[agent]) == 0 {
		d.note(Source{Kind: SourceTitle}, Unknown, "no title rules for %s", agent)
		return
	}
	d.note(Source{Kind: SourceTitle}, Unknown, "no rule matches the title %s", tmux.Quote(title))
}
