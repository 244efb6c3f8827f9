package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
)

// The fatal-error policy: which failures leave nothing to show (the tmux
// server, or the session, is gone), and how the navigator ends on one.

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

// fatalErr is an error after which there is nothing left to show: the
// tmux server is gone.
func fatalErr(err error) bool {
	return tmux.KindOf(err) == tmux.KindServerGone
}

// fatalReadErr is fatalErr for reading the session, which fails as gone
// only when the session itself is.
func fatalReadErr(err error) bool {
	k := tmux.KindOf(err)
	return k == tmux.KindServerGone || k == tmux.KindGone
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
