package tmuxctl

import (
	"context"
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// Fingerprint renders everything a State says, for comparisons.
func Fingerprint(st *tmux.State) string {
	var b strings.Builder
	fmt.Fprintf(&b, "session %s current %s last %s marked %s\n", st.Session, st.Current, st.LastWindow, st.Marked)
	for _, w := range st.AllWindows() {
		fmt.Fprintf(&b, "%s %d %dx%d zoom=%v active=%v last=%v %s\n", w.ID, w.Index, w.Width, w.Height, w.Zoomed, w.Active, w.Last, w.Layout)
		for _, p := range w.Panes {
			fmt.Fprintf(&b, "  %+v\n", p)
		}
	}
	return b.String()
}

// ApplyLayoutStringForTest applies a checked layout string without the
// read before it, as if the window changed just after that read.
func (c *Client) ApplyLayoutStringForTest(ctx context.Context, w tmux.WindowID, layout string) (*tmux.Window, error) {
	return c.applyLayoutString(ctx, w, layout)
}

// RestoreForTest is OpRestore's restore from a fresh read (restoreAll).
func (c *Client) RestoreForTest(ctx context.Context, want *tmux.State, names map[string]bool) (map[tmux.WindowID]tmux.WindowID, error) {
	return c.restoreAll(ctx, want, names)
}

// RunForTest sends raw commands through the client's transport.
func (c *Client) RunForTest(ctx context.Context, cmds ...[]string) (string, error) {
	return c.run(ctx, cmds...)
}
