package ui

import (
	"context"
	"fmt"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/panemap/panemap/tmuxctl"
)

type mode int

const (
	modeNav  mode = iota // the arrows move tmux's focus
	modeSwap             // the arrows move the focused pane
)

type statusKind int

const (
	statusInfo statusKind = iota
	statusNudge
	statusError
)

type status struct {
	text string
	kind statusKind
}

// dragState is a mouse drag from one pane, over another.
type dragState struct {
	from, over tmuxctl.PaneID
}

// Model is the navigator's root model.
type Model struct {
	core  Core
	opts  Options
	ctx   context.Context
	after func(time.Duration, func(time.Time) tea.Msg) tea.Cmd // tea.Tick; tests replace it

	keys     KeyMap
	styles   Styles
	profile  colorprofile.Profile // how pane colours degrade here
	boxes    *boxCache            // drawn boxes (mapview.go)
	frames   *frameCache          // the last frame (view.go)
	help     help.Model
	fullHelp bool

	width, height int

	state   *tmuxctl.State   // the session as last read
	initial *tmuxctl.State   // the session when the navigator opened
	win     tmuxctl.WindowID // the window on the map
	loaded  bool

	mode     mode
	pending  string // digits of a label being typed
	labelGen int
	drag     *dragState
	status   status

	undo    undoStack
	changed bool // the navigator changed something since it opened

	// Operations run one at a time; input waits here meanwhile.
	queue   []tea.Msg
	busy    bool
	reading bool
	seq     int // the last read or op issued
	readSeq int // the last refresh issued
	applied int // the seq of the state shown

	// Live previews (preview.go): the latest shot of each pane, and the
	// change notices not captured yet.
	shots     map[tmuxctl.PaneID]*paneShot
	changes   <-chan tmuxctl.PaneID
	dirty     []tmuxctl.PaneID
	batching  bool // a batch of change notices is being collected
	capturing bool // a capture is in flight
	dueAfter  bool // a batch ended while capturing: capture it next

	// tmux's notifications (events.go), when the core has them.
	events         <-chan tmuxctl.Event
	live           bool // events are flowing: poll only as a safety net
	refreshPending bool // an event came while a read or op was in flight

	fatal       error
	inputClosed bool // the input ended: no key will come (inputClosedMsg)
	quitting    bool
	exitCode    int
	exitErr     error

	// Derived from the above by layout().
	header    headerView
	footerOut string // the key help for the current mode
	mapv      mapView
	mapKey    string // what mapv was drawn from
	mapTop    int
}

// New returns the navigator for opts.Session. It reads tmux only once
// the program runs (Init).
func New(core Core, opts Options) Model {
	opts = opts.withDefaults()
	m := Model{
		core:    core,
		opts:    opts,
		ctx:     context.Background(),
		after:   tea.Tick,
		keys:    DefaultKeyMap(),
		styles:  DefaultStyles(!opts.NoColor),
		profile: profileFor(opts),
		boxes:   &boxCache{},
		frames:  &frameCache{},
		help:    help.New(),
		win:     opts.Window,
		// Init's first read is number 1.
		seq: 1, readSeq: 1, reading: true,
	}
	m.help.Styles = m.styles.Help
	if m.previewsOn() {
		m.changes = opts.Previews.Changes()
	}
	m.layout()
	return m
}

// WithContext returns the model with the context its tmux operations run in.
func (m Model) WithContext(ctx context.Context) Model {
	m.ctx = ctx
	return m
}

// ExitCode is the program's exit code once it has quit.
func (m Model) ExitCode() int { return m.exitCode }

// Err is why the program quit with a non-zero code, if it did.
func (m Model) Err() error { return m.exitErr }

// Init reads the session and starts the poll timer.
func (m Model) Init() tea.Cmd {
	return tea.Batch(m.read(1), m.poll(), m.subscribe(), m.startPreviews())
}

// Update handles global messages first (size, tmux answers, timers), then
// input, which is queued while an operation is in flight.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.layout()
		return m, nil
	case stateMsg:
		return withMissing(m.onState(msg))
	case opDoneMsg:
		return withMissing(m.onOpDone(msg))
	case previewTickMsg:
		return m.onPreviewTick()
	case paneChangedMsg:
		return m.onPaneChanged(msg)
	case previewDueMsg:
		return m.onPreviewDue()
	case previewMsg:
		return m.onPreview(msg)
	case quitMsg:
		m.quitting, m.busy = true, false
		m.exitCode, m.exitErr = msg.code, msg.err
		return m, tea.Quit
	case eventsMsg:
		return m.onEvents(msg)
	case tmuxEventMsg:
		return m.onTmuxEvent(msg)
	case pollMsg:
		if m.fatal != nil || m.quitting {
			return m, nil
		}
		cmds := []tea.Cmd{m.poll()}
		if !m.busy && !m.reading {
			cmds = append(cmds, m.refresh())
		}
		return m, tea.Batch(cmds...)
	case tea.KeyPressMsg, tea.MouseClickMsg, tea.MouseReleaseMsg, tea.MouseMotionMsg, labelTimeoutMsg, inputClosedMsg:
		return m.onInput(msg)
	}
	return m, nil
}

