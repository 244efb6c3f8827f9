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
	w, err := c.labelled(ctx, string(p))(label.Title(p, title))
	if err != nil {
		return tmux.Pane{}, err
	}
	pane, _ := w.Pane(p)
	return pane, nil
}

func (c *Client) RenameWindow(ctx context.Context, w tmux.WindowID, name string) (*tmux.Window, error) {
	return c.labelled(ctx, string(w))(label.Window(w, name))
}

// labelled runs a labelling list (an if-shell: a script, see script.go)
// and reads target's window back in the same list.
func (c *Client) labelled(ctx context.Context, target string) func([][]string, error) (*tmux.Window, error) {
	return func(cmds [][]string, err error) (*tmux.Window, error) {
		out := ""
		if err == nil {
			out, err = c.script(ctx, append(cmds, readWindowCmds(target)...)...)
		}
		if err != nil {
			return nil, c.nameGone(err, target)
		}
		return oneWindow(out, target)
	}
}
