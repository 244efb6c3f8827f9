package ui

import (
	"context"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/ui/agentbadge"
)

// fakeAgents is the agents' source: it lists what the test says.
type fakeAgents struct {
	mu    sync.Mutex
	list  []agents.Agent
	scope []tmux.SessionID // the session of each look, "" the server
}

func (f *fakeAgents) Agents(_ context.Context, s tmux.SessionID) ([]agents.Agent, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.scope = append(f.scope, s)
	return append([]agents.Agent(nil), f.list...), nil
}

func (f *fakeAgents) Owed() bool { return false }

func (f *fakeAgents) set(list ...agents.Agent) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.list = list
}

func (f *fakeAgents) looks() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.scope)
}

// inMain is an agent in gridState's session main.
func inMain(win tmux.WindowID, winIndex int, pane tmux.PaneID, paneIndex int, name string, s agents.State) agents.Agent {
	return agents.Agent{Pane: pane, PaneIndex: paneIndex, Window: win, WindowIndex: winIndex, Session: "$1", SessionName: "main", Name: name, State: s}
}

// agentHarness is the navigator over gridState with agents.
func agentHarness(t *testing.T, list ...agents.Agent) (*harness, *fakeAgents) {
	t.Helper()
	src := &fakeAgents{list: list}
	opts := testOptions()
	opts.Agents, opts.Client = src, "tty7"
	return newHarnessOn(t, newFake(gridState()), opts, 80, 24), src
}

// TestAgentBadgesFollowState: the map shows each agent's badge once the
// first look is back, the next look's new state, and n at the head of
// the help line while one waits; the server view shows them too (the
// state alone in a box too narrow for the name).
func TestAgentBadgesFollowState(t *testing.T) {
	h, src := agentHarness(t, inMain("@1", 0, "%1", 1, "claude", agents.Waiting), inMain("@1", 0, "%2", 2, "codex", agents.Working))
	scr := h.screen()
	for _, want := range []string{"claude ? waiting", "codex ● working", "n next waiting agent"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the map does not show %q:\n%s", want, scr)
		}
	}
	// The poll's stamp changed (the fake's always does): a look once the
	// spell after the first ends.
	src.set(inMain("@1", 0, "%1", 1, "claude", agents.Done), inMain("@1", 0, "%2", 2, "codex", agents.Working))
	h.send(pollMsg{}, agentbadge.TickMsg{})
	scr = h.screen()
	if !strings.Contains(scr, "claude ✓ done") || strings.Contains(scr, "waiting") {
		t.Errorf("the map does not follow the state to done:\n%s", scr)
	}
	src.set(inMain("@1", 0, "%1", 1, "claude", agents.Done), inMain("@2", 1, "%5", 1, "gemini", agents.Error))
	h.send(tea.WindowSizeMsg{Width: 160, Height: 40})
	h.keys("w")
	h.send(agentbadge.TickMsg{})
	if scr = h.screen(); !strings.Contains(scr, "claude ✓ done") || !strings.Contains(scr, "h  ✗ error %5") {
		t.Errorf("the server view does not show the badges:\n%s", scr)
	}
}

// TestAgentBadgesSameLookNoRedraw: a look that finds what the map shows
// draws nothing again: the badges are the same map, the map the same.
func TestAgentBadgesSameLookNoRedraw(t *testing.T) {
	h, src := agentHarness(t, inMain("@1", 0, "%1", 1, "claude", agents.Working))
	badges, key := h.m.agents.Badges(), h.m.mapKey
	before := src.looks()
	h.send(pollMsg{}, agentbadge.TickMsg{})
	if src.looks() != before+1 {
		t.Fatalf("the tick looked %d times", src.looks()-before)
	}
	if reflect.ValueOf(h.m.agents.Badges()).Pointer() != reflect.ValueOf(badges).Pointer() || h.m.mapKey != key {
		t.Error("an unchanged look made new badges or a new map")
	}
}

