// Package namedlayout saves a window's arrangement as a named layout
// (package layouts): the read of the window, the layout's file, and the
// window's note of the name, written once for the navigator's S, `panemap
// layout save` and MCP's save_layout. Applying one is an op
// (tmuxctl.OpApplyLayout), made through Act like every change.
package namedlayout

import (
	"context"
	"time"

	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// The window options that remember a window's layout: its name, and the
// window's #{window_layout} right after it was saved or applied there, so
// that the navigator can say when the window has changed since. They are
// user options, set without -F: the name is never expanded as a format.
const (
	OptionName    = "@panemap-layout"
	OptionApplied = "@panemap-layout-applied"
)

// MarkCmds notes on window w that it has the layout name, as layout.
func MarkCmds(w tmux.WindowID, name, layout string) [][]string {
	return [][]string{
		{"set-option", "-w", "-t", string(w), OptionName, name},
		{"set-option", "-w", "-t", string(w), OptionApplied, layout},
	}
}

// Saved is what Save did.
type Saved struct {
	Layout   *layouts.Layout
	Window   *tmux.Window // the window as it was read
	Replaced bool         // a layout of that name was there and is replaced
}

// Save saves window w's arrangement in store under name, refusing a name
// that is saved already unless overwrite, and notes the name on w. Bad
// input (the name, a gone window) changes nothing.
func Save(ctx context.Context, c *tmuxctl.Client, store *layouts.Store, name string, w tmux.WindowID, overwrite bool, now time.Time) (*Saved, error) {
	if err := layouts.CheckName(name); err != nil {
		return nil, err
	}
	v, err := c.RequireVersion(ctx)
	if err != nil {
		return nil, err
	}
	win, err := c.ListPanes(ctx, w)
	if err != nil {
		return nil, err
	}
	l, err := layouts.FromWindow(name, win, v, now)
	if err != nil {
		return nil, err
	}
	replaced, err := saved(store, name)
	if err != nil {
		return nil, err
	}
	if err := store.Save(l, overwrite); err != nil {
		return nil, err
	}
	if _, err := c.Run(ctx, MarkCmds(w, name, win.Layout)...); err != nil {
		return nil, err
	}
	return &Saved{Layout: l, Window: win, Replaced: replaced}, nil
}

// saved tells whether store has a layout called name, broken or not.
func saved(store *layouts.Store, name string) (bool, error) {
	entries, err := store.List()
	if err != nil {
		return false, err
	}
	for _, e := range entries {
		if e.Name == name {
			return true, nil
		}
	}
	return false, nil
}
