package agents

import (
	"regexp"
	"regexp/syntax"
	"strings"
)

// matcher is a compiled pattern with the literals one of which any match
// must contain: strings.Contains rules out most lines far faster than the
// regexp's backtracker (Decide runs for up to 20 panes every second, with
// about ten rules on each of 15 lines).
type matcher struct {
	re       *regexp.Regexp
	required []string // nil: no literal is required
}

func newMatcher(pattern string) matcher {
	m := matcher{re: regexp.MustCompile(pattern)}
	if parsed, err := syntax.Parse(pattern, syntax.Perl); err == nil {
		m.required = requiredLiterals(parsed.Simplify())
	}
	return m
}

// MatchString reports whether s matches.
func (m matcher) MatchString(s string) bool {
	if m.required != nil && !containsAny(s, m.required) {
		return false
	}
	return m.re.MatchString(s)
}

func containsAny(s string, literals []string) bool {
	for _, lit := range literals {
		if strings.Contains(s, lit) {
			return true
		}
	}
	return false
}

// requiredLiterals returns literals one of which every match of re
// contains, or nil when it cannot tell.
func requiredLiterals(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil
		}
		return []string{string(re.Rune)}
	case syntax.OpCapture, syntax.OpPlus:
		return requiredLiterals(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return requiredLiterals(re.Sub[0])
		}
	case syntax.OpConcat:
		// Any part's literals do; the part whose shortest literal is longest
		// rules out the most lines.
		var best []string
		for _, sub := range re.Sub {
			if lits := requiredLiterals(sub); lits != nil && shortest(lits) > shortest(best) {
				best = lits
			}
		}
		return best
	case syntax.OpAlternate:
		var all []string
		for _, sub := range re.Sub {
			lits := requiredLiterals(sub)
			if lits == nil {
				return nil
			}
			all = append(all, lits...)
		}
		return all
	}
	return nil
}

func shortest(lits []string) int {
	if lits == nil {
		return 0
	}
	n := len(lits[0])
	for _, l := range lits[1:] {
		n = min(n, len(l))
	}
	return n
}
