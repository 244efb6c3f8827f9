package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/internal/agenttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/agentwatch"
	"github.com/panemap/panemap/ui/agentbadge"
)

// TestE2EMapAgreesWithListAtEveryStep: four fake agents (Claude, Codex,
// Gemini, Aider) in the window an open popup maps go through working,
// waiting, working, done and exited, by their hooks, their titles and
// their screens in turn: at every step, once what list_agents reads
// (agentwatch, as the MCP tool and panemap agents read) is each agent's
// scripted state, the map shows each agent's badge with that state,
// without being opened again.
func TestE2EMapAgreesWithListAtEveryStep(t *testing.T) {
	tmuxtest.SkipEndToEndIfShort(t)
	for path := range agenttest.Paths {
		t.Run(path, func(t *testing.T) {
			t.Parallel()
			mapAgreesOn(t, path)
		})
	}
}

func mapAgreesOn(t *testing.T, path string) {
	n := tmuxtest.StartNested(t, 200, 50)
	in := n.Inner
	bin := agenttest.Install(t)
	in.Must("set-option", "-g", "remain-on-exit", "on")
	type fake struct {
		agent string
		pane  tmux.PaneID
		reads []agents.State
	}
	var fakes []*fake
	for _, agent := range []string{"claude", "codex", "gemini", "aider"} {
		f := &fake{agent: agent}
		var script []string
		for _, s := range agenttest.Steps {
			if s == agents.Exited {
				script = append(script, "exit 0")
				f.reads = append(f.reads, agents.Exited)
				break
			}
			do, reads := agenttest.Paths[path](agent, s)
			script = append(append(script, do...), "read")
			f.reads = append(f.reads, reads)
		}
		f.pane = tmux.PaneID(in.Must("split-window", "-d", "-P", "-F", "#{pane_id}", "-t", "main:0", agenttest.Command(bin, agent, script...)))
		in.Must("select-layout", "-t", "main:0", "tiled")
		fakes = append(fakes, f)
	}
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: in.Name, Source: "-L"}, Env: tmuxtest.Env(), Control: tmux.ControlNever})
	t.Cleanup(func() { _ = c.Close() })
	w := agentwatch.New(c, agents.DefaultRules())
	all := tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer}

	loadPlugin(t, in, tmuxtest.Panemap(t))
	n.Keys("C-b", pluginDefaultKey)
	n.WaitScreen(wait, "the popup from the plugin's key", func(scr string) bool { return strings.Contains(scr, "NAV") })
	for i, s := range agenttest.Steps {
		if i > 0 {
			for _, f := range fakes {
				in.Must("send-keys", "-t", string(f.pane), "Enter")
			}
		}
		at := fmt.Sprintf("step %d (%s), %s path", i, s, path)
		var list []agents.Agent
		tmuxtest.Eventually(t, 15*time.Second, func() bool {
			var err error
			if list, err = w.List(t.Context(), all); err != nil {
				t.Fatal(err)
			}
			for _, f := range fakes {
				if !listed(list, f.pane, f.agent, f.reads[i]) {
					return false
				}
			}
			return true
		}, "%s: the agents read %+v", at, list)
		var badges []string
		for _, f := range fakes {
			badges = append(badges, agentbadge.Text(f.agent, f.reads[i]))
		}
		n.WaitScreen(wait, at+": the map's badges "+strings.Join(badges, ", "), func(scr string) bool {
			for _, b := range badges {
				if !strings.Contains(scr, b) {
					return false
				}
			}
			return true
		})
	}
}

// listed reports whether list has agent in pane, in state.
func listed(list []agents.Agent, pane tmux.PaneID, agent string, state agents.State) bool {
	for _, a := range list {
		if a.Pane == pane {
			return a.Name == agent && a.State == state
		}
	}
	return false
}
