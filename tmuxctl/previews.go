package tmuxctl

import (
	"context"
	"sync"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// OutputWatch says which panes printed; see transport.OutputWatch.
type OutputWatch = transport.OutputWatch

// WatchOutput starts an output watch on session s's panes (see
// transport.OutputWatch), or answers (nil, nil) where this tmux or this
// transport gets none: poll then. ctx bounds only the start.
func (c *Client) WatchOutput(ctx context.Context, s tmux.SessionID) (*OutputWatch, error) {
	if _, err := tmux.ParseSessionID(string(s)); err != nil {
		return nil, err
	}
	w, ok := c.t.(transport.OutputWatcher)
	if !ok {
		return nil, nil
	}
	return w.WatchOutput(ctx, s)
}

// Previews is the navigator's source of live previews (ui.PreviewSource):
// CapturePanes, and, once a watch has found a tmux that allows it (3.7
// and later), an OutputWatch that says which panes printed. Without a
// watch, Changes is nil and the navigator polls.
type Previews struct {
	c *Client

	// Set by WatchSoon: closed once the watch is up or could not be had;
	// and the channel Changes forwards the watch's notices on.
	started chan struct{}
	changes chan tmux.PaneID
	done    chan struct{} // closed by Close: the forwarder stops
	once    sync.Once

	mu sync.Mutex
	w  *OutputWatch
}

// NewPreviews captures through c. It polls until Watch or WatchSoon.
func NewPreviews(c *Client) *Previews { return &Previews{c: c, done: make(chan struct{})} }

// Watch starts change notices for session s's panes where this tmux
// allows them, and reports whether it did. Call it before the navigator
// starts (it reads Changes once) and Close the Previews when the
// navigator ends: on tmux 3.7 to 3.7c an attached control client is a
// risk to the server (see OutputWatch). A watch that cannot be had is
// not an error: the navigator polls.
func (p *Previews) Watch(ctx context.Context, s tmux.SessionID) bool {
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
func (p *Previews) WatchSoon(ctx context.Context, s tmux.SessionID) {
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
func (p *Previews) forward(from <-chan tmux.PaneID) {
	defer close(p.changes)
	for pane := range from {
		select {
		case p.changes <- pane:
		case <-p.done:
			return
		}
	}
}

func (p *Previews) watch() *OutputWatch {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.w
}

// Capture arms panes (before capturing: see OutputWatch, so that nothing
// printed in between is missed) and captures them in one command list.
func (p *Previews) Capture(ctx context.Context, panes []tmux.PaneID) ([]tmux.PaneScreen, error) {
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

// Changes delivers a pane each time it prints after being captured, or
// is nil without a watch.
func (p *Previews) Changes() <-chan tmux.PaneID {
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
func (p *Previews) Arm(context.Context, []tmux.PaneID) error { return nil }

// Close ends the watch, if there is one, and a watch WatchSoon is still
// starting once it is up.
func (p *Previews) Close() error {
	p.once.Do(func() { close(p.done) })
	if p.started != nil {
		<-p.started
	}
	if w := p.watch(); w != nil {
		return w.Close()
	}
	return nil
}
