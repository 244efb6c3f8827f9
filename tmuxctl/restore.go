package tmuxctl

import (
	"context"
	"maps"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/floating"
	"github.com/panemap/panemap/tmuxctl/restoring"
)

// restoreAll puts session state back as it was in want (OpRestore when
// panes moved, or moved since the caller's read): every pane that still
// exists returns to its window and position (by inverse swaps: a layout
// string cannot do this, since select-layout assigns cells by list order),
// each window gets its layout string back, then zoom, each window's active
// and last pane, the marked pane, and the session's current and last
// window, and the names, titles and automatic-rename of the windows and
// panes in names (see restoring.Names). Panes created or killed since are
// left alone. When panes changed windows it first moves them back,
// recreating windows that closed, and answers with those: want's id of
// each, and the id tmux gave the new window (tmux cannot give a window
// back its old id; everything else about it is restored). Otherwise it
// sends one command list; when a pane vanishes under it, it reads again
// and retries.
func (c *Client) restoreAll(ctx context.Context, want *tmux.State, names map[string]bool) (map[tmux.WindowID]tmux.WindowID, error) {
	var err error
	var recreated map[tmux.WindowID]tmux.WindowID
	joined := map[tmux.WindowID]bool{} // kept across attempts: a retry reads them joined
	for attempt := 0; attempt < 3; attempt++ {
		var cur *tmux.State
		if cur, err = c.readForRestore(ctx, want); err != nil {
			return recreated, err
		}
		if restoring.Moved(cur, want) {
			maps.Copy(joined, restoring.Joined(cur, want))
			var rec map[tmux.WindowID]tmux.WindowID
			if rec, err = c.moveBack(ctx, cur, want); err != nil {
				if tmux.KindOf(err) == tmux.KindGone {
					continue
				}
				return recreated, err
			}
			if len(rec) > 0 {
				recreated = rec
				want = want.RenameWindows(rec)
				for old, id := range rec {
					joined[id] = joined[old]
				}
			}
			if cur, err = c.readForRestore(ctx, want); err != nil {
				return recreated, err
			}
		}
		floatOps, err := c.floatOps(ctx, want)
		if err != nil {
			return recreated, err
		}
		cmds := append(restoring.Commands(cur, want, floatOps, joined), restoring.Names(cur, want, names)...)
		if len(cmds) == 0 {
			return recreated, nil
		}
		if _, err = c.run(ctx, cmds...); err == nil || tmux.KindOf(err) != tmux.KindGone {
			return recreated, err
		}
	}
	return recreated, err
}

// floatOps reports whether a restore to want gives floating panes back
// their state and geometry: when want has floating panes and tmux can
// (3.8, by the server's version: see serverVersion).
func (c *Client) floatOps(ctx context.Context, want *tmux.State) (bool, error) {
	if !restoring.HasFloating(want) {
		return false, nil
	}
	v, err := c.serverVersion(ctx)
	return floating.Supported(v), err
}

// serverVersion is the server's version (#{version}), read once per server
// by the transport (see transport.Auto.ServerVersion).
func (c *Client) serverVersion(ctx context.Context) (tmux.Version, error) {
	return c.t.ServerVersion(ctx)
}

// readForRestore reads want's session, and the window of want's marked
// pane when it lies outside the session.
func (c *Client) readForRestore(ctx context.Context, want *tmux.State) (*tmux.State, error) {
	cur, err := c.ReadState(ctx, want.Session)
	if err != nil {
		return nil, err
	}
	if want.Foreign != nil {
		if fw, ferr := c.ListPanes(ctx, want.Foreign.ID); ferr == nil {
			cur.Foreign = fw
		}
	}
	return cur, nil
}

// moveBack puts panes back in their windows (see restoring/moves.go): it
// runs both steps and answers with the windows it recreated.
func (c *Client) moveBack(ctx context.Context, cur, want *tmux.State) (map[tmux.WindowID]tmux.WindowID, error) {
	if cmds := restoring.Rejoin(cur, want); len(cmds) > 0 {
		if _, err := c.run(ctx, cmds...); err != nil {
			return nil, err
		}
		var err error
		if cur, err = c.readForRestore(ctx, want); err != nil {
			return nil, err
		}
	}
	cmds, at := restoring.Recreate(cur, want)
	if len(cmds) == 0 {
		return nil, nil
	}
	if _, err := c.run(ctx, cmds...); err != nil {
		return nil, err
	}
	after, err := c.ReadState(ctx, want.Session)
	if err != nil {
		return nil, err
	}
	recreated := map[tmux.WindowID]tmux.WindowID{}
	for old, idx := range at {
		for _, w := range after.Windows {
			if w.Index == idx {
				recreated[old] = w.ID
			}
		}
	}
	return recreated, nil
}
