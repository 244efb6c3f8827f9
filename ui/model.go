package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/agentbadge"
	"github.com/panemap/panemap/ui/cells"
	"github.com/panemap/panemap/ui/find"
	"github.com/panemap/panemap/ui/inflight"
	"github.com/panemap/panemap/ui/layoutlist"
	"github.com/panemap/panemap/ui/mapview"
	"github.com/panemap/panemap/ui/previews"
	"github.com/panemap/panemap/ui/serverview"
	"github.com/panemap/panemap/ui/tabs"
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
	from, over tmux.PaneID
}

// Model is the navigator's root model.
type Model struct {
	core  Core
	opts  Options
	ctx   context.Context
	after func(time.Duration, func(time.Time) tea.Msg) tea.Cmd // tea.Tick; tests replace it
	io    *inflight.Gate                                       // the commands talking to tmux

	keys    KeyMap
	styles  Styles
	profile colorprofile.Profile // how pane colours degrade here
	boxes   *mapview.BoxCache    // drawn boxes
	frames  *cells.FrameCache    // the last frame
	// helpTop is the full help's first line shown, when it scrolls;
	// helpH the lines it may take (set by layout).
	helpTop, helpH int
	fullHelp       bool

	width, height int

	state   *tmux.State   // the session as last read
	initial *tmux.State   // the session when the navigator opened
	win     tmux.WindowID // the window on the map
	loaded  bool

	opening     bool // Options.Opening has not answered yet (opening.go)
	openingSlow bool // and is taking long enough to say so

	mode     mode
	pending  string // digits of a label being typed
	labelGen int
	drag     *dragState
	status   status

	undo    undoStack
	changed bool // the navigator changed something since it opened
	// The windows and panes (by id) the navigator renamed or titled:
	// undo and Esc give those back their names, and leave every other
	// name and title as programs and tmux have made it meanwhile.
	named map[string]bool

	// The open prompt (names.go), if any: it takes every key.
	prompt *namePrompt
	// submitted is the prompt whose text is being stored, to reopen
	// with that text if it is refused.
	submitted *submittedPrompt
	// The server view (server.go), when open: it takes the map's place
	// and its keys.
	server  *serverview.Model
	listing bool // a listing of the server is in flight
	// Find (finding.go), when open: it takes the map's place and every
	// key.
	finder *find.Model
	// Named layouts (layouts.go): the view when open (it takes the map's
	// place and every key), and the window's layout name for the title.
	layouts   *layoutlist.Model
	mark      layoutlist.Mark
	markStale bool
	// While find or the server view is open, what printed elsewhere is
	// checked once a second (server.go).
	elsewhere previews.Elsewhere

	// Operations run one at a time; input waits here meanwhile.
	queue   []tea.Msg
	busy    bool
	reading bool
	seq     int // the last read or op issued
	readSeq int // the last refresh issued
	applied int // the seq of the state shown

	// Live previews (package previews; preview.go).
	previews previews.Model
	// The agents' badges (package agentbadge; agents.go).
	agents agentbadge.Model

	// tmux's notifications (events.go), when the core has them.
	events         <-chan tmux.Event
	live           bool         // events are flowing: poll only as a safety net
	refreshPending bool         // an event came while a read or op was in flight
	stamp          stampState   // the poll's last check that led to a read (stamp.go)
	pendingEvents  []tmux.Event // those events, judged once it is done

	fatal       error
	inputClosed bool // the input ended: no key will come (inputClosedMsg)
	quitting    bool
	exitCode    int
	exitErr     error

	// Derived from the above by layout().
	header     tabs.View
	footerOut  string // the key help for the current mode
	footerFrom string // what a short footerOut was drawn from (keyhelp.ShortKey)
	mapv       mapview.Map
	mapKey     string // what mapv was drawn from
	mapTop     int
	bodyH      int // the height of the map's place
}

