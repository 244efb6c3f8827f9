package agenttest

import (
	"cmp"

	"github.com/panemap/panemap/agents"
)

// Steps are the scripted states every fake agent goes through in the
// end-to-end tests, and Paths how each path (the hook, the title, the
// screen) shows them, with the strings the real agents use.
var Steps = []agents.State{agents.Working, agents.Waiting, agents.Working, agents.Done, agents.Exited}

// Show is what a fake agent does to show state on a path: the steps, and
// the state the rules should read from them (a path that cannot say a
// state reads otherwise: Gemini's title and OpenCode's screen have no
// done, only their idle prompt; Aider prints no busy marker; Claude,
// Aider and OpenCode set no title the rules read).
type Show func(agent string, s agents.State) (steps []string, reads agents.State)

// Paths shows a state by the agent's hook, its title, or its screen.
var Paths = map[string]Show{
	"hook": func(_ string, s agents.State) ([]string, agents.State) {
		return []string{"hook " + string(s)}, s
	},
	"title": func(agent string, s agents.State) ([]string, agents.State) {
		titles := map[string]map[agents.State]string{
			"gemini": {agents.Working: "⏲  Working… (repo)", agents.Waiting: "✋  Action Required (repo)", agents.Done: "◇  Ready (repo)"},
			"codex":  {agents.Working: "⠹ repo", agents.Waiting: "[ ! ] Action Required"},
			"claude": {agents.Working: "✳ Fix the tests", agents.Waiting: "✳ Fix the tests"},
		}
		title, ok := titles[agent][s]
		switch {
		case ok && agent == "gemini" && s == agents.Done:
			return []string{"title " + title}, agents.Idle
		case ok && agent != "claude":
			return []string{"title " + title}, s
		}
		return []string{"title " + cmp.Or(title, agent)}, agents.Unknown
	},
	"screen": func(agent string, s agents.State) ([]string, agents.State) {
		screens := map[string]map[agents.State][]string{
			"claude": {
				agents.Working: {"✻ Herding… (8s · ↓ 834 tokens · esc to interrupt)"},
				agents.Waiting: {"╭──────────────╮", "│ Bash command │", "│ rm -rf build │", "Do you want to proceed?", "❯ 1. Yes", "  2. No", "Esc to cancel", "  ⏵⏵ bypass permissions on (shift+tab to cycle)"},
				agents.Done:    {"✻ Worked for 1m 52s", "", "> ", "  ⏵⏵ bypass permissions on (shift+tab to cycle)"},
			},
			"codex": {
				agents.Working: {"• Working (12s • esc to interrupt)"},
				agents.Waiting: {"Would you like to run the following command?", "  $ make test", "› 1. Yes, proceed", "  Press enter to confirm or esc to cancel"},
				agents.Done:    {"─ Worked for 1m 02s ─────────────────────", "", "› "},
			},
			"gemini": {
				agents.Working: {"⠏ Reading files (esc to cancel, 3s)"},
				agents.Waiting: {"? Shell make test", "Allow execution of: 'make'?", "● 1. Allow once", "Waiting for user confirmation..."},
				agents.Done:    {"✦ All tests pass.", "╭──────────────────────────╮", "│ >   Type your message     │", "╰──────────────────────────╯"},
			},
			"aider": {
				agents.Working: {"Applied edit to main.go"},
				agents.Waiting: {"Run shell command? (Y)es/(N)o/(D)on't ask again [Yes]: "},
				agents.Done:    {"Tokens: 4.8k sent, 559 received. Cost: $0.02 message.", "", "> "},
			},
			"opencode": {
				agents.Working: {"  ⬝⬝⬝■■■  esc interrupt"},
				agents.Waiting: {"△ Permission required", "  $ make test", "  Allow once   Allow always   Reject"},
				agents.Done:    {"  The tests pass.", "  ctrl+p commands"},
			},
		}
		lines := screens[agent][s]
		reads := s
		switch {
		case agent == "aider" && s == agents.Working:
			reads = agents.Unknown
		case (agent == "gemini" || agent == "opencode") && s == agents.Done:
			reads = agents.Idle
		}
		out := []string{"clear"}
		for _, l := range lines {
			out = append(out, "print "+l)
		}
		return out, reads
	},
}
