package agents

import (
	"fmt"
	"slices"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// screenLines is how many non-blank lines at the bottom of a screen the
// rules read: enough for a permission dialog, few enough that Decide stays
// cheap and old output does not count.
const screenLines = 15

// byScreen applies the agent's screen rules to the last screenLines
// non-blank lines. A line a guard matches is no match for the rules of the
// guard's state. Waiting wins wherever it shows (the question is what
// matters most, and dialogs go away once answered); otherwise the lowest
// line any working, error or done rule matches decides (the latest
// output), and idle (a prompt, on screen in every state) only when no
// other rule matched, and only in the last idleLines non-blank lines.
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
	m := r.scan(agent, lines, d.steps != nil)
	at, c := m.waitAt, m.wait
	if at < 0 {
		at, c = m.lastAt, m.last
	}
	if at < 0 {
		at, c = m.idleAt, m.idle
	}
	guarded := ""
	for _, g := range m.guarded {
		guarded += fmt.Sprintf(" (guard %s kept %s rules off %s)", g.rule.ID, g.rule.State, tmux.Quote(plain(lines[g.at])))
	}
	if at < 0 {
		d.note(src, Unknown, "no rule matches the last %d lines%s", screenLines, guarded)
		return
	}
	var question []string
	if c.State == Waiting {
		question = questionOf(lines, at)
	}
	d.offer(Source{Kind: SourceScreen, Rule: c.ID}, c.State, question, "the line %s matches%s", tmux.Quote(plain(lines[at])), guarded)
}

// plain is a line as a reason quotes it: borders and runs of spaces out.
func plain(line string) string {
	return strings.Join(strings.Fields(strings.Trim(strings.TrimSpace(line), borders)), " ")
}

// idleLines is how far from the bottom an idle rule counts: a prompt sits
// at the bottom with at most a rule and a footer or two below it, while
// the same prompt further up is a question already sent.
const idleLines = 5

// matches is what the screen rules found: for waiting the first line, for
// working, error and done the last, for idle the last; -1 for none.
type matches struct {
	waitAt, lastAt, idleAt int
	wait, last, idle       compiled
	guarded                []guardHit // each guard's first line, when explaining
}

type guardHit struct {
	rule compiled
	at   int
}

// scan applies the agent's screen rules to lines, the first rule in order
// on a line counting; explain records where guards matched.
func (r *Rules) scan(agent string, lines []string, explain bool) matches {
	m := matches{waitAt: -1, lastAt: -1, idleAt: -1}
	guards := r.guards[agent]
	idleFrom := len(lines) - len(tail(lines, idleLines))
	for i, line := range lines {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var vetoed []State // a line's guards: few, so a slice
		for _, g := range guards {
			if g.re.MatchString(line) {
				vetoed = append(vetoed, g.State)
				if explain && !slices.ContainsFunc(m.guarded, func(h guardHit) bool { return h.rule.ID == g.ID }) {
					m.guarded = append(m.guarded, guardHit{g, i})
				}
			}
		}
	rules:
		for _, c := range r.screen[agent] {
			if (c.State == Waiting && m.waitAt >= 0) || (c.State == Idle && (m.idleAt == i || i < idleFrom)) || (c.State != Waiting && c.State != Idle && m.lastAt == i) {
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
	if m := r.scan(agent, lines, false); m.waitAt >= 0 {
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
const questionAbove = 8

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
		line = strings.TrimSpace(strings.Trim(strings.TrimSpace(line), borders))
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

// borders are a box's or a panel's sides, left out of a question.
const borders = "│┃║"

// isRule says whether a line is a horizontal rule or a box's top or
// bottom: box-drawing characters at least half of it, sides aside (a
// titled rule such as Codex's "─ Worked for 1m 05s ───" too, a tree's
// "└ file" and a panel's bare side not).
func isRule(line string) bool {
	box, other := 0, 0
	for _, c := range line {
		switch {
		case strings.ContainsRune(borders, c):
		case c >= 0x2500 && c <= 0x257f:
			box++
		case c != ' ':
			other++
		}
	}
	return box > 0 && box >= other
}
