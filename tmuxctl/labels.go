package tmuxctl

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/label"
)

// SetPaneTitle sets pane p's title to title, exactly (see package
// label), and reads the pane back.
func (c *Client) SetPaneTitle(ctx context.Context, p tmux.PaneID, title string) (tmux.Pane, error) {
	cmds, err := label.Title(p, title)
	if err != nil {
		return tmux.Pane{}, err
	}
	w, err := c.labelled(ctx, string(p), cmds)
	if err != nil {
		return tmux.Pane{}, err
	}
	pane, _ := w.Pane(p)
	return pane, nil
}

// RenameWindow names window w name, exactly (see package label), and
// reads the window back.
func (c *Client) RenameWindow(ctx context.Context, w tmux.WindowID, name string) (*tmux.Window, error) {
	cmds, err := label.Window(w, name)
	if err != nil {
		return nil, err
	}
	return c.labelled(ctx, string(w), cmds)
}

// labelled runs a labelling list (an if-shell, so a script: see
// script.go) and reads target's window back in the same list.
func (c *Client) labelled(ctx context.Context, target string, cmds [][]string) (*tmux.Window, error) {
	out, ran, err := c.script(ctx, append(cmds, readWindowCmds(target)...))
	if !ran {
		return c.readWindow(ctx, target, cmds...)
	}
	if err != nil {
		return nil, c.nameGone(err, target)
	}
	return oneWindow(out, target)
}
