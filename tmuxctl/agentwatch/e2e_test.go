package agentwatch_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/internal/agenttest"
	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/agentwatch"
)

// The scripted steps every fake agent goes through, and how each path
// (the hook, the title, the screen) shows them.
var steps = []agents.State{agents.Working, agents.Waiting, agents.Working, agents.Done, agents.Exited}

// show is what a fake agent does to show state on a path: the steps, and
// the state the rules should read from them (a path that cannot say a
// state reads otherwise: Gemini's title and OpenCode's screen have no
// done, only their idle prompt; Aider prints no busy marker; Claude,
// Aider and OpenCode set no title the rules read).
type show func(agent string, s agents.State) (steps []string, reads agents.State)

var paths = map[string]show{
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
		return []string{"title " + cmpOr(title, agent)}, agents.Unknown
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

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// fake is one fake agent in a pane.
type fake struct {
	agent string
	pane  tmux.PaneID
	reads []agents.State // what List should read at each of steps
}

// TestAgentsAtEveryStep runs four fake agents (one of each kind but
// OpenCode) in a window and two (OpenCode, and Claude under a shell) in
// another session, each through working, waiting, working, done and
// exited, on each path: at every step Wait wakes on the agent's state and
// List agrees with every agent's, and SendKeys answers each waiting
// agent's prompt.
func TestAgentsAtEveryStep(t *testing.T) {
	tmuxtest.SkipEndToEndIfShort(t)
	for _, path := range []string{"hook", "title", "screen"} {
		t.Run(path, func(t *testing.T) {
			t.Parallel()
			testPath(t, path)
		})
	}
}

func testPath(t *testing.T, path string) {
	srv, c := clienttest.New(t, tmux.Env{})
	bin := agenttest.Install(t)
	show := paths[path]
	srv.Must("set-option", "-g", "remain-on-exit", "on")
	srv.Must("new-session", "-d", "-s", "other", "exec sh")
	srv.Must("resize-window", "-t", "other:0", "-x", "200", "-y", "50")
	var fakes []*fake
	start := func(target, agent string, underShell bool) {
		var script []string
		f := &fake{agent: agent}
		for _, s := range steps {
			if s == agents.Exited {
				script = append(script, "exit 0")
				f.reads = append(f.reads, agents.Exited)
				break
			}
			do, reads := show(agent, s)
			script = append(append(script, do...), "read")
			f.reads = append(f.reads, reads)
		}
		cmd := agenttest.Command(bin, agent, script...)
		if underShell {
			cmd = strings.TrimPrefix(cmd, "exec ") + "; exec sh"
		}
		f.pane = tmux.PaneID(srv.Must("split-window", "-d", "-P", "-F", "#{pane_id}", "-t", target, cmd))
		srv.Must("select-layout", "-t", target, "tiled")
		fakes = append(fakes, f)
	}
	for _, a := range []string{"claude", "codex", "gemini", "aider"} {
		start("main:0", a, false)
	}
	start("other:0", "opencode", false)
	start("other:0", "claude", true)

	w := agentwatch.New(c, agents.DefaultRules())
	ctx := t.Context()
	all := tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer}
	var slowest time.Duration
	slowStep := 0
	for i, s := range steps {
		advanced := time.Now()
		if i > 0 {
			for _, f := range fakes {
				if steps[i-1] == agents.Waiting {
					// The agent's prompt: answer it as an orchestrator would.
					if err := agentwatch.SendKeys(ctx, c, f.pane, "y", nil, true, false); err != nil {
						t.Fatal(err)
					}
				} else {
					srv.Must("send-keys", "-t", string(f.pane), "Enter")
				}
			}
		}
		for _, f := range fakes {
			want := f.reads[i]
			got, err := w.Wait(ctx, all, []tmux.PaneID{f.pane}, []agents.State{want}, 15*time.Second, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !got.Matched {
				a, steps, _ := w.Explain(ctx, f.pane)
				t.Fatalf("step %d (%s), %s path: %s in %s never read %s in %d looks; it reads %+v because %+v\n%s",
					i, s, path, f.agent, f.pane, want, got.Looks, a, steps, srv.Must("capture-pane", "-p", "-t", string(f.pane)))
			}
		}
		if d := time.Since(advanced); d > slowest {
			slowest, slowStep = d, i
		}
		list, err := w.List(ctx, all)
		if err != nil {
			t.Fatal(err)
		}
		checkList(t, fmt.Sprintf("step %d (%s), %s path", i, s, path), path, list, fakes, i)
		if s == agents.Waiting && path == "screen" {
			for _, a := range list {
				if a.Name == "claude" && !slices.Contains(a.Question, "Do you want to proceed?") {
					t.Errorf("claude's question reads %q", a.Question)
				}
			}
		}
	}
	t.Logf("tmux %s, %s path: every agent read its state within %v of each step (the slowest, step %d)", srv.Version(), path, slowest, slowStep)
}

// checkList checks that list holds each fake agent, in reading order,
// named, in its state at step i, decided by path.
func checkList(t *testing.T, at, path string, list []agentwatch.Agent, fakes []*fake, i int) {
	t.Helper()
	if len(list) != len(fakes) {
		t.Fatalf("%s: List found %d agents, want %d: %+v", at, len(list), len(fakes), list)
	}
	byPane := map[tmux.PaneID]agentwatch.Agent{}
	for k, a := range list {
		byPane[a.Pane] = a
		if k > 0 {
			p := list[k-1]
			if p.SessionName > a.SessionName || p.SessionName == a.SessionName && (p.WindowIndex > a.WindowIndex || p.WindowIndex == a.WindowIndex && p.PaneIndex > a.PaneIndex) {
				t.Errorf("%s: List is out of reading order at %s after %s", at, a.Pane, p.Pane)
			}
		}
	}
	for _, f := range fakes {
		a, ok := byPane[f.pane]
		want := f.reads[i]
		switch {
		case !ok:
			t.Errorf("%s: List left out %s in %s", at, f.agent, f.pane)
		case a.Name != f.agent || a.State != want:
			t.Errorf("%s: List reads %s in %s as %s %s (%s), want %s %s", at, f.agent, f.pane, a.Name, a.State, a.Source, f.agent, want)
		case want == agents.Exited && a.Source.Kind != agents.SourceProcess,
			want != agents.Exited && want != agents.Unknown && string(a.Source.Kind) != path:
			t.Errorf("%s: %s in %s is %s by %s, want by the %s", at, f.agent, f.pane, a.State, a.Source, path)
		case path == "hook" && want != agents.Exited && a.Since.IsZero():
			t.Errorf("%s: %s in %s has no since", at, f.agent, f.pane)
		}
	}
}
