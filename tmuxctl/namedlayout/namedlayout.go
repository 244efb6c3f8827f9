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
	"github.com/panemap/panemap/tmuxctl/floating"
)

// Saved is what Save did.
type Saved struct {
	Layout   *layouts.Layout
	Window   *tmux.Window // the window as it was read
	Replaced bool         // a layout of that name was there and is replaced
}

// Save saves window w's arrangement in store under name, refusing a name
// that is saved already unless overwrite, and notes the name on w. Bad
// input (the name, a gone window) changes nothing. The window remembers
// the name (tmuxctl.Client.NameLayout).
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
	replaced := store.Has(name)
	if err := store.Save(l, overwrite); err != nil {
		return nil, err
	}
	if err := c.NameLayout(ctx, w, name); err != nil {
		return nil, err
	}
	return &Saved{Layout: l, Window: win, Replaced: replaced}, nil
}

// Planned is a layout fitted to a window as it is: what Plan read and
// made.
type Planned struct {
	Window *tmux.Window // the window as it was read
	Plan   *layouts.Plan
}

// Plan fits layout l to window w as it is now (layouts.MakePlan),
// floating panes included where the server floats them. It changes
// nothing: apply the plan with tmuxctl.OpApplyLayout, which refuses it if
// the window changed since.
func Plan(ctx context.Context, c *tmuxctl.Client, l *layouts.Layout, w tmux.WindowID, create bool) (*Planned, error) {
	win, err := c.ListPanes(ctx, w)
	if err != nil {
		return nil, err
	}
	floatingOK := false
	if len(l.Floating) > 0 { // the server's version matters only then
		v, err := c.RequireVersion(ctx)
		if err != nil {
			return nil, err
		}
		floatingOK = floating.Supported(v)
	}
	p, err := layouts.MakePlan(l, win, create, floatingOK)
	if err != nil {
		return nil, err
	}
	return &Planned{Window: win, Plan: p}, nil
}
