package agentbadge

import (
	"context"
	"slices"
	"testing"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/serverview"
)

// agent is a listed agent pane.
func agent(sess string, win, pane int, id string, s agents.State) agents.Agent {
	return agents.Agent{Pane: tmux.PaneID(id), PaneIndex: pane, WindowIndex: win, Window: tmux.WindowID("@" + id[1:]),
		Session: tmux.SessionID("$" + sess), SessionName: sess, Name: "claude", State: s}
}

// server is two sessions' agents in reading order: three wait.
func server() []agents.Agent {
	return []agents.Agent{
		agent("a", 0, 0, "%1", agents.Working),
		agent("a", 0, 1, "%2", agents.Waiting),
		agent("a", 1, 0, "%5", agents.Waiting),
		agent("b", 0, 0, "%7", agents.Waiting),
		agent("b", 2, 1, "%9", agents.Done),
	}
}

// TestNextOrder: n goes to the next waiting agent after the focused
// pane in reading order, across windows and sessions, and wraps round;
// pressed again from there, to the one after.
func TestNextOrder(t *testing.T) {
	for _, tc := range []struct {
		name string
		from Place
		want tmux.PaneID
	}{
		{"from an agent that works", Place{"%1", "a", 0, 0}, "%2"},
		{"from a waiting one: the one after, in the next window", Place{"%2", "a", 0, 1}, "%5"},
		{"into the next session", Place{"%5", "a", 1, 0}, "%7"},
		{"wrapping round from the last", Place{"%7", "b", 0, 0}, "%2"},
		{"from a pane without an agent, between two", Place{"%3", "a", 0, 2}, "%5"},
		{"from a pane without an agent, before all", Place{"%0", "A", 3, 0}, "%2"},
		{"from a pane without an agent, after all", Place{"%8", "c", 0, 0}, "%2"},
		{"from a session between", Place{"%4", "ab", 0, 0}, "%7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := Next(server(), tc.from)
			if !ok || got.Pane != tc.want {
				t.Errorf("Next from %s = %s (%t), want %s", tc.from.Pane, got.Pane, ok, tc.want)
			}
		})
	}
}

// TestNextPresses: pressed again from where it went, n visits every
// waiting agent once before it comes back to the first.
func TestNextPresses(t *testing.T) {
	list := server()
	from := Place{"%3", "a", 0, 2}
	var visits []tmux.PaneID
	for range 4 {
		a, ok := Next(list, from)
		if !ok {
			t.Fatal("no waiting agent found")
		}
		visits = append(visits, a.Pane)
		from = Place{a.Pane, a.SessionName, a.WindowIndex, a.PaneIndex}
	}
	if got, want := visits, []tmux.PaneID{"%5", "%7", "%2", "%5"}; !slices.Equal(got, want) {
		t.Errorf("visits %v, want %v", got, want)
	}
}

// TestNextNone: with no waiting agent, n finds nowhere to go.
func TestNextNone(t *testing.T) {
	list := []agents.Agent{agent("a", 0, 0, "%1", agents.Working), agent("a", 0, 1, "%2", agents.Done)}
	if a, ok := Next(list, Place{"%1", "a", 0, 0}); ok {
		t.Errorf("Next found %s", a.Pane)
	}
	if a, ok := Next(nil, Place{"%1", "a", 0, 0}); ok {
		t.Errorf("Next found %s in no list", a.Pane)
	}
}

// fakeSource lists what it is given, and counts the looks.
type fakeSource struct {
	list  []agents.Agent
	err   error
	asked []tmux.SessionID // the session of each look, "" the server
	looks int
	owes  bool // a screen is still owed after a look
}

func (f *fakeSource) Owed() bool { return f.owes }

func (f *fakeSource) Agents(_ context.Context, s tmux.SessionID) ([]agents.Agent, error) {
	f.looks++
	f.asked = append(f.asked, s)
	return f.list, f.err
}

// TestFind: n looks at the whole server, and names where to jump, or
// says none waits.
func TestFind(t *testing.T) {
	src := &fakeSource{list: server()}
	to, note, err := Find(context.Background(), src, Place{"%5", "a", 1, 0})
	if err != nil || note != "" || to != (serverview.Target{Session: "$b", Window: "@7", Pane: "%7"}) {
		t.Errorf("Find = %+v, %q, %v", to, note, err)
	}
	if len(src.asked) != 1 || src.asked[0] != "" {
		t.Errorf("looked at %q, want one look at the server", src.asked)
	}
	src.list = []agents.Agent{agent("a", 0, 0, "%1", agents.Working)}
	if _, note, err := Find(context.Background(), src, Place{"%5", "a", 1, 0}); note != NoneWaits || err != nil {
		t.Errorf("with none waiting: note %q, err %v", note, err)
	}
}
