package tmuxctl

import (
	"context"
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/floating"
	"github.com/panemap/panemap/tmuxctl/restoring"
)

// A layout string with floating panes ("<…>", as #{window_layout} is on
// tmux 3.7 and later for a window with a floating pane): tmux's
// select-layout refuses it (layout_parse stops at the tree), so the
// tiled part and the floating panes are given back as a restore gives
// them (restoring.Refloat): every pane tiled into the tree's tiled cells
// and stand-ins by select-layout, the floating panes floated again, each
// moved and resized to its box, and stacked as "<…>" lists them. Only
// tmux 3.8 can float, move and resize panes.
//
// The string names its floating panes by id, and only by id can a pane
// be told to float: it must name exactly the window's panes. The tiled
// cells go to the tiled panes in pane order, as tmux deals any layout's
// cells (layout_assign), so they must be in that order in the tree, as
// they are in every string tmux printed for the window since its panes
// last changed places.

// isFloatingLayout reports whether a validated layout choice is a layout
// string with floating panes.
func isFloatingLayout(choice string) bool { return strings.Contains(choice, "<") }

// floatingLayout gives window op.Window the layout string op.Layout,
// which has floating panes (see above), and answers as Act does for the
// navigator (session s's state before and after) or as ActForAgent does
// for an agent (the window after).
func (c *Client) floatingLayout(ctx context.Context, who caller, s tmux.SessionID, op Op) (Result, error) {
	v, err := c.serverVersion(ctx)
	if err != nil {
		return Result{}, err
	}
	if !floating.Supported(v) {
		return Result{}, &tmux.Error{Kind: tmux.KindUnsupported, Value: op.Layout,
			Message: fmt.Sprintf("layout %s has floating panes, and tmux %s cannot float, move or resize panes to give them their places (tmux 3.8 can). Nothing changed", tmux.Quote(op.Layout), v.Raw)}
	}
	var r Result
	if who == navigator {
		if r.Before, err = c.ReadState(ctx, s); err != nil {
			return Result{}, err
		}
	}
	w, err := c.ListPanes(ctx, op.Window)
	if err != nil {
		return r, err
	}
	cmds, err := restoring.FloatingLayout(op.Layout, w)
	if err != nil {
		return r, err
	}
	// Only while the window has the panes at the indices read: the
	// stand-ins are placed by pane order.
	out, err := c.script(ctx, ifShell(string(w.ID), restoring.SamePanes(w), cmds, [][]string{{"display-message", "-p", misfitLine}}))
	if err != nil {
		return r, c.opErr(op, err)
	}
	if strings.HasPrefix(out, misfitLine) {
		return r, &tmux.Error{Kind: tmux.KindGone, Value: string(w.ID), Message: fmt.Sprintf("window %s changed its panes just now: layout %s was not applied, nothing changed (read the window again)", w.ID, tmux.Quote(op.Layout))}
	}
	if who == navigator {
		r.After, err = c.ReadState(ctx, s)
		return r, err
	}
	r.Window, err = c.ListPanes(ctx, w.ID)
	return r, err
}
