package agents

import (
	"regexp"
	"slices"
	"testing"
)

func TestRequiredLiterals(t *testing.T) {
	for _, c := range []struct {
		pattern string
		want    []string
	}{
		{`\bDo you want to (proceed|make this edit to)\b`, []string{"Do you want to "}},
		{`^[·✢] [A-Z][a-z]+… \(`, []string{"… ("}},
		{`API Error: \d{3}|Please run /login`, []string{"API Error: ", "Please run /login"}},
		{`esc|^\s*$`, nil},
		{`(?i)bypass permissions`, nil},
		{`^\s*│?\s*[❯>]( |$)`, nil},
		{`(ab)+c?`, []string{"ab"}},
	} {
		m := newMatcher(c.pattern)
		if !slices.Equal(m.required, c.want) {
			t.Errorf("%s: required %q; want %q", c.pattern, m.required, c.want)
		}
	}
}

// TestMatcherAgreesWithRegexp: the prefilter never changes an answer, on
// every default rule and every line of the captured screens.
func TestMatcherAgreesWithRegexp(t *testing.T) {
	var lines []string
	for _, c := range loadScreens(t) {
		lines = append(lines, c.signals.Screen...)
		lines = append(lines, c.signals.Title)
	}
	for _, rule := range DefaultRules().All() {
		m, re := newMatcher(rule.Pattern), regexp.MustCompile(rule.Pattern)
		for _, line := range lines {
			if m.MatchString(line) != re.MatchString(line) {
				t.Errorf("%s on %q: the prefilter says %v", rule.ID, line, m.MatchString(line))
			}
		}
	}
}
