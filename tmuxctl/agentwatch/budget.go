package agentwatch

import (
	"cmp"
	"slices"
	"time"

	"github.com/panemap/panemap/tmux"
)

// Captures share a budget of tmux's message log, which records every
// command a client runs (cmd-queue.c, cmdq_add_message; 1,000 entries by
// default): a capture costs one entry a pane and one for the round's
// headers (tmuxctl.Client.CapturePanes). Twenty agents printing, each
// captured at every look, would add 80 entries a second. A pane's first
// capture is free (a watcher must see each screen once); after that the
// panes whose screens are owed share captureRate, the longest waiting
// first, and a pane left out stays owed.
const (
	captureRate  = 4 // entries a second
	captureBurst = 8 // entries saved while nothing was owed
)

// budget is a token bucket of message-log entries.
type budget struct {
	tokens float64
	last   time.Time
}

// take picks the panes of owed to capture now and spends their cost.
func (b *budget) take(now time.Time, owed []tmux.PaneID, panes map[tmux.PaneID]*memory) []tmux.PaneID {
	if !b.last.IsZero() {
		b.tokens = min(captureBurst, b.tokens+now.Sub(b.last).Seconds()*captureRate)
	} else {
		b.tokens = captureBurst
	}
	b.last = now
	var first, rest []tmux.PaneID
	for _, p := range owed {
		if panes[p].captured {
			rest = append(rest, p)
		} else {
			first = append(first, p)
		}
	}
	slices.SortStableFunc(rest, func(a, c tmux.PaneID) int {
		return cmp.Compare(panes[a].capturedAt.UnixNano(), panes[c].capturedAt.UnixNano())
	})
	n := min(len(rest), max(0, int(b.tokens)-1)) // one for the headers
	if len(first) > 0 || n > 0 {
		b.tokens -= float64(n + 1)
	}
	return append(first, rest[:n]...)
}
