// Package inflight waits for the navigator's commands that talk to tmux.
//
// Bubble Tea runs commands on goroutines of their own and does not wait
// for them when the program ends. A read or a capture still running when
// q is pressed would then outlive panemap: a tmux process nobody waits
// for (seen: a preview's capture-pane starting after the popup had
// closed). A Gate counts the commands that talk to tmux; the program's
// runner closes it as the program ends and waits for those in flight. A
// command that starts after that does nothing. They are waited for, not
// cancelled: killing a tmux client halfway through a command list could
// leave a rearrangement half done, and each command is bounded by its
// operation's timeout.
package inflight

import (
	"sync"

	tea "charm.land/bubbletea/v2"
)

// Gate counts the commands in flight that talk to tmux.
type Gate struct {
	mu     sync.Mutex
	closed bool
	wg     sync.WaitGroup
}

// enter admits a command, unless the gate is closed.
func (g *Gate) enter() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return false
	}
	g.wg.Add(1)
	return true
}

// CloseAndWait admits no more commands and waits for those in flight.
// (No Add can race with the Wait: enter adds only while open, under the
// lock that closing takes.)
func (g *Gate) CloseAndWait() {
	g.mu.Lock()
	g.closed = true
	g.mu.Unlock()
	g.wg.Wait()
}

// Track is f as a command that counts while it runs, and does nothing
// once the gate has closed.
func (g *Gate) Track(f func() tea.Msg) tea.Cmd {
	return func() tea.Msg {
		if !g.enter() {
			return nil
		}
		defer g.wg.Done()
		return f()
	}
}
