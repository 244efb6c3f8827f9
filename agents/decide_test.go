package agents

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/panemap/panemap/internal/golden"
)

// screenCase is a captured pane: testdata/screens/AGENT-STATE-WHAT.txt, a
// header of signals ("key: value" lines) and, after a "---" line, the
// screen as screen.Lines gives it (no "---": the screen was not read).
type screenCase struct {
	name    string
	agent   string // "" for "shell"
	state   State
	signals Signals
}

func loadScreens(t testing.TB) []screenCase {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "screens", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no screens in testdata/screens: %v", err)
	}
	var cases []screenCase
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(path), ".txt")
		parts := strings.SplitN(name, "-", 3)
		st, err := ParseState(parts[1])
		if err != nil {
			t.Fatalf("%s: the name must be AGENT-STATE-WHAT: %v", path, err)
		}
		c := screenCase{name: name, agent: parts[0], state: st}
		if c.agent == "shell" {
			c.agent = ""
		}
		header, screen, read := strings.Cut(strings.TrimSuffix(string(data), "\n"), "---\n")
		if read {
			c.signals.Screen = strings.Split(screen, "\n")
		}
		for _, line := range strings.Split(strings.TrimSpace(header), "\n") {
			key, value, _ := strings.Cut(line, ": ")
			s := &c.signals
			switch key {
			case "processes":
				s.Processes = strings.Fields(value)
			case "command":
				s.Command = value
			case "title":
				s.Title = value
			case "hook":
				s.Hook = value
			case "hook-agent":
				s.HookAgent = value
			case "workmux":
				s.Workmux = value
			case "bell":
				s.Bell = value == "true"
			case "activity":
				s.Activity = value == "true"
			case "dead":
				s.Dead = value == "true"
			default:
				t.Fatalf("%s: unknown header line %q", path, line)
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// TestDecideScreens decides every captured screen: each must come out in
// the state its name says (the false positives included), and the whole
// verdict, question and all, is compared with testdata/decide.golden.
func TestDecideScreens(t *testing.T) {
	r := DefaultRules()
	var b strings.Builder
	for _, c := range loadScreens(t) {
		v := r.Decide(c.signals)
		if v.Agent != c.agent || v.State != c.state {
			t.Errorf("%s: got %q %s (%s); want %q %s", c.name, v.Agent, v.State, v.Source, c.agent, c.state)
		}
		if (v.Question != nil) != (v.State == Waiting && c.signals.Screen != nil) {
			t.Errorf("%s: %s with question %q", c.name, v.State, v.Question)
		}
		fmt.Fprintf(&b, "== %s\n%s · %s · %s\n", c.name, v.Agent, v.State, v.Source)
		for _, line := range v.Question {
			fmt.Fprintf(&b, "  | %s\n", line)
		}
	}
	golden.Check(t, "decide", b.String())
}

// TestExplainScreens pins what Explain says for a few screens: every source
// in order, what it said, which decided.
func TestExplainScreens(t *testing.T) {
	r := DefaultRules()
	want := map[string]bool{"claude-done-bypass-footer": true, "gemini-waiting-title": true, "shell-unknown-not-an-agent": true, "aider-working-answered": true}
	var b strings.Builder
	for _, c := range loadScreens(t) {
		if _, ok := want[c.name]; !ok {
			continue
		}
		delete(want, c.name)
		fmt.Fprintf(&b, "== %s\n%s", c.name, formatSteps(r.Explain(c.signals)))
	}
	if len(want) > 0 {
		t.Fatalf("screens missing: %v", want)
	}
	golden.Check(t, "explain", b.String())
}

func formatSteps(steps []Step) string {
	var b strings.Builder
	for _, s := range steps {
		mark := " "
		if s.Decided {
			mark = "*"
		}
		fmt.Fprintf(&b, "%s %-28s %-8s %s\n", mark, s.Source, s.Said, s.Why)
	}
	return b.String()
}

// TestDecideConcurrent: one Rules serves every pane at once (the watcher
// and the navigator share it); run with -race.
func TestDecideConcurrent(t *testing.T) {
	r := DefaultRules()
	cases := loadScreens(t)
	want := make([]Verdict, len(cases))
	for i, c := range cases {
		want[i] = r.Decide(c.signals)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for i, c := range cases {
				if got := r.Decide(c.signals); got.State != want[i].State || got.Source != want[i].Source || !slices.Equal(got.Question, want[i].Question) {
					t.Errorf("%s: got %+v concurrently; want %+v", c.name, got, want[i])
				}
				r.Explain(c.signals)
			}
		})
	}
	wg.Wait()
}