// onState applies a refresh. A state older than the one shown (a poll
// overtaken by an operation) is dropped, and an unchanged one changes
// nothing, so nothing is redrawn.
func (m Model) onState(msg stateMsg) (tea.Model, tea.Cmd) {
	if msg.seq == m.readSeq {
		m.reading = false
	}
	m2, cmd := m.applyState(msg)
	if next := m2.pendingRefresh(); next != nil {
		cmd = tea.Batch(cmd, next)
	}
	return m2, cmd
}

func (m Model) applyState(msg stateMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		if !m.loaded || fatalReadErr(msg.err) {
			return m.setFatal(msg.err)
		}
		m.status = status{text: msg.err.Error(), kind: statusError}
		m.layout()
		return m, nil
	}
	if msg.seq <= m.applied {
		return m, nil
	}
	first := !m.loaded
	changed, closed := m.apply(msg.seq, msg.state)
	if !changed && !first {
		return m, nil
	}
	if closed != "" {
		m.status = status{text: closed, kind: statusNudge}
	}
	var cmd tea.Cmd
	if first {
		m.loaded, m.initial = true, msg.state
		if _, ok := msg.state.Window(m.win); !ok || m.opts.Window == "" {
			m.win = msg.state.Current
		}
		cmd = m.drain()
	}
	m.layout()
	return m, cmd
}

// apply shows st, reporting whether anything visible changed and, when
// the window on the map left the session, the note that says so.
func (m *Model) apply(seq int, st *tmuxctl.State) (changed bool, closed string) {
	m.applied = seq
	if sameState(m.state, st) {
		return false, ""
	}
	prev := m.state
	m.state = st
	if w, ok := st.Window(m.win); !ok || st.Foreign == w {
		closed = m.leaveClosed(prev, st)
	}
	if m.drag != nil {
		if _, _, ok := st.FindPane(m.drag.from); !ok {
			m.drag = nil
		}
	}
	return true, closed
}

// leaveClosed moves the map off its window, which is no longer in the
// session (killed, or moved away, from outside): to the session's next
// window after it, wrapping. It returns the note that says so, naming
// both windows as their tabs did; the closed one is known only from
// prev. Without prev (the window was gone at open) the map shows the
// current window, silently.
func (m *Model) leaveClosed(prev, st *tmuxctl.State) string {
	var old *tmuxctl.Window
	if prev != nil {
		for _, w := range prev.Windows {
			if w.ID == m.win {
				old = w
			}
		}
	}
	if old == nil {
		m.win = st.Current
		return ""
	}
	next := nextWindow(st, old.Index)
	if next == nil {
		m.win = st.Current
		return ""
	}
	m.win = next.ID
	return fmt.Sprintf("window %s was closed; showing %s", tabLabel(old), tabLabel(next))
}

// nextWindow is the session's window with the lowest index above index,
// or, wrapping, its lowest; nil for a session without windows.
func nextWindow(st *tmuxctl.State, index int) *tmuxctl.Window {
	var after, first *tmuxctl.Window
	for _, w := range st.Windows {
		if w.Index > index && (after == nil || w.Index < after.Index) {
			after = w
		}
		if first == nil || w.Index < first.Index {
			first = w
		}
	}
	if after != nil {
		return after
	}
	return first
}

// onOpDone applies an operation's outcome, records it for undo, and runs
// the next queued input.
func (m Model) onOpDone(msg opDoneMsg) (tea.Model, tea.Cmd) {
	m.busy = false
	if err := firstErr(fatalOnly(msg.err, fatalErr), fatalOnly(msg.readErr, fatalReadErr)); err != nil {
		m.queue = nil
		return m.setFatal(err)
	}
	if msg.after != nil && len(msg.after.Recreated) > 0 {
		m.renameWindows(msg.after.Recreated)
		msg.fromWin, msg.toWin = renamed(msg.after.Recreated, msg.fromWin), renamed(msg.after.Recreated, msg.toWin)
	}
	if msg.follow != "" && msg.after != nil && msg.err == nil {
		if _, w, ok := msg.after.FindPane(msg.follow); ok {
			m.win = w.ID // before apply: the window the pane left may be closed
		}
	}
	var closed string
	if msg.after != nil && msg.seq > m.applied {
		_, closed = m.apply(msg.seq, msg.after)
	}
	if msg.before != nil && msg.after != nil && !sameLayout(msg.before, msg.after) {
		m.changed = true
		if msg.record {
			m.undo = m.undo.push(undoEntry{state: msg.before, win: msg.fromWin})
		}
	}
	if msg.toWin != "" && msg.err == nil && m.state != nil {
		if _, ok := m.state.Window(msg.toWin); ok {
			m.win = msg.toWin
		}
	}
	switch err := firstErr(msg.err, msg.readErr); {
	case closed != "" && (err == nil || tmuxctl.KindOf(err) == tmuxctl.KindGone):
		// The op's window went away under it: say that, not "pane gone".
		m.status = status{text: closed, kind: statusNudge}
	case err != nil && tmuxctl.KindOf(err) == tmuxctl.KindGone:
		m.status = status{text: "pane gone: " + err.Error() + " (map refreshed)", kind: statusNudge}
	case err != nil:
		m.status = status{text: err.Error(), kind: statusError}
	case msg.note != "":
		m.status = status{text: msg.note, kind: statusNudge}
	}
	var cmds []tea.Cmd
	if msg.after == nil && !msg.noop {
		cmds = append(cmds, m.refresh())
	}
	cmds = append(cmds, m.drain(), m.pendingRefresh())
	m.layout()
	return m, tea.Batch(cmds...)
}

