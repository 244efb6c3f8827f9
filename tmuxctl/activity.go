package tmuxctl

import (
	"context"
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// ActiveSince lists the panes of every window of the server whose
// window had output at or after since (Unix seconds, tmux's
// #{window_activity}: any output in a window updates it, whatever
// monitor-activity says). tmux counts whole seconds and shares the
// machine's clock, so a caller that notes the time before each call and
// asks from it next time sees every window that printed since, and a
// window that printed in that same second once more than needed. It is
// one tmux command.
func (c *Client) ActiveSince(ctx context.Context, since int64) ([]tmux.PaneID, error) {
	out, err := c.run(ctx, []string{"list-panes", "-a", "-F", "#{pane_id} #{window_activity}"})
	if err != nil {
		return nil, err
	}
	var panes []tmux.PaneID
	seen := map[tmux.PaneID]bool{}
	for _, l := range strings.Split(out, "\n") {
		id, at, _ := strings.Cut(strings.TrimSpace(l), " ")
		p, err := tmux.ParsePaneID(id)
		if err != nil {
			continue
		}
		if t, err := strconv.ParseInt(at, 10, 64); err == nil && t >= since && !seen[p] {
			seen[p] = true
			panes = append(panes, p)
		}
	}
	return panes, nil
}
