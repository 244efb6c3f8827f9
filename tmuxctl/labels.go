package tmuxctl

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/label"
)

// MaxLabelLen is the most characters a window name or a pane title may
// have (see label.MaxLen).
const MaxLabelLen = label.MaxLen

// SetPaneTitle sets pane p's title to title exactly (see package label)
// and reads the pane back; RenameWindow does the same for a window's name.
func (c *Client) SetPaneTitle(ctx context.Context, p tmux.PaneID, title string) (tmux.Pane, error) {
	w, err := c.change(ctx, Op{Kind: OpSetTitle, Pane: p, Text: title})
	if err != nil {
		return tmux.Pane{}, err
	}
	pane, _ := w.Pane(p)
	return pane, nil
}

func (c *Client) RenameWindow(ctx context.Context, w tmux.WindowID, name string) (*tmux.Window, error) {
	return c.change(ctx, Op{Kind: OpRenameWindow, Window: w, Text: name})
}
