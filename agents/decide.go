package agents

import (
	"fmt"
	"strings"

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
		d.note(src, st, format+"; it overrides %s's %s, for which no hook ends", append(args, d.v.Source, d.v.State)...)
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

// screenLines is how many non-blank lines at the bottom of a screen the
// rules read: enough for a permission dialog, few enough that Decide stays
// cheap and old output does not count.
const screenLines = 15

// byScreen applies the agent's screen rules to the last screenLines
// non-blank lines. A line a guard matches is no match for the rules of the
// guard's state. Waiting wins wherever it shows (the question is what
// matters most, and dialogs go away once answered); otherwise the lowest
// line any working, error or done rule matches decides (the latest
// output), and idle (a bare prompt, on screen in every state) only when no
// other rule matched.
func (r *Rules) byScreen(d *decision, agent string, screen []string) {
	src := Source{Kind: SourceScreen}
	switch {
	case screen == nil:
		d.note(src, Unknown, "the screen was not read (no output since the last look)")
		return
	case len(r.screen[agent]) == 0:
		d.note(src, Unknown, "no screen rules for %s", agent)
		return
	}
	lines := tail(screen, screenLines)
	m := r.scan(agent, lines)
	at, c := m.waitAt, m.wait
	if at < 0 {
		at, c = m.lastAt, m.last
	}
	if at < 0 {
		at, c = m.idleAt, m.idle
	}
	if at < 0 {
		d.note(src, Unknown, "no rule matches the last %d lines", screenLines)
		return
	}
	var question []string
	if c.State == Waiting {
		question = questionOf(lines, at)
	}
	d.offer(Source{Kind: SourceScreen, Rule: c.ID}, c.State, question, "the line %s matches", tmux.Quote(strings.TrimSpace(lines[at])))
}

// matches is what the screen rules found: for waiting the first line, for
// working, error and done the last, for idle the last; -1 for none.
type matches struct {
	waitAt, lastAt, idleAt int
	wait, last, idle       compiled
}

// scan applies the agent's screen rules to lines, the first rule in order
// on a line counting.
func (r *Rules) scan(agent string, lines []string) matches {
	m := matches{waitAt: -1, lastAt: -1, idleAt: -1}
	guards := r.guards[agent]
	for i, line := range lines {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var vetoed []State // a line's guards: few, so a slice
		for _, g := range guards {
			if g.re.MatchString(line) {
				vetoed = append(vetoed, g.State)
			}
		}
	rules:
		for _, c := range r.screen[agent] {
			if (c.State == Waiting && m.waitAt >= 0) || (c.State == Idle && m.idleAt == i) || (c.State != Waiting && c.State != Idle && m.lastAt == i) {
				continue
			}
			for _, v := range vetoed {
				if v == c.State {
					continue rules
				}
			}
			if !c.re.MatchString(line) {
				continue
			}
			switch c.State {
			case Waiting:
				m.waitAt, m.wait = i, c
			case Idle:
				m.idleAt, m.idle = i, c
			default:
				m.lastAt, m.last = i, c
			}
		}
	}
	return m
}

// question returns the question on screen when a hook or title said
// waiting, so that every waiting verdict carries it when it shows.
func (r *Rules) question(agent string, screen []string) []string {
	if screen == nil {
		return nil
	}
	lines := tail(screen, screenLines)
	if m := r.scan(agent, lines); m.waitAt >= 0 {
		return questionOf(lines, m.waitAt)
	}
	return nil
}

// tail returns the lines from the n-th non-blank line from the bottom on.
func tail(lines []string, n int) []string {
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.TrimSpace(lines[i]) != "" {
			if n--; n == 0 {
				return lines[i:]
			}
		}
	}
	return lines
}

// questionAbove is how far above its first matching line a question's
// dialog may begin (the command or file it asks about).
const questionAbove = 6

// questionOf returns the dialog around lines[at] as plain text: from the
// rule or box top above it (at most questionAbove lines up, else the line
// itself) to the end, box borders and rules dropped, blank runs cut to one.
func questionOf(lines []string, at int) []string {
	start := at
	for i := at - 1; i >= 0 && i >= at-questionAbove; i-- {
		if isRule(lines[i]) {
			start = i + 1
			break
		}
	}
	var q []string
	for _, line := range lines[start:] {
		if isRule(line) {
			continue
		}
		line = strings.TrimSpace(line)
		line = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(line, "│"), "│"))
		if line == "" && (len(q) == 0 || q[len(q)-1] == "") {
			continue
		}
		q = append(q, line)
	}
	for len(q) > 0 && q[len(q)-1] == "" {
		q = q[:len(q)-1]
	}
	return q
}

// isRule says whether a line is a horizontal rule or a box's top or
// bottom: box-drawing characters at least half of it (a titled rule such
// as Codex's "─ Worked for 1m 05s ───" too, a tree's "└ file" not).
func isRule(line string) bool {
	box, other := 0, 0
	for _, c := range line {
		switch {
		case c >= 0x2500 && c <= 0x257f:
			box++
		case c != ' ':
			other++
		}
	}
	return box > 0 && box >= other
}
