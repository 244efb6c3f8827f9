package previews

import (
	"context"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/mapview"
)

// Env is what the navigator tells the previews at each update: what it
// shows, and how commands reach tmux and the clock.
type Env struct {
	Window  *tmux.Window // the window on the map; nil before the first read
	Live    bool         // tmux's events flow (control mode)
	Stopped bool         // the navigator is quitting, or tmux has gone
	Ctx     context.Context
	After   func(time.Duration, func(time.Time) tea.Msg) tea.Cmd // tea.Tick; tests replace it
	// Call runs a command that talks to tmux, its context bounded by
	// the navigator's timeout, counted while it runs so that the
	// navigator waits for it as it ends.
	Call func(func(ctx context.Context) tea.Msg) tea.Cmd
}

// Model is the previews' state: the latest shot of each pane, and the
// change notices not captured yet.
type Model struct {
	src       Source // nil: previews off
	shots     map[tmux.PaneID]*mapview.Shot
	notices   bool // the source says which panes printed (else: poll)
	waiting   bool // waiting for panes to print (waitPrinted)
	dirty     []tmux.PaneID
	batching  bool // a batch of change notices is being collected
	capturing bool // a capture is in flight
	dueAfter  bool // a batch ended while capturing: capture it next
	// changed are the map's panes that certainly changed (NoteChanged),
	// not yet handed to a capture.
	changed []tmux.PaneID
}

// New returns the previews from src; with a nil src the map shows none.
func New(src Source) Model {
	m := Model{src: src}
	if src != nil {
		m.notices = src.Notices()
	}
	return m
}

// On reports whether the map shows previews.
func (m Model) On() bool { return m.src != nil }

// Shots is the latest shot of each pane captured. A new capture
// replaces the map rather than writing to it, so a copy of the model
// never sees its shots change.
func (m Model) Shots() map[tmux.PaneID]*mapview.Shot { return m.shots }

// Capturing reports whether a capture is in flight.
func (m Model) Capturing() bool { return m.capturing }

// Start starts the poll, or waiting for panes to print.
func (m Model) Start(env Env) tea.Cmd {
	if !m.On() {
		return nil
	}
	if m.notices {
		return m.waitPrinted(env)
	}
	return m.tick(env, pollInterval(env.Live))
}

// Update handles the poll's ticks and the change notices.
func (m Model) Update(msg tea.Msg, env Env) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case TickMsg:
		return m, m.onTick(env)
	case ChangedMsg:
		return m, m.onChanged(env, msg)
	case DueMsg:
		return m, m.onDue(env)
	}
	return m, nil
}

// pollInterval is how often previews are polled without change notices.
// Where tmux's events flow (control mode: 3.7 and later by default) a
// capture is a round trip on the open connection, not a process, and
// they are polled as often as batches are taken with notices, so that
// output shows as soon (within 300 ms): the watch may be unavailable
// while control mode is up.
func pollInterval(live bool) time.Duration {
	if live {
		return BatchDelay
	}
	return PollInterval
}

func (m *Model) tick(env Env, d time.Duration) tea.Cmd {
	return env.After(d, func(time.Time) tea.Msg { return TickMsg{} })
}

// waitPrinted waits for panes to print. It is not waited for again
// until the batch it starts has been captured, and while panes go on
// printing (CapturePrinted's more) the batches follow one another
// without waiting: a batch costs the navigator one wake-up, not one per
// pane (on 3.7c, nine panes printing every 10 ms made ~40 messages a
// second, each a wake-up of every goroutine on the way).
func (m *Model) waitPrinted(env Env) tea.Cmd {
	if m.waiting || !m.notices {
		return nil
	}
	m.waiting = true
	src, ctx := m.src, env.Ctx
	return func() tea.Msg {
		panes, ok := src.WaitPrinted(ctx)
		return ChangedMsg{Panes: panes, Closed: !ok}
	}
}

