// Package transport is the only code in panemap that starts tmux: a tmux
// process per call (Exec), one control-mode connection (Control), and the
// policy that picks between them and falls back (Auto). It also holds what
// only a transport needs: quoting for tmux's command parser, the
// classification of tmux's error messages, control-mode framing, the
// notification stream, and the output watch.
//
// What a transport can do beyond Runner it says with the interfaces
// below; the operations (package tmuxctl) ask for them and fall back
// when a transport lacks one, and never look at a concrete type.
package transport

import (
	"context"

	"github.com/panemap/panemap/tmux"
)

// Runner runs tmux commands on one server. A command is its argv without
// the tmux binary and socket flags, e.g. {"select-pane", "-t", "%1"}.
// Several commands passed together run as one tmux command list, in order,
// without another client's command in between; the output is theirs,
// concatenated. Failures are *tmux.Error values.
type Runner interface {
	Run(ctx context.Context, cmds ...[]string) (string, error)
	Close() error
}

// ScriptRunner runs scripts: command lists whose later commands tmux
// chooses as it runs them (if-shell -F, run-shell -C), so how many
// answers come back is not known in advance. Over tmux processes a script
// is one process, over control mode one round trip. readOnly says the
// script changes nothing, so one whose answer was lost with its
// connection may be run again.
type ScriptRunner interface {
	RunScript(ctx context.Context, readOnly bool, cmds ...[]string) (string, error)
}

// ExecProvider gives a transport that runs each call as a tmux process of
// its own, with the same binary, environment and server: for commands that
// must not share a connection (display-popup holds its client's queue
// until the popup closes) or that must come from a client attached to no
// session (a command without a target then resolves to tmux's most
// recently used session).
type ExecProvider interface {
	Exec() *Exec
}

// EventSource pushes tmux's notifications. Subscribe never blocks the
// transport: a subscriber that falls behind loses events and gets
// tmux.EventOverflow.
type EventSource interface {
	Subscribe() (<-chan tmux.Event, func())
}

// SessionFollower is implemented by transports whose notifications depend
// on the session they are attached to.
type SessionFollower interface {
	FollowSession(ctx context.Context, s tmux.SessionID) error
}

// OutputWatcher starts output watches (see OutputWatch) with the
// transport's own tmux binary and environment. It answers (nil, nil)
// where this tmux gets none: poll then.
type OutputWatcher interface {
	WatchOutput(ctx context.Context, s tmux.SessionID) (*OutputWatch, error)
}

// Connector is implemented by transports that keep a connection: Connect
// opens it now rather than on first use, and reports whether control mode
// is in use (an error says why not); Connected says whether it is up now.
type Connector interface {
	Connect(ctx context.Context) (bool, error)
	Connected() bool
}

// VersionLearner is implemented by transports that choose their
// connection by tmux's version: told a version read elsewhere (the
// server's #{version}), they need not run `tmux -V` to ask.
type VersionLearner interface {
	LearnVersion(v tmux.Version)
}

// What each transport says it can do, checked by the compiler: an
// operation that asks for a capability a transport lost would otherwise
// fall back without a word.
var (
	_ interface {
		Runner
		ScriptRunner
		ExecProvider
		OutputWatcher
	} = (*Exec)(nil)
	_ interface {
		Runner
		ScriptRunner
		ExecProvider
		EventSource
		OutputWatcher
	} = (*Control)(nil)
	_ interface {
		Runner
		ScriptRunner
		ExecProvider
		EventSource
		SessionFollower
		Connector
		OutputWatcher
		VersionLearner
	} = (*Auto)(nil)
)
