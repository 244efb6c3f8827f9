package ui

import (
	"sync"

	tea "charm.land/bubbletea/v2"
)

// Bubble Tea runs commands on goroutines of their own and does not wait
// for them when the program ends. A read or a capture still running when
// q is pressed would then outlive panemap: a tmux process nobody waits
// for (seen: a preview's capture-pane starting after the popup had
// closed). ioGate counts the commands that talk to tmux; Run closes it
// as the program ends and waits for those in flight. A command that
// starts after that does nothing. They are waited for, not cancelled:
// killing a tmux client halfway through a command list could leave a
// rearrangement half done, and each command is bounded by OpTimeout.

// ioGate counts the commands in flight that talk to tmux.
type ioGate struct {
	mu     sync.Mutex
	closed bool
	wg     sync.WaitGroup
}

// enter admits a command, unless the gate is closed.
func (g *ioGate) enter() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return false
	}
	g.wg.Add(1)
	return true
}

func (g *ioGate) leave() { g.wg.Done() }

// closeAndWait admits no more commands and waits for those in flight.
// (No Add can race with the Wait: enter adds only while open, under the
// lock that closing takes.)
func (g *ioGate) closeAndWait() {
	g.mu.Lock()
	g.closed = true
	g.mu.Unlock()
	g.wg.Wait()
}

// tracked is f as a command that counts while it runs, and does nothing
// once the program has ended.
func (m *Model) tracked(f func() tea.Msg) tea.Cmd {
	gate := m.io
	return func() tea.Msg {
		if !gate.enter() {
			return nil
		}
		defer gate.leave()
		return f()
	}
}
