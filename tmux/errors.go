package tmux

import (
	"errors"
	"fmt"
)

// Kind says what went wrong in terms a caller can act on.
type Kind string

const (
	// KindInvalidInput: the request itself is wrong; retrying cannot help.
	KindInvalidInput Kind = "invalid_input"
	// KindGone: the pane, window or session named no longer exists. The
	// caller's picture of tmux is stale and should be re-read.
	KindGone Kind = "gone"
	// KindServerGone: no tmux server answers on the socket (or tmux itself
	// is missing). Retrying later can succeed.
	KindServerGone Kind = "server_gone"
	// KindRefused: tmux understood and said no.
	KindRefused Kind = "refused"
	// KindUnsupported: the tmux in use lacks something panemap needs.
	KindUnsupported Kind = "unsupported"
)

// Error is the one error type tmuxctl returns for anything a caller may
// want to tell apart. Message is a complete one-line human sentence that
// names the offending value.
type Error struct {
	Kind    Kind
	Message string
	Value   string // the offending value, verbatim
	Err     error  // the underlying cause, if any
}

func (e *Error) Error() string { return e.Message }
func (e *Error) Unwrap() error { return e.Err }

// KindOf returns the Kind of err, or "" when err is not a tmuxctl error.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return ""
}

// AsError returns err as an *Error, wrapping foreign errors as refused;
// nil stays nil.
func AsError(err error) *Error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Kind: KindRefused, Message: err.Error(), Err: err}
}

// Gone is the error for a pane, window or session (what) that no longer
// exists, naming it.
func Gone(what, id string) *Error {
	return &Error{Kind: KindGone, Value: id, Message: fmt.Sprintf("%s %s is gone: no such %s on this tmux server", what, id, what)}
}
