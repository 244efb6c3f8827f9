package agents

import (
	"slices"
	"testing"
)

// TestDecideSignals pins the order of trust over the sources that are not
// screens: hooks, workmux, titles, the window's flags, dead panes and
// agents gone from the process tree.
func TestDecideSignals(t *testing.T) {
	claude := []string{"bash", "claude"}
	working := []string{"✻ Herding… (12s · ↓ 1.2k tokens · esc to interrupt)", "❯", "  ? for shortcuts"}
	done := []string{"✻ Worked for 12s", "❯", "  ? for shortcuts"}
	cases := []struct {
		name   string
		s      Signals
		agent  string
		state  State
		source string
	}{
		{"hook decides over the screen", Signals{Processes: claude, Hook: "done", Screen: done, Activity: true}, "claude", Done, "hook"},
		{"hook's working stands against a waiting title", Signals{Processes: []string{"node", "gemini"}, Hook: "working", Title: "✋  Action Required (x)"}, "gemini", Working, "hook"},
		{"hook's waiting yields to a working screen", Signals{Processes: claude, Hook: "waiting", Screen: working}, "claude", Working, "screen:claude-interrupt"},
		{"hook's done yields to a working title", Signals{Processes: []string{"node", "gemini"}, Hook: "done", Title: "⏲  Working… (x)"}, "gemini", Working, "title:gemini-title-working"},
		{"hook's waiting stands against a done screen", Signals{Processes: claude, Hook: "waiting", Screen: done}, "claude", Waiting, "hook"},
		{"a bad hook value is left aside", Signals{Processes: claude, Hook: "exited", Screen: done}, "claude", Done, "screen:claude-worked"},
		{"workmux when no hook", Signals{Processes: claude, Workmux: "waiting", Screen: done}, "claude", Waiting, "workmux"},
		{"hook over workmux", Signals{Processes: claude, Hook: "working", Workmux: "done"}, "claude", Working, "hook"},
		{"workmux idle is not workmux's", Signals{Processes: claude, Workmux: "idle", Screen: done}, "claude", Done, "screen:claude-worked"},
		{"hook without a known agent", Signals{Processes: []string{"bash", "myagent"}, Hook: "waiting"}, "", Waiting, "hook"},
		{"hook names its agent", Signals{Processes: []string{"bash", "myagent"}, Hook: "waiting", HookAgent: "myagent"}, "myagent", Waiting, "hook"},
		{"the process tree names over the hook", Signals{Processes: claude, HookAgent: "other", Hook: "working"}, "claude", Working, "hook"},
		{"a known hook agent gone from the tree has exited", Signals{Processes: []string{"bash"}, HookAgent: "claude", Hook: "working"}, "claude", Exited, "process"},
		{"the tree not read: the hook's agent stands", Signals{HookAgent: "claude", Hook: "working"}, "claude", Working, "hook"},
		{"a dead agent pane has exited", Signals{Processes: claude, Dead: true, Hook: "working"}, "claude", Exited, "process:claude-process"},
		{"a dead shell pane is no agent", Signals{Processes: []string{"bash"}, Dead: true}, "", Unknown, ""},
		{"pane_current_command when the tree was not read", Signals{Command: "codex", Title: "[ ! ] Action Required"}, "codex", Waiting, "title:codex-title-waiting"},
		{"the first agent in the tree", Signals{Processes: []string{"bash", "claude", "bash", "codex"}}, "claude", Unknown, ""},
		{"bell without a rule's word", Signals{Processes: []string{"python3", "aider"}, Bell: true, Activity: true}, "aider", Done, "bell"},
		{"activity without a rule's word", Signals{Processes: []string{"python3", "aider"}, Activity: true}, "aider", Working, "activity"},
		{"flags never make a shell an agent", Signals{Processes: []string{"bash"}, Bell: true, Activity: true}, "", Unknown, ""},
		{"title over the screen", Signals{Processes: []string{"node", "gemini"}, Title: "◇  Ready (x)", Screen: []string{" ⠼ Counting (esc to cancel, 3s)"}}, "gemini", Idle, "title:gemini-title-idle"},
		{"only the last 15 lines count", Signals{Processes: claude, Screen: append([]string{"Do you want to proceed?"}, slices.Repeat([]string{"output"}, 15)...)}, "claude", Unknown, ""},
		{"blank lines do not count", Signals{Processes: claude, Screen: append([]string{"Do you want to proceed?"}, slices.Repeat([]string{"output", "", "  "}, 14)...)}, "claude", Waiting, "screen:claude-proceed"},
	}
	r := DefaultRules()
	for _, c := range cases {
		v := r.Decide(c.s)
		if v.Agent != c.agent || v.State != c.state || v.Source.String() != c.source {
			t.Errorf("%s: got %q %s %q; want %q %s %q", c.name, v.Agent, v.State, v.Source, c.agent, c.state, c.source)
		}
		steps := r.Explain(c.s)
		var decided []Step
		for _, st := range steps {
			if st.Decided {
				decided = append(decided, st)
			}
		}
		switch {
		case c.source == "" && len(decided) != 0:
			t.Errorf("%s: Explain says %+v decided; want none", c.name, decided)
		case c.source != "" && (len(decided) != 1 || decided[0].Source.String() != c.source || decided[0].Said != c.state):
			t.Errorf("%s: Explain says %+v decided; want %s saying %s", c.name, decided, c.source, c.state)
		}
	}
}