// onTick captures every pane on the map (the poll) and schedules the
// next tick. With notices nothing ticks: the navigator's own poll asks
// for the safety net's capture (Safety) when tmux says a window printed.
func (m *Model) onTick(env Env) tea.Cmd {
	if env.Stopped || m.notices {
		return nil
	}
	next := pollInterval(env.Live)
	if m.PollsWithState(env.Live) {
		// The map's poll captures (ReadWithState): the tick only stays
		// ready for when that stops (events that come up later).
		return m.tick(env, next)
	}
	return tea.Batch(m.tick(env, next), m.capture(env, mapPanes(env.Window)))
}

// Safety captures every pane on the map where notices say which panes
// printed: the safety net for a notice lost, asked for by the navigator's
// poll when a window printed since its last look (a capture costs tmux
// several commands a pane, each an entry in its message log, so it is not
// run blindly on a timer).
func (m *Model) Safety(env Env) tea.Cmd {
	if !m.notices || env.Stopped {
		return nil
	}
	return m.capture(env, mapPanes(env.Window))
}

// PollsWithState reports whether the map's poll captures the previews
// in the same command list as its read (see StateCapturer): previews
// polled, not told of changes, and no tmux events either (live).
func (m Model) PollsWithState(live bool) bool {
	if !m.On() || m.notices || live {
		return false
	}
	_, ok := m.src.(StateCapturer)
	return ok
}

// NoteChanged notes panes that certainly changed (below tmux 3.7 the
// poll's stamp says which: tmuxctl.Stamp.Changed), for the next capture
// that polls (ReadWithState or CaptureOwed) to take first.
func (m *Model) NoteChanged(panes []tmux.PaneID) {
	for _, p := range panes {
		if !slices.Contains(m.changed, p) {
			m.changed = append(m.changed[:len(m.changed):len(m.changed)], p)
		}
	}
}

// NoteMapChanged notes every pane on the map as certainly changed (see
// NoteChanged), for when what each was like at its last capture is not
// known.
func (m *Model) NoteMapChanged(env Env) { m.NoteChanged(mapPanes(env.Window)) }

// takeChanged hands over the noted panes that are on the map.
func (m *Model) takeChanged(env Env) []tmux.PaneID {
	onMap := mapPanes(env.Window)
	changed := slices.DeleteFunc(slices.Clone(m.changed), func(p tmux.PaneID) bool { return !slices.Contains(onMap, p) })
	m.changed = nil
	return changed
}

// Owes reports whether the map's poll should capture panes a budgeted
// read put off (Owing), or that certainly changed and no read took
// (NoteChanged), with the session unchanged.
func (m Model) Owes(live bool) bool {
	o, ok := m.src.(Owing)
	return ok && m.PollsWithState(live) && !m.capturing && (len(m.changed) > 0 || o.Owing())
}

// CaptureOwed captures what the budget allows of the panes Owes waits
// for.
func (m *Model) CaptureOwed(env Env) tea.Cmd {
	o, ok := m.src.(Owing)
	if !ok || !m.PollsWithState(env.Live) || m.capturing {
		return nil
	}
	changed := m.takeChanged(env)
	return m.startCapture(env, func(ctx context.Context, _ Source) CapturedMsg {
		screens, _ := o.CaptureOwed(ctx, changed)
		return CapturedMsg{Screens: screens}
	})
}

// ReadWithState is the read of session s with the captures of the map's
// panes in the same command list, when the map's poll captures them
// (PollsWithState) and no capture is in flight; nil otherwise. answer
// makes the navigator's message of the state read and the captures.
func (m *Model) ReadWithState(env Env, s tmux.SessionID, answer func(*tmux.State, error, CapturedMsg) tea.Msg) tea.Cmd {
	if !m.PollsWithState(env.Live) || m.capturing {
		return nil
	}
	panes := mapPanes(env.Window)
	if len(panes) == 0 {
		return nil
	}
	m.capturing = true
	changed := m.takeChanged(env)
	src := m.src.(StateCapturer)
	return env.Call(func(ctx context.Context) tea.Msg {
		st, screens, err := src.CaptureWithState(ctx, s, panes, changed)
		return answer(st, err, CapturedMsg{Screens: screens})
	})
}
