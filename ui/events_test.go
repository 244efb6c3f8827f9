package ui

import (
	"context"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// eventCore is the fake core with an event stream the test feeds, and
// reads that can be held back to make a burst arrive mid-read.
type eventCore struct {
	*fakeCore
	ch chan tmux.Event

	mu       sync.Mutex
	follows  []tmux.SessionID
	reads    int
	inFlight int
	maxIn    int
	gate     chan struct{} // when set, each read waits for a value
}

func (c *eventCore) Events(ctx context.Context) (<-chan tmux.Event, bool) { return c.ch, true }

func (c *eventCore) FollowSession(ctx context.Context, s tmux.SessionID) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.follows = append(c.follows, s)
	return nil
}

func (c *eventCore) ReadState(ctx context.Context, s tmux.SessionID) (*tmux.State, error) {
	c.mu.Lock()
	c.reads++
	c.inFlight++
	c.maxIn = max(c.maxIn, c.inFlight)
	gate := c.gate
	c.mu.Unlock()
	if gate != nil {
		<-gate
	}
	defer func() { c.mu.Lock(); c.inFlight--; c.mu.Unlock() }()
	return c.fakeCore.ReadState(ctx, s)
}

func (c *eventCore) counts() (reads, maxIn int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.reads, c.maxIn
}

// loop runs a Model as tea.Program does, with commands on goroutines, so
// that the command waiting on the event channel may block.
type loop struct {
	t    *testing.T
	m    Model
	msgs chan tea.Msg
}

func newLoop(t *testing.T, core Core) *loop {
	l := &loop{t: t, msgs: make(chan tea.Msg, 100)}
	l.m = New(core, testOptions())
	l.m.after = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil } // no timers
	l.update(tea.WindowSizeMsg{Width: 100, Height: 30})
	l.exec(l.m.Init())
	return l
}

func (l *loop) exec(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		switch msg := cmd().(type) {
		case nil:
		case tea.BatchMsg:
			for _, c := range msg {
				l.exec(c)
			}
		default:
			l.msgs <- msg
		}
	}()
}

func (l *loop) update(msg tea.Msg) {
	m, cmd := l.m.Update(msg)
	l.m = m.(Model)
	l.exec(cmd)
}

