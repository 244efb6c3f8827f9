package mcp

import (
	"context"

	"github.com/panemap/panemap/tmuxctl"
)

// tmuxCheck makes sure the tmux server in use is new enough before a call
// reaches it, so an old server answers every call with one clear sentence
// (kind unsupported, naming the version needed) instead of whatever error
// the first missing flag provokes. The version is the server's own
// (#{version}), not the `tmux` binary's: after an upgrade the server still
// running is the old one. The client reads it once per server, so a good
// version costs nothing after the first call; a missing tmux, no server or
// a server too old is asked again on the next call, so installing tmux or
// restarting the server as a newer one needs no restart of panemap.
type tmuxCheck struct {
	c *tmuxctl.Client
}

func (c *tmuxCheck) check(ctx context.Context) error {
	_, err := c.c.RequireVersion(ctx)
	return err // missing (server_gone, retryable), too old (unsupported)
}
