// Package agents tells which coding agent (Claude Code, Codex, Gemini CLI,
// Aider, OpenCode) a pane runs and what state it is in, from what panemap
// read about the pane: the agent's own hook option, workmux's option, the
// pane's title, the last lines of its screen, and tmux's bell and activity
// flags. It reads nothing itself (tmuxctl/agentwatch fills Signals), so the
// rules can be tested on captured screens. The rules are data: embedded
// defaults that a user's file can add to or override by id.
package agents

import (
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// State is what an agent is doing, as far as it concerns the person who
// runs it.
type State string

const (
	Working State = "working" // busy on a turn
	Waiting State = "waiting" // for the user: a permission or a question
	Done    State = "done"    // finished a turn, not yet looked at
	Idle    State = "idle"    // at its prompt, nothing to look at
	Error   State = "error"   // a turn failed (an API error, a login needed)
	Exited  State = "exited"  // the agent's process is gone
	Unknown State = "unknown" // nothing said
)

// States lists every state.
var States = []State{Working, Waiting, Done, Idle, Error, Exited, Unknown}

// hookStates are the states a hook may set: exited is seen by panemap (the
// process is gone, so its hook cannot say it), unknown says nothing.
var hookStates = []State{Working, Waiting, Done, Idle, Error}

// HookStates returns the states a hook may set.
func HookStates() []State { return append([]State(nil), hookStates...) }

// ParseState validates a state's name.
func ParseState(s string) (State, error) {
	for _, st := range States {
		if string(st) == s {
			return st, nil
		}
	}
	return "", &tmux.Error{Kind: tmux.KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid agent state %s: want one of %s", tmux.Quote(s), joinStates(States))}
}

func joinStates(list []State) string {
	names := make([]string, len(list))
	for i, st := range list {
		names[i] = string(st)
	}
	return strings.Join(names, ", ")
}

// SourceKind names where a verdict came from, most trusted first.
type SourceKind string

const (
	SourceHook     SourceKind = "hook"     // @panemap-agent-state, set by the agent's hook
	SourceWorkmux  SourceKind = "workmux"  // @workmux_pane_status
	SourceTitle    SourceKind = "title"    // a title rule
	SourceScreen   SourceKind = "screen"   // a screen rule
	SourceBell     SourceKind = "bell"     // the window's bell flag
	SourceActivity SourceKind = "activity" // the window's activity flag
	SourceProcess  SourceKind = "process"  // the process tree (a dead pane, an agent gone)
)

// Source is what decided a state: the kind, and the rule's id for title,
// screen and process rules.
type Source struct {
	Kind SourceKind
	Rule string // the rule id for title/screen/process rules, "" otherwise
}

// String renders a source as "hook", "workmux", "title:gemini-waiting",
// "screen:claude-proceed"; the zero Source is "".
func (s Source) String() string {
	if s.Rule == "" {
		return string(s.Kind)
	}
	return string(s.Kind) + ":" + s.Rule
}