// until applies messages until cond holds.
func (l *loop) until(what string, cond func(m Model) bool) {
	l.t.Helper()
	deadline := time.After(5 * time.Second)
	for !cond(l.m) {
		select {
		case msg := <-l.msgs:
			l.update(msg)
		case <-deadline:
			l.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// settle applies messages until none arrives for a while.
func (l *loop) settle() {
	for {
		select {
		case msg := <-l.msgs:
			l.update(msg)
		case <-time.After(100 * time.Millisecond):
			return
		}
	}
}

func paneCount(m Model) int {
	if w := m.window(); w != nil {
		return len(w.Panes)
	}
	return 0
}

func TestEventsRefreshTheMap(t *testing.T) {
	core := &eventCore{fakeCore: newFake(gridState()), ch: make(chan tmux.Event, 64)}
	l := newLoop(t, core)
	core.ch <- tmux.Event{Kind: tmux.EventConnected, Args: []string{"$1"}}
	l.until("the first state and a live stream", func(m Model) bool { return m.loaded && m.live && m.events != nil })
	l.settle()
	if core.follows == nil || core.follows[0] != "$1" {
		t.Fatalf("FollowSession calls = %v, want [$1]", core.follows)
	}
	if got := l.m.pollInterval(); got != eventPollEvery {
		t.Fatalf("poll interval with live events = %v, want %v", got, eventPollEvery)
	}

	// A split made elsewhere: the map follows the event, not a poll.
	n := paneCount(l.m)
	core.edit(func(st *tmux.State) {
		w := st.Windows[0]
		p := w.Panes[len(w.Panes)-1]
		p.ID, p.Index, p.Active = "%99", len(w.Panes), false
		w.Panes = append(w.Panes, p)
	})
	core.ch <- tmux.Event{Kind: tmux.EventLayoutChange, Args: []string{"@1", "x", "x", "*"}}
	l.until("the new pane on the map", func(m Model) bool { return paneCount(m) == n+1 })

	// Notifications that change nothing shown do not read.
	reads, _ := core.counts()
	core.ch <- tmux.Event{Kind: "client-detached", Args: []string{"x"}}
	l.settle()
	if r, _ := core.counts(); r != reads {
		t.Fatalf("an irrelevant notification read tmux %d times", r-reads)
	}

	// A burst while a read is held: one read in flight, one pending.
	core.mu.Lock()
	core.gate = make(chan struct{})
	gate := core.gate
	core.mu.Unlock()
	core.ch <- tmux.Event{Kind: tmux.EventWindowPaneChanged, Args: []string{"@1", "%2"}}
	l.until("a read in flight", func(m Model) bool { return m.reading })
	for range 20 {
		core.ch <- tmux.Event{Kind: tmux.EventLayoutChange, Args: []string{"@1", "x", "x", "*"}}
	}
	l.until("the burst queued as one pending refresh", func(m Model) bool { return m.refreshPending && len(core.ch) == 0 })
	l.settle() // the last events of the burst, still mid-read
	close(gate)
	l.settle()
	r, maxIn := core.counts()
	if r-reads != 2 || maxIn != 1 {
		t.Fatalf("a burst of 21 events made %d reads (%d at once), want 2 (1 at once)", r-reads, maxIn)
	}

	// The stream down: poll fast until it is back.
	core.ch <- tmux.Event{Kind: tmux.EventDisconnected}
	l.until("not live", func(m Model) bool { return !m.live })
	if got := l.m.pollInterval(); got != pollEvery {
		t.Fatalf("poll interval without events = %v, want %v", got, pollEvery)
	}
	core.ch <- tmux.Event{Kind: tmux.EventConnected, Args: []string{"$1"}}
	l.until("live again", func(m Model) bool { return m.live })
	close(core.ch)
	l.until("the stream closed", func(m Model) bool { return m.events == nil && !m.live })
}

// A core without events is polled as before.
func TestNoEventsPollsFast(t *testing.T) {
	h := newHarness(t, gridState(), testOptions(), 100, 30)
	if h.m.live || h.m.pollInterval() != pollEvery {
		t.Fatalf("live=%t poll=%v without an event source", h.m.live, h.m.pollInterval())
	}
}

// notifyingCore is eventCore whose changes notify as tmux's do: the
// window's active pane, sent while Act's answer is on its way.
type notifyingCore struct{ *eventCore }

func (c notifyingCore) Act(ctx context.Context, s tmux.SessionID, op tmuxctl.Op) (tmuxctl.Result, error) {
	r, err := c.eventCore.Act(ctx, s, op)
	if w, ok := r.After.Window("@1"); err == nil && ok {
		a, _ := w.ActivePane()
		c.ch <- tmux.Event{Kind: tmux.EventWindowPaneChanged, Args: []string{"@1", string(a.ID)}}
	}
	return r, err
}

// TestOwnChangeNotReadAgain: the notification of the navigator's own
// move reports what Act answered with, so it reads nothing more; one for
// a change made elsewhere still refreshes the map.
func TestOwnChangeNotReadAgain(t *testing.T) {
	core := &eventCore{fakeCore: newFake(gridState()), ch: make(chan tmux.Event, 64)}
	l := newLoop(t, notifyingCore{core})
	core.ch <- tmux.Event{Kind: tmux.EventConnected, Args: []string{"$1"}}
	l.until("the first state and a live stream", func(m Model) bool { return m.loaded && m.live && m.events != nil })
	l.settle()
	reads, _ := core.counts()

	for _, key := range []tea.KeyPressMsg{{Code: tea.KeyRight}, {Code: tea.KeyDown}} {
		l.update(key)
		l.until("the move on the map, its notification taken", func(m Model) bool {
			return !m.busy && !m.refreshPending && len(core.ch) == 0
		})
		l.settle()
	}
	if a, _ := l.m.window().ActivePane(); a.ID != "%3" {
		t.Fatalf("active %s after right, down; want %%3", a.ID)
	}
	if r, _ := core.counts(); r != reads {
		t.Fatalf("two moves read tmux %d more times, want none (Act answered)", r-reads)
	}

	// Focus moved elsewhere: the notification is news, and is read.
	core.edit(func(st *tmux.State) {
		for i := range st.Windows[0].Panes {
			p := &st.Windows[0].Panes[i]
			p.Active = p.ID == "%1"
		}
	})
	core.ch <- tmux.Event{Kind: tmux.EventWindowPaneChanged, Args: []string{"@1", "%1"}}
	l.until("the outside move on the map", func(m Model) bool {
		a, _ := m.window().ActivePane()
		return a.ID == "%1"
	})
}
