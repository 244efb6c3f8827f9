// Package preview is the navigator's source of live previews: captures
// of the panes on the map, and, where tmux can say which panes printed
// (3.7 and later), an output watch, so that only those are captured
// again.
package preview

import (
	"context"
	"sync"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// Source is the navigator's source of live previews (ui.PreviewSource):
// CapturePanes, and, once a watch has found a tmux that allows it (3.7
// and later), an OutputWatch that says which panes printed. Without a
// watch, Changes is nil and the navigator polls.
type Source struct {
	c *tmuxctl.Client

	// Set by WatchSoon: closed once the watch is up or could not be had;
	// and the channel Changes forwards the watch's notices on.
	started chan struct{}
	changes chan tmux.PaneID
	done    chan struct{} // closed by Close: the forwarder stops
	once    sync.Once

	mu sync.Mutex
	w  *tmuxctl.OutputWatch
}

// New captures through c. It polls until Watch or WatchSoon.
func New(c *tmuxctl.Client) *Source { return &Source{c: c, done: make(chan struct{})} }

// Watch starts change notices for session s's panes where this tmux
// allows them, and reports whether it did. Call it before the navigator
// starts (it reads Changes once) and Close the Source when the
// navigator ends: on tmux 3.7 to 3.7c an attached control client is a
// risk to the server (see transport.OutputWatch). A watch that cannot be had is
// not an error: the navigator polls.
func (p *Source) Watch(ctx context.Context, s tmux.SessionID) bool {
	w, err := p.c.WatchOutput(ctx, s)
	if err != nil || w == nil {
		return false
	}
	p.mu.Lock()
	old := p.w
	p.w = w
	p.mu.Unlock()
	if old != nil {
		_ = old.Close()
	}
	return true
}

// WatchSoon is Watch without the wait, so that the navigator's first
// frame does not wait for a connection: it returns at once and starts
// the watch in the background. From then on Changes is a channel, which
// closes when no watch can be had (the navigator then polls), and
// Capture waits until the watch is up or has failed, so that nothing a
// pane prints between its capture and the watch's start is missed. Call
// it once, before the navigator starts.
func (p *Source) WatchSoon(ctx context.Context, s tmux.SessionID) {
	p.started = make(chan struct{})
	p.changes = make(chan tmux.PaneID)
	go func() {
		ok := p.Watch(ctx, s)
		close(p.started)
		if !ok {
			close(p.changes)
			return
		}
		p.forward(p.watch().Changed())
	}()
}

// forward passes the watch's notices on to Changes until the watch ends
// or Close.
func (p *Source) forward(from <-chan tmux.PaneID) {
	defer close(p.changes)
	for pane := range from {
		select {
		case p.changes <- pane:
		case <-p.done:
			return
		}
	}
}

func (p *Source) watch() *tmuxctl.OutputWatch {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.w
}

// Capture arms panes (before capturing: see transport.OutputWatch, so that nothing
// printed in between is missed) and captures them in one command list.
func (p *Source) Capture(ctx context.Context, panes []tmux.PaneID) ([]tmux.PaneScreen, error) {
	if p.started != nil {
		select {
		case <-p.started:
		case <-ctx.Done():
			return nil, &tmux.Error{Kind: tmux.KindServerGone, Message: "tmux did not answer: " + ctx.Err().Error(), Err: ctx.Err()}
		}
	}
	if w := p.watch(); w != nil {
		// A watch that failed has closed Changes: the navigator polls.
		_ = w.Arm(ctx, panes)
	}
	return p.c.CapturePanes(ctx, panes)
}

// CaptureWithState reads session s and captures panes in one command
// list (one tmux process where previews are polled): the navigator's
// poll then refreshes the map and its previews at once.
func (p *Source) CaptureWithState(ctx context.Context, s tmux.SessionID, panes []tmux.PaneID) (*tmux.State, []tmux.PaneScreen, error) {
	return p.c.ReadStateCapturing(ctx, s, panes)
}

// Changes delivers a pane each time it prints after being captured, or
// is nil without a watch.
func (p *Source) Changes() <-chan tmux.PaneID {
	if p.changes != nil {
		return p.changes
	}
	if w := p.watch(); w != nil {
		return w.Changed()
	}
	return nil
}

// Arm does nothing more: Capture arms the panes it captures, before it
// captures them.
func (p *Source) Arm(context.Context, []tmux.PaneID) error { return nil }

// Close ends the watch, if there is one, and a watch WatchSoon is still
// starting once it is up.
func (p *Source) Close() error {
	p.once.Do(func() { close(p.done) })
	if p.started != nil {
		<-p.started
	}
	if w := p.watch(); w != nil {
		return w.Close()
	}
	return nil
}
