package ui

import (
	"os"
	"strings"
	"time"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/agentbadge"
	"github.com/panemap/panemap/ui/find"
	"github.com/panemap/panemap/ui/previews"
	"github.com/panemap/panemap/ui/termout"
)

// Options configure the navigator. Start from DefaultOptions: the zero
// value of EscReverts and Wrap is false. Zero durations and empty strings
// mean their defaults.
type Options struct {
	// Session is the tmux session to navigate (required).
	Session tmux.SessionID
	// Window is the window shown first; "" means the session's current one.
	Window tmux.WindowID
	// Client is the tmux client (#{client_name}) the navigator shows on,
	// which a jump to another session switches; "" means the session's
	// most recently active client.
	Client string
	// Initial is the session as the caller has just read it, for the first
	// frame: with it the map shows at once, without a read of its own
	// (previews fill in as their captures arrive). nil means read first.
	Initial *tmux.State
	// Opening, when set, is called as the program starts, beside Bubble
	// Tea's own start, and answers the options to navigate with (Initial
	// included); these options only set up the terminal until then. See
	// opening.go.
	Opening OpenFunc
	// FirstFrame, with Opening, is the session as the key press saw it
	// (a snapshot the binding passed on: tmux.ParseSnapshot), drawn at
	// once while the opening read is out; the read's answer replaces it.
	// It is only drawn: keys wait for the read as they do without it.
	// The caller passes it only when the read's options will draw the
	// map as these options do (opening.go).
	FirstFrame *tmux.State
	// Notice is shown on the status line as the map opens: a setting
	// that was ignored, say.
	Notice string
	// NoColor draws without colour: focus is a heavy border and a reversed
	// label. NO_COLOR in Env has the same effect.
	NoColor bool
	// EscReverts makes Esc (and Ctrl+C) put back everything as it was when
	// the navigator opened; false makes Esc behave like q. Default true.
	EscReverts bool
	// EscStays makes Esc (with EscReverts) put everything back and say
	// so, the navigator staying open; Ctrl+C still puts back and closes.
	// For the demo, where closing removes the whole server: Esc there is
	// for trying again.
	EscStays bool
	// Wrap lets directional moves wrap around at the window's edges, as
	// tmux does; false stops at the edge with a nudge. Default true.
	Wrap bool
	// Previews is where each box's live screen of its pane comes from;
	// nil draws the pane's command, path and title instead.
	Previews previews.Source
	// Finder reads panes' text for find (/). Every navigator that takes
	// keys has one; only Warm's, which draws one frame, goes without.
	Finder find.Source
	// Agents reads the coding agents in panes, for their badges and n;
	// nil shows none.
	Agents agentbadge.Source
	// ResizeStep is how many cells a resize key moves an edge (default
	// DefaultResizeStep).
	ResizeStep int
	// Env is the environment used for NO_COLOR and the colour profile
	// (default os.Environ()).
	Env []string
	// Home shortens paths to ~ (default $HOME from Env).
	Home string
	// Hostname is tmux's default pane title, not worth showing (default
	// os.Hostname()).
	Hostname string

	// size is the screen size, known before the program starts: out's
	// when it is a terminal, else set by tests.
	size struct{ w, h int }
	// firstPaint, set by Run on a terminal, writes the first map at once.
	firstPaint *termout.FirstPaint
}

const (
	// Without notifications (tmux processes, before tmux 3.7) the map
	// polls: a change made elsewhere shows within 0.4 s. Each poll is one
	// command in tmux's message log (stamp.go), so at most 2.5 a second
	// while nothing changes; a poll that finds nothing changed redraws
	// nothing.
	pollEvery = 400 * time.Millisecond
	// opTimeout bounds each tmux operation.
	opTimeout = 5 * time.Second
	// DefaultResizeStep is ResizeStep's default.
	DefaultResizeStep = 2
)

// Exit codes of Run.
const (
	ExitOK       = 0 // closed with q, Enter, Esc or Ctrl+C
	ExitTmuxGone = 1 // the tmux server or the session went away
	ExitFailed   = 2 // Esc could not put things back, or the program failed
)

// DefaultOptions returns the defaults for session s: Esc reverts, moves
// wrap, colour unless NO_COLOR, poll every 400ms without events.
func DefaultOptions(s tmux.SessionID) Options {
	return Options{Session: s, EscReverts: true, Wrap: true}
}

func (o Options) withDefaults() Options {
	if o.ResizeStep <= 0 {
		o.ResizeStep = DefaultResizeStep
	}
	if o.Env == nil {
		o.Env = os.Environ()
	}
	if o.Home == "" {
		o.Home = getenv(o.Env, "HOME")
	}
	if o.Hostname == "" {
		o.Hostname, _ = os.Hostname()
	}
	if getenv(o.Env, "NO_COLOR") != "" {
		o.NoColor = true
	}
	return o
}

func getenv(env []string, key string) string {
	v := ""
	for _, kv := range env {
		if k, val, ok := strings.Cut(kv, "="); ok && k == key {
			v = val // the last one wins, as in the shell
		}
	}
	return v
}
