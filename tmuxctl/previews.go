package tmuxctl

import (
	"context"
	"sync"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// Previews is the navigator's source of live previews (ui.PreviewSource):
// CapturePanes, and, once Watch has found a tmux that allows it (3.7 and
// later), an OutputWatch that says which panes printed. Without a watch,
// Changes is nil and the navigator polls.
type Previews struct {
	c *Client

	mu sync.Mutex
	w  *transport.OutputWatch
}

// WatchOutput starts an output watch on session s's panes (see
// transport.OutputWatch), or answers (nil, nil) where this tmux or this
// transport gets none: poll then. ctx bounds only the start.
func (c *Client) WatchOutput(ctx context.Context, s tmux.SessionID) (*transport.OutputWatch, error) {
	if _, err := tmux.ParseSessionID(string(s)); err != nil {
		return nil, err
	}
	w, ok := c.t.(transport.OutputWatcher)
	if !ok {
		return nil, nil
	}
	return w.WatchOutput(ctx, s)
}

// NewPreviews captures through c. It polls until Watch is called.
func NewPreviews(c *Client) *Previews { return &Previews{c: c} }

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

func (p *Previews) watch() *transport.OutputWatch {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.w
}

// Capture arms panes (before capturing: see OutputWatch, so that nothing
// printed in between is missed) and captures them in one command list.
func (p *Previews) Capture(ctx context.Context, panes []tmux.PaneID) ([]tmux.PaneScreen, error) {
	if w := p.watch(); w != nil {
		// A watch that failed has closed Changes: the navigator polls.
		_ = w.Arm(ctx, panes)
	}
	return p.c.CapturePanes(ctx, panes)
}

// Changes delivers a pane each time it prints after being captured, or
// is nil without a watch.
func (p *Previews) Changes() <-chan tmux.PaneID {
	if w := p.watch(); w != nil {
		return w.Changed()
	}
	return nil
}

// Arm does nothing more: Capture arms the panes it captures, before it
// captures them.
func (p *Previews) Arm(context.Context, []tmux.PaneID) error { return nil }

// Close ends the watch, if there is one.
func (p *Previews) Close() error {
	if w := p.watch(); w != nil {
		return w.Close()
	}
	return nil
}