// TestAgentsLookWhenTold: after the first look, the map looks at its
// session's agents only when told something may have changed: a poll
// whose stamp changed (at once when its agents' part, which reads the
// hooks' options, did; else once the spell after the last look ends), a
// tmux notification that can change what it shows, or an agent's hook
// (from 3.7: FollowAgents, at once); an idle map adds no look to tmux's
// message log. The server view looks at the server at every spell's end.
func TestAgentsLookWhenTold(t *testing.T) {
	core := newFake(gridState())
	core.stamp = &tmuxctl.Stamp{Text: "still"}
	src := &fakeAgents{}
	opts := testOptions()
	opts.Agents = src
	h := newHarnessOn(t, core, opts, 80, 24)
	h.send(pollMsg{}, agentbadge.TickMsg{}) // the first stamp is news
	seen := src.looks()
	looked := func(want int, after string) {
		t.Helper()
		if got := src.looks() - seen; got != want {
			t.Errorf("%s: %d looks, want %d", after, got, want)
		}
		seen = src.looks()
	}
	h.send(pollMsg{}, agentbadge.TickMsg{}, pollMsg{}, agentbadge.TickMsg{})
	looked(0, "an idle map's polls")
	core.stamp = &tmuxctl.Stamp{Text: "a pane printed"}
	h.send(pollMsg{})
	looked(1, "a new stamp")
	core.stamp = &tmuxctl.Stamp{Text: "a hook set a state", Agents: "waiting"}
	h.send(pollMsg{})
	looked(1, "a stamp with a hook's new state, within the spell")
	core.stamp = &tmuxctl.Stamp{Text: "printed again", Agents: "waiting"}
	h.send(pollMsg{})
	looked(0, "another new stamp, within the spell")
	h.send(agentbadge.TickMsg{})
	looked(1, "the spell's end")
	h.send(agentbadge.TickMsg{})
	looked(0, "the next spell's end, untold")
	// The same stamp, but output in the second of the last read: the map
	// reads again (the stamp cannot tell), and the agents need no look.
	core.stamp = &tmuxctl.Stamp{Text: "printed again", Agents: "waiting", Activity: time.Now().Unix() + 60}
	h.send(pollMsg{})
	looked(0, "a stamp unchanged but for output in the second of the last read")

	closed := make(chan tmux.Event)
	close(closed)
	h.m.events = closed
	h.send(tmuxEventMsg{ev: tmux.Event{Kind: tmux.EventWindowPaneChanged, Args: []string{"@1", "%3"}}})
	looked(1, "a window-pane-changed notification")
	h.m.events = closed
	h.send(tmuxEventMsg{ev: tmux.Event{Kind: tmux.EventSubscriptionChanged, Args: []string{"panemap-agents", "$1", "@1", "0", "%1", "- : waiting"}}})
	looked(1, "a subscription-changed notification, within the spell")
	h.send(agentbadge.TickMsg{})
	looked(0, "the spell's end, untold")

	h.keys("w")
	looked(1, "the server view's opening")
	h.send(agentbadge.TickMsg{}, agentbadge.TickMsg{})
	looked(2, "two spells of the server view")
	if got := src.scope[len(src.scope)-1]; got != "" {
		t.Errorf("the server view's look covers %s, want the server", got)
	}
	if src.scope[0] != "$1" {
		t.Errorf("the map's look covers %s, want its session", src.scope[0])
	}
}

// TestNextWaitingKey: n jumps to the next waiting agent after the
// focused pane, in any window (through the a key's jump), and closes;
// from there, n goes to the one after; with none waiting it says so and
// stays.
func TestNextWaitingKey(t *testing.T) {
	list := []agents.Agent{
		inMain("@1", 0, "%1", 1, "claude", agents.Waiting),
		inMain("@1", 0, "%2", 2, "codex", agents.Working),
		inMain("@2", 1, "%5", 1, "gemini", agents.Waiting),
	}
	h, _ := agentHarness(t, list...)
	h.keys("n")
	h.wantCalls(`jump $1 @1 %1 client="tty7"`)
	if !h.m.quitting {
		t.Error("the navigator stayed open after the jump")
	}

	// Opened again on %1, the pane it went to: the next press.
	st := gridState()
	st.Windows[0].Panes[0].Active, st.Windows[0].Panes[1].Active = false, true
	src := &fakeAgents{list: list}
	opts := testOptions()
	opts.Agents, opts.Client = src, "tty7"
	h = newHarnessOn(t, newFake(st), opts, 80, 24)
	h.keys("n")
	h.wantCalls(`jump $1 @2 %5 client="tty7"`)

	h, src = agentHarness(t, inMain("@1", 0, "%1", 1, "claude", agents.Working))
	h.keys("n")
	h.wantCalls()
	h.wantStatus("no agent is waiting")
	if h.m.quitting {
		t.Error("the navigator closed with nowhere to go")
	}
	if got := src.scope[len(src.scope)-1]; got != "" {
		t.Errorf("n looked at %s, want the server", got)
	}
}

// TestNextWaitingWithoutAgents: a navigator that reads no agents says
// none waits.
func TestNextWaitingWithoutAgents(t *testing.T) {
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	h.keys("n")
	h.wantCalls()
	h.wantStatus("no agent is waiting")
}
