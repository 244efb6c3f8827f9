package tmuxctl

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/records"
)

// Stamp is a cheap check of whether a session changed (records.Stamp).
type Stamp = records.Stamp

// Stamp reads session s's stamp (see Stamp), in one tmux command.
func (c *Client) Stamp(ctx context.Context, s tmux.SessionID) (Stamp, error) {
	if _, err := tmux.ParseSessionID(string(s)); err != nil {
		return Stamp{}, err
	}
	out, err := c.run(ctx, []string{"display-message", "-p", "-t", string(s), records.StampFormat})
	if err != nil {
		return Stamp{}, c.nameGone(err, string(s))
	}
	return records.ParseStamp(out), nil
}