// setFatal shows err as the end: the next key exits. With the input
// already closed no key can come, so it exits now.
func (m Model) setFatal(err error) (Model, tea.Cmd) {
	m.fatal = err
	m.layout()
	if m.inputClosed {
		m.quitting, m.exitCode, m.exitErr = true, ExitTmuxGone, err
		return m, tea.Quit
	}
	return m, nil
}

// onInput queues a key, click or timer and runs what can run now.
func (m Model) onInput(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m.quitting {
		return m, nil
	}
	if _, ok := msg.(inputClosedMsg); ok {
		m.inputClosed = true
	}
	if m.fatal != nil {
		switch msg.(type) {
		case tea.KeyPressMsg, inputClosedMsg:
			m.quitting, m.exitCode, m.exitErr = true, ExitTmuxGone, m.fatal
			return m, tea.Quit
		}
		return m, nil
	}
	if _, ok := msg.(tea.MouseMotionMsg); ok {
		if m.drag == nil && !m.dragQueued() {
			return m, nil // plain motion means nothing
		}
		if n := len(m.queue); n > 0 {
			if _, ok := m.queue[n-1].(tea.MouseMotionMsg); ok {
				m.queue = append(m.queue[:n-1:n-1], msg) // only the latest position matters
				return m, nil
			}
		}
	}
	m.queue = append(m.queue[:len(m.queue):len(m.queue)], msg)
	cmd := m.drain()
	m.layout()
	return m, cmd
}

func (m *Model) dragQueued() bool {
	for _, q := range m.queue {
		if c, ok := q.(tea.MouseClickMsg); ok && c.Button == tea.MouseLeft {
			return true
		}
	}
	return false
}

// drain handles queued input in order until an operation is in flight.
func (m *Model) drain() tea.Cmd {
	var cmds []tea.Cmd
	for m.loaded && !m.busy && !m.quitting && m.fatal == nil && len(m.queue) > 0 {
		msg := m.queue[0]
		m.queue = m.queue[1:len(m.queue):len(m.queue)]
		cmds = append(cmds, m.handle(msg))
	}
	return tea.Batch(cmds...)
}

// fatalErr is an error after which there is nothing left to show: the
// tmux server is gone.
func fatalErr(err error) bool {
	return tmuxctl.KindOf(err) == tmuxctl.KindServerGone
}

// fatalReadErr is fatalErr for reading the session, which fails as gone
// only when the session itself is.
func fatalReadErr(err error) bool {
	k := tmuxctl.KindOf(err)
	return k == tmuxctl.KindServerGone || k == tmuxctl.KindGone
}

// fatalOnly is err when fatal says it is fatal, else nil.
func fatalOnly(err error, fatal func(error) bool) error {
	if err != nil && fatal(err) {
		return err
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// window is the window on the map.
func (m *Model) window() *tmuxctl.Window {
	if m.state == nil {
		return nil
	}
	w, _ := m.state.Window(m.win)
	return w
}

// renameWindows follows windows a restore recreated (closed by a move,
// then brought back under a new id) everywhere the model keeps window
// ids: the states kept for undo and Esc, and the window shown.
func (m *Model) renameWindows(ids map[tmuxctl.WindowID]tmuxctl.WindowID) {
	if m.initial != nil {
		m.initial = m.initial.RenameWindows(ids)
	}
	undo := make(undoStack, len(m.undo))
	for i, e := range m.undo {
		undo[i] = undoEntry{state: e.state.RenameWindows(ids), win: renamed(ids, e.win)}
	}
	m.undo = undo
	m.win = renamed(ids, m.win)
}

func renamed(ids map[tmuxctl.WindowID]tmuxctl.WindowID, id tmuxctl.WindowID) tmuxctl.WindowID {
	if n, ok := ids[id]; ok {
		return n
	}
	return id
}

// withMissing adds the capture of panes new on the map to an update.
func withMissing(tm tea.Model, cmd tea.Cmd) (tea.Model, tea.Cmd) {
	m := tm.(Model)
	if c := m.captureMissing(); c != nil {
		return m, tea.Batch(cmd, c)
	}
	return m, cmd
}
