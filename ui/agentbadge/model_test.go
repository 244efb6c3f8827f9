package agentbadge

import (
	"context"
	"errors"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmuxctl/agentwatch"
)

// looker drives a Model as the navigator does, holding the commands a
// look returns to run them when the test says.
type looker struct {
	t      *testing.T
	m      Model
	src    *fakeSource
	timers int
	calls  []func() tea.Msg
}

func newLooker(t *testing.T) *looker {
	l := &looker{t: t, src: &fakeSource{}}
	l.m = New(l.src, DefaultStyles(false))
	return l
}

func (l *looker) env() Env {
	return Env{
		Req: Request("$1", false),
		After: func(time.Duration, func(time.Time) tea.Msg) tea.Cmd {
			l.timers++
			return nil
		},
		Call: func(f func(context.Context) tea.Msg) tea.Cmd {
			l.calls = append(l.calls, func() tea.Msg { return f(context.Background()) })
			return nil
		},
	}
}

// answer runs the oldest look in flight and gives Update its answer.
func (l *looker) answer() bool {
	l.t.Helper()
	if len(l.calls) == 0 {
		l.t.Fatal("no look in flight")
	}
	call := l.calls[0]
	l.calls = l.calls[1:]
	changed, _ := l.m.Update(call(), l.env())
	return changed
}

// TestModelChangedOnlyWhenABadgeChanges: a look that finds the same
// badges changes nothing (no redraw); a new state, a new agent or a gone
// one does; a failed look keeps the badges.
func TestModelChangedOnlyWhenABadgeChanges(t *testing.T) {
	l := newLooker(t)
	l.m.Update(TickMsg{}, l.env())
	l.src.list = server()
	if !l.answer() {
		t.Fatal("the first look changed nothing")
	}
	before := l.m.Badges()
	if len(before) != 5 || !before["%2"].Loud || before["%1"].Loud {
		t.Fatalf("badges %v", before)
	}
	steps := []struct {
		name    string
		edit    func([]agentwatch.Agent) []agentwatch.Agent
		err     error
		changed bool
	}{
		{"the same", func(l []agentwatch.Agent) []agentwatch.Agent { return l }, nil, false},
		{"only since changes", func(l []agentwatch.Agent) []agentwatch.Agent { l[0].Since = time.Unix(9, 0); return l }, nil, false},
		{"a state changes", func(l []agentwatch.Agent) []agentwatch.Agent { l[0].State = agents.Waiting; return l }, nil, true},
		{"a failed look", func(l []agentwatch.Agent) []agentwatch.Agent { return nil }, errors.New("gone"), false},
		{"an agent exits its pane", func(l []agentwatch.Agent) []agentwatch.Agent { return l[1:] }, nil, true},
	}
	for _, st := range steps {
		l.src.list, l.src.err = st.edit(server()), st.err
		l.m.Update(TickMsg{}, l.env())
		if got := l.answer(); got != st.changed {
			t.Errorf("%s: changed %t, want %t", st.name, got, st.changed)
		}
	}
	if _, ok := l.m.Badges()["%1"]; ok {
		t.Error("the badge of a pane that left the list stayed")
	}
	if l.m.Waiting() != true {
		t.Error("Waiting is false with agents waiting")
	}
}

// TestModelOneLookAtATime: a tick or a notification while a look is in
// flight starts none beside it, but one more once it is back; each tick
// sets the next.
func TestModelOneLookAtATime(t *testing.T) {
	l := newLooker(t)
	l.m.Update(TickMsg{}, l.env())
	l.m.Look(l.env())
	l.m.Update(TickMsg{}, l.env())
	if len(l.calls) != 1 {
		t.Fatalf("%d looks in flight, want 1", len(l.calls))
	}
	l.answer()
	if len(l.calls) != 1 {
		t.Fatalf("%d looks after the first came back, want the one asked for meanwhile", len(l.calls))
	}
	l.answer()
	if len(l.calls) != 0 {
		t.Fatalf("%d looks left, want none", len(l.calls))
	}
	if l.timers != 2 {
		t.Errorf("%d timers set by 2 ticks", l.timers)
	}
	stopped := l.env()
	stopped.Stopped = true
	l.m.Update(TickMsg{}, stopped)
	if len(l.calls) != 0 || l.timers != 2 {
		t.Error("a stopped navigator still looks")
	}
}

// TestModelOff: without a source nothing starts.
func TestModelOff(t *testing.T) {
	m := New(nil, DefaultStyles(true))
	if m.On() || m.Start() != nil {
		t.Error("a model without a source starts looking")
	}
}
