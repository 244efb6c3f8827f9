package tmuxctl

import (
	"context"
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/records"
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

// The MCP tools' operations, as the tests call them: ActForAgent.

func (c *Client) SwapPane(ctx context.Context, source, target tmux.PaneID) (tmux.Pane, error) {
	r, err := c.ActForAgent(ctx, Op{Kind: OpSwap, Pane: source, With: target})
	return r.Pane, err
}

func (c *Client) SelectPane(ctx context.Context, p tmux.PaneID, d tmux.Direction) (tmux.Pane, error) {
	r, err := c.ActForAgent(ctx, Op{Kind: OpSelect, Pane: p, Dir: d})
	return r.Pane, err
}

func (c *Client) SetPaneTitle(ctx context.Context, p tmux.PaneID, title string) (tmux.Pane, error) {
	r, err := c.ActForAgent(ctx, Op{Kind: OpSetTitle, Pane: p, Text: title})
	return r.Pane, err
}

func (c *Client) RenameWindow(ctx context.Context, w tmux.WindowID, name string) (*tmux.Window, error) {
	r, err := c.ActForAgent(ctx, Op{Kind: OpRenameWindow, Window: w, Text: name})
	return r.Window, err
}

func (c *Client) ResizePane(ctx context.Context, p tmux.PaneID, d tmux.Direction, cells int) (*tmux.Window, error) {
	r, err := c.ActForAgent(ctx, Op{Kind: OpResize, Pane: p, Dir: d, Cells: cells})
	return r.Window, err
}

func (c *Client) SelectLayout(ctx context.Context, w tmux.WindowID, layout string) (*tmux.Window, error) {
	r, err := c.ActForAgent(ctx, Op{Kind: OpLayout, Window: w, Layout: layout})
	return r.Window, err
}

func (c *Client) MovePane(ctx context.Context, p tmux.PaneID, to tmux.WindowID) (*tmux.Window, error) {
	r, err := c.ActForAgent(ctx, Op{Kind: OpMove, Pane: p, Window: to})
	return r.Window, err
}

// RestoreForTest is OpRestore's restore from a fresh read (restoreAll).
func (c *Client) RestoreForTest(ctx context.Context, want *tmux.State, names map[string]bool) (map[tmux.WindowID]tmux.WindowID, error) {
	return c.restoreAll(ctx, want, names)
}

// RunForTest sends raw commands through the client's transport.
func (c *Client) RunForTest(ctx context.Context, cmds ...[]string) (string, error) {
	return c.run(ctx, cmds...)
}

// ParseStamp lets the tests read a stamp's answer without tmux.
var ParseStamp = records.ParseStamp

// SnapshotOut is what ReadPopupPlace makes of a snapshot tmux printed.
var SnapshotOut = snapshotOut
