package tmuxctl

import (
	"testing"

	"github.com/panemap/panemap/tmux"
)

// The limit keeps whole windows, and cuts the panes of the first window
// only when not even that one fits (see Listing).
func TestLimitListing(t *testing.T) {
	t.Parallel()
	windows := func() []*tmux.Window {
		return []*tmux.Window{
			{ID: "@1", Panes: []tmux.Pane{{ID: "%1"}, {ID: "%2"}}},
			{ID: "@2", Panes: []tmux.Pane{{ID: "%3"}}},
		}
	}
	for _, c := range []struct {
		limit, windows, panes int
		truncated             bool
	}{{1, 1, 1, true}, {2, 1, 2, true}, {3, 2, 3, false}, {500, 2, 3, false}} {
		l := limitListing(windows(), c.limit)
		got := 0
		for _, w := range l.Windows {
			got += len(w.Panes)
		}
		if len(l.Windows) != c.windows || l.Panes != c.panes || got != c.panes || l.Truncated != c.truncated {
			t.Errorf("limit %d: %d windows, Panes %d (%d listed), truncated %v; want %d, %d, %v",
				c.limit, len(l.Windows), l.Panes, got, l.Truncated, c.windows, c.panes, c.truncated)
		}
	}
}