// New returns the navigator for opts.Session. Without opts.Initial it
// reads tmux only once the program runs (Init).
func New(core Core, opts Options) Model {
	opts = opts.withDefaults()
	m := Model{
		core:    core,
		opts:    opts,
		ctx:     context.Background(),
		after:   tea.Tick,
		io:      &inflight.Gate{},
		keys:    DefaultKeyMap(),
		styles:  DefaultStyles(!opts.NoColor),
		profile: profileFor(opts),
		boxes:   &mapview.BoxCache{},
		frames:  &cells.FrameCache{},
		win:     opts.Window,
		// Init's first read is number 1.
		seq: 1, readSeq: 1, reading: true,
		stamp: stampState{second: time.Now().Unix()},
	}
	m.width, m.height = opts.size.w, opts.size.h
	if opts.Previews != nil {
		m.previews = previews.New(opts.Previews)
	}
	m.agents = agentbadge.New(opts.Agents, agentbadge.DefaultStyles(!opts.NoColor))
	if opts.Opening != nil {
		m.opening, m.reading = true, false
		if opts.FirstFrame != nil {
			m.state = opts.FirstFrame
			m.layout()
		}
		return m
	}
	if opts.Notice != "" {
		m.status = status{text: cells.Printable(opts.Notice), kind: statusNudge}
	}
	if opts.Initial != nil {
		// The caller's read is read number 1: the first frame needs no
		// other.
		m.reading = false
		m, _ = m.applyState(stateMsg{seq: 1, state: opts.Initial})
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

// Init reads the session (unless New was given it) and starts the poll
// timer, the notifications and the previews.
func (m Model) Init() tea.Cmd {
	if m.opening {
		return m.awaitOpening()
	}
	if m.loaded {
		// Shown from opts.Initial: its panes' screens are captured once
		// Update has the message (Init's model is a copy).
		shown := func() tea.Msg { return shownMsg{} }
		return tea.Batch(m.poll(), m.subscribe(), m.previews.Start(m.previewEnv()), m.agents.Start(), shown)
	}
	return tea.Batch(m.read(1), m.poll(), m.subscribe(), m.previews.Start(m.previewEnv()), m.agents.Start())
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
		if msg.preview != nil {
			tm, cmd := m.onState(msg)
			tm, more := tm.(Model).onCaptured(*msg.preview)
			return withMissing(tm, tea.Batch(cmd, more))
		}
		return withMissing(m.onState(msg))
	case shownMsg:
		return withMissing(m, nil)
	case openedMsg:
		return m.onOpened(msg)
	case openingSlowMsg:
		if !m.opening {
			return m, nil // the read answered first: its timer had not fired yet
		}
		m.openingSlow = true
		if m.state != nil {
			m.status = status{text: "reading tmux…"}
		}
		return m, nil
	case opDoneMsg:
		return withMissing(m.onOpDone(msg))
	case previews.TickMsg, previews.ChangedMsg, previews.DueMsg:
		var cmd tea.Cmd
		m.previews, cmd = m.previews.Update(msg, m.previewEnv())
		return m, cmd
	case previews.CapturedMsg:
		return m.onCaptured(msg)
	case agentbadge.TickMsg, agentbadge.ListedMsg:
		return m.onAgents(msg)
	case quitMsg:
		m.quitting, m.busy = true, false
		m.exitCode, m.exitErr = msg.code, msg.err
		return m, tea.Quit
	case eventsMsg:
		return m.onEvents(msg)
	case serverListMsg:
		return m.onServerList(msg)
	case find.ReadMsg:
		return m.onFindRead(msg)
	case layoutlist.Msg:
		if m.layouts == nil {
			return m, nil
		}
		cmd := m.layoutsKey(msg)
		m.layout()
		return m, cmd
	case layoutlist.Mark:
		if m.mark = msg; msg.Err != nil {
			m.status = status{text: "layout name: " + errorText(msg.Err), kind: statusError}
		}
		m.layout()
		return m, nil
	case tmuxEventMsg:
		return m.onTmuxEvent(msg)
	case pollMsg:
		if m.fatal != nil || m.quitting {
			return m, nil
		}
		cmds := []tea.Cmd{m.poll(), m.checkFind(time.Time(msg)), m.checkServer(time.Time(msg))}
		if !m.busy && !m.reading {
			cmds = append(cmds, m.pollRead())
		}
		return m, tea.Batch(cmds...)
	case stampMsg:
		return m.onStamp(msg)
	case tea.KeyPressMsg:
		return m.onInput(escOnce(msg))
	case tea.PasteMsg, tea.MouseClickMsg, tea.MouseReleaseMsg, tea.MouseMotionMsg, labelTimeoutMsg, inputClosedMsg:
		return m.onInput(msg)
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
	if m.opening && m.closesWhileOpening(msg) {
		m.quitting, m.exitCode = true, ExitOK
		return m, tea.Quit
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

// window is the window on the map.
func (m *Model) window() *tmux.Window {
	if m.state == nil {
		return nil
	}
	w, _ := m.state.Window(m.win)
	return w
}
