package mcp

import (
	"context"
	"sync"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// tmuxCheck makes sure the tmux in use is new enough before a call reaches
// it, so an old tmux answers every call with one clear sentence (kind
// unsupported, naming the version needed) instead of whatever error the
// first missing flag provokes. A good version is detected once; a missing
// or too old tmux is checked again on the next call, so installing or
// upgrading tmux needs no restart.
type tmuxCheck struct {
	c *tmuxctl.Client

	mu sync.Mutex
	ok bool
}

func (c *tmuxCheck) check(ctx context.Context) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ok {
		return nil
	}
	if _, err := c.c.RequireVersion(ctx); err != nil && tmux.KindOf(err) != "" {
		return err // missing (server_gone, retryable) or too old (unsupported)
	}
	// Good, or a version panemap cannot read (a distribution's own
	// spelling): let tmux itself answer.
	c.ok = true
	return nil
}
