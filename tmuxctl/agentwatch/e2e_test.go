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

// fake is one fake agent in a pane.
type fake struct {
	agent string
	pane  tmux.PaneID
	reads []agents.State // what List should read at each of agenttest.Steps
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
	show := agenttest.Paths[path]
	srv.Must("set-option", "-g", "remain-on-exit", "on")
	srv.Must("new-session", "-d", "-s", "other", "exec sh")
	srv.Must("resize-window", "-t", "other:0", "-x", "200", "-y", "50")
	var fakes []*fake
	start := func(target, agent string, underShell bool) {
		var script []string
		f := &fake{agent: agent}
		for _, s := range agenttest.Steps {
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
	for i, s := range agenttest.Steps {
		advanced := time.Now()
		if i > 0 {
			for _, f := range fakes {
				if agenttest.Steps[i-1] == agents.Waiting {
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
