package tmuxctl

import (
	"context"
	"fmt"
	"strings"
)

// PendingForTest is how many command lists the connection has written and
// not yet had answered.
func (t *ControlTransport) PendingForTest() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.pending)
}

// Positions is where each pane of st's session is.
var Positions = positions

// Fingerprint renders everything a State says, for comparisons.
func Fingerprint(st *State) string {
	var b strings.Builder
	fmt.Fprintf(&b, "session %s current %s last %s marked %s\n", st.Session, st.Current, st.LastWindow, st.Marked)
	for _, w := range st.allWindows() {
		fmt.Fprintf(&b, "%s %d %dx%d zoom=%v active=%v last=%v %s\n", w.ID, w.Index, w.Width, w.Height, w.Zoomed, w.Active, w.Last, w.Layout)
		for _, p := range w.Panes {
			fmt.Fprintf(&b, "  %+v\n", p)
		}
	}
	return b.String()
}

// ApplyLayoutStringForTest applies a checked layout string without the
// read before it, as if the window changed just after that read.
func (c *Client) ApplyLayoutStringForTest(ctx context.Context, w WindowID, layout string) (*Window, error) {
	return c.applyLayoutString(ctx, w, layout)
}