// TestDecideQuestion: a waiting verdict from a hook carries the question
// shown on screen; a question is plain lines, borders and rules out.
func TestDecideQuestion(t *testing.T) {
	s := Signals{Processes: []string{"claude"}, Hook: "waiting", Screen: []string{
		"⏺ I'll clean up.",
		"────────────",
		" Bash command",
		"",
		"",
		"   rm -rf build",
		" Do you want to proceed?",
		" ❯ 1. Yes",
		"   2. No",
		"",
	}}
	v := DefaultRules().Decide(s)
	want := []string{"Bash command", "", "rm -rf build", "Do you want to proceed?", "❯ 1. Yes", "2. No"}
	if v.State != Waiting || v.Source.Kind != SourceHook || !slices.Equal(v.Question, want) {
		t.Errorf("got %s from %s, question %q; want waiting from the hook with %q", v.State, v.Source, v.Question, want)
	}
	s.Screen = nil
	if v := DefaultRules().Decide(s); v.Question != nil {
		t.Errorf("no screen read: question %q", v.Question)
	}
}

// TestExplainOverride: the reason says why a screen overrode a hook.
func TestExplainOverride(t *testing.T) {
	steps := DefaultRules().Explain(Signals{Processes: []string{"claude"}, Hook: "waiting", Screen: []string{"✻ Herding… (12s · esc to interrupt)"}})
	got := formatSteps(steps)
	want := `  process:claude-process       unknown  the process "claude" is claude
  hook                         waiting  @panemap-agent-state is waiting
  workmux                      unknown  @workmux_pane_status is unset
  title                        unknown  no title rules for claude
* screen:claude-interrupt      working  the line "✻ Herding… (12s · esc to interrupt)" matches; it overrides hook's waiting: no hook fires when that ends
  bell                         unknown  the window's bell flag is off
  activity                     unknown  the window's activity flag is off
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestGuardsKeepUserRulesOff: the footer guards set their lines aside for
// a user's own rules too, here a loose waiting rule on "permissions" and a
// working rule on "shells", which the footers would otherwise satisfy.
func TestGuardsKeepUserRulesOff(t *testing.T) {
	path := writeRules(t, `{"version": 1, "rules": [
		{"id": "my-permissions", "agent": "claude", "on": "screen", "pattern": "(?i)permissions", "state": "waiting"},
		{"id": "my-shells", "agent": "claude", "on": "screen", "pattern": "\\d+ shells", "state": "working"}
	]}`)
	r, err := LoadRules(path)
	if err != nil {
		t.Fatal(err)
	}
	screen := []string{"✻ Worked for 2m 4s", "", "────", "❯", "────", "  ⏵⏵ bypass permissions on (shift+tab to cycle) · 2 shells"}
	v := r.Decide(Signals{Processes: []string{"claude"}, Screen: screen})
	if v.State != Done || v.Source.String() != "screen:claude-worked" {
		t.Errorf("got %s from %s; want done from screen:claude-worked, the footer set aside", v.State, v.Source)
	}
	screen[0] = "Fix the file permissions, then start 2 shells."
	v = r.Decide(Signals{Processes: []string{"claude"}, Screen: screen})
	if v.State != Waiting || v.Source.String() != "screen:my-permissions" {
		t.Errorf("got %s from %s; want the user's rule to hold off the footer", v.State, v.Source)
	}
}
