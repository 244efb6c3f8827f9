package agentbadge

import (
	"context"
	"errors"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
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
		Session: Covered("$1", false),
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
	l.m.Update(TickMsg{first: true}, l.env())
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
		edit    func([]agents.Agent) []agents.Agent
		err     error
		changed bool
	}{
		{"the same", func(l []agents.Agent) []agents.Agent { return l }, nil, false},
		{"only since changes", func(l []agents.Agent) []agents.Agent { l[0].Since = time.Unix(9, 0); return l }, nil, false},
		{"a state changes", func(l []agents.Agent) []agents.Agent { l[0].State = agents.Waiting; return l }, nil, true},
		{"a failed look", func(l []agents.Agent) []agents.Agent { return nil }, errors.New("gone"), false},
		{"an agent exits its pane", func(l []agents.Agent) []agents.Agent { return l[1:] }, nil, true},
	}
	for _, st := range steps {
		l.src.list, l.src.err = st.edit(server()), st.err
		l.m.Update(TickMsg{}, l.env())
		l.m.Look(l.env())
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

// TestModelLooksWhenTold: the first look starts at once; after it, a
// look waits until it is told something changed (Look), and then for the
// spell after the last look to end, one look for any number of tellings;
// while the server view is open (Periodic) it looks at every spell's end
// untold; a stopped navigator does not look.
func TestModelLooksWhenTold(t *testing.T) {
	l := newLooker(t)
	l.m.Update(TickMsg{first: true}, l.env())
	if len(l.calls) != 1 || l.timers != 1 {
		t.Fatalf("the first tick: %d looks, %d timers; want 1 and 1", len(l.calls), l.timers)
	}
	l.answer()
	l.m.Update(TickMsg{}, l.env())
	if len(l.calls) != 0 {
		t.Fatal("the spell's end looked untold")
	}
	l.m.Look(l.env())
	if len(l.calls) != 1 {
		t.Fatalf("told after the spell: %d looks, want 1 at once", len(l.calls))
	}
	l.m.Look(l.env())
	l.m.Look(l.env())
	l.answer()
	if len(l.calls) != 0 {
		t.Fatal("told during the spell, it looked before the spell's end")
	}
	l.m.Update(TickMsg{}, l.env())
	if len(l.calls) != 1 {
		t.Fatalf("the spell's end after two tellings: %d looks, want 1", len(l.calls))
	}
	l.answer()
	periodic := l.env()
	periodic.Periodic = true
	for range 2 {
		l.m.Update(TickMsg{}, periodic)
		if len(l.calls) != 1 {
			t.Fatalf("periodic: %d looks at the spell's end, want 1", len(l.calls))
		}
		l.answer()
	}
	stopped := l.env()
	stopped.Stopped = true
	l.m.Update(TickMsg{}, l.env())
	l.m.Look(stopped)
	if len(l.calls) != 0 {
		t.Error("a stopped navigator still looks")
	}
}

// TestModelSlowLook: a spell that ends while its look is still out
// leaves a telling for the look's answer.
func TestModelSlowLook(t *testing.T) {
	l := newLooker(t)
	l.m.Update(TickMsg{first: true}, l.env())
	l.m.Look(l.env())
	l.m.Update(TickMsg{}, l.env())
	if len(l.calls) != 1 {
		t.Fatalf("%d looks in flight, want 1", len(l.calls))
	}
	l.answer()
	if len(l.calls) != 1 {
		t.Fatalf("%d looks once the slow one came back, want the one told of", len(l.calls))
	}
}

// TestModelLooksAgainWhileOwed: a look after which the source still owes
// a screen (its captures' budget left one for later) is followed by
// another once LookEvery has passed, though nothing told of a change:
// otherwise an agent's last change would never show.
func TestModelLooksAgainWhileOwed(t *testing.T) {
	l := newLooker(t)
	l.m.Update(TickMsg{first: true}, l.env())
	l.src.owes = true
	l.answer()
	l.m.Update(TickMsg{}, l.env())
	if len(l.calls) != 1 {
		t.Fatalf("%d looks after a look that left a screen owed, want 1", len(l.calls))
	}
	l.src.owes = false
	l.answer()
	l.m.Update(TickMsg{}, l.env())
	if len(l.calls) != 0 {
		t.Fatalf("%d looks with nothing owed and nothing told, want 0", len(l.calls))
	}
}

// TestModelOff: without a source nothing starts.
func TestModelOff(t *testing.T) {
	m := New(nil, DefaultStyles(true))
	if m.On() || m.Start() != nil {
		t.Error("a model without a source starts looking")
	}
}

// TestModelAmong: the panes that printed include an agent's pane, whose
// screen may say a new state, or not.
func TestModelAmong(t *testing.T) {
	l := newLooker(t)
	l.src.list = server()
	l.m.Update(TickMsg{first: true}, l.env())
	l.answer()
	if !l.m.Among([]tmux.PaneID{"%3", "%5"}) {
		t.Error("%5 runs an agent: not among")
	}
	if l.m.Among([]tmux.PaneID{"%3", "%4"}) || l.m.Among(nil) {
		t.Error("panes without agents: among")
	}
}
