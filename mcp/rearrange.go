package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// The rearranging tools: resize_pane, select_layout and move_pane. Each
// validates every argument (the card's schema, then tmuxctl's own Parse
// functions) before tmux sees any of it, and leaves the change itself to
// tmuxctl, which makes it and reads the window back in one command list.

// resizeArgs is resize_pane's arguments, validated.
type resizeArgs struct {
	pane  tmux.PaneID
	dir   tmux.Direction
	cells int
}

func parseResizeArgs(a args) (resizeArgs, error) {
	var r resizeArgs
	var err error
	if r.pane, err = tmux.ParsePaneID(a.str("pane")); err != nil {
		return r, argErr("pane", err)
	}
	if r.dir, err = tmuxctl.ParseResize(a.str("direction"), 1); err != nil {
		return r, argErr("direction", err)
	}
	if r.cells, err = wholeArg(a, "cells"); err != nil {
		return r, err
	}
	if _, err := tmuxctl.ParseResize(string(r.dir), r.cells); err != nil {
		return r, argErr("cells", err)
	}
	return r, nil
}

// wholeArg is a validated integer argument as an int. The schema has
// checked it is a whole number in range; this refuses anything else
// again rather than trusting that.
func wholeArg(a args, name string) (int, error) {
	n, _ := a[name].(json.Number)
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil || f != math.Trunc(f) || f < math.MinInt32 || f > math.MaxInt32 {
		return 0, invalid(string(n), fmt.Sprintf("invalid %s argument %s: want a whole number", name, render(n)))
	}
	return int(f), nil
}

func (h *handlers) resizePane(ctx context.Context, a args) (string, any, error) {
	r, err := parseResizeArgs(a)
	if err != nil {
		return "", nil, err
	}
	res, err := h.act(ctx, tmuxctl.Op{Kind: tmuxctl.OpResize, Pane: r.pane, Dir: r.dir, Cells: r.cells})
	if err != nil {
		return "", nil, err
	}
	// The size before, for the text: tmux stops at the window's edges
	// and at the neighbours' smallest size, so a resize may change less
	// than asked, or nothing, and the model should know which.
	p, w := res.Pane, res.Window
	was, _ := res.Was.Pane(r.pane)
	v := resizeView{paneView: viewPane(ctx, h.c, p), Left: p.Left, Top: p.Top, Width: p.Width, Height: p.Height, Layout: w.Layout}
	return resizeText(r, was, p, w, v), v, nil
}

// layoutArgs is select_layout's arguments, validated.
type layoutArgs struct {
	window tmux.WindowID
	layout string
}

func parseLayoutArgs(a args) (layoutArgs, error) {
	var r layoutArgs
	var err error
	if r.window, err = tmux.ParseWindowID(a.str("window")); err != nil {
		return r, argErr("window", err)
	}
	if r.layout, err = tmuxctl.ParseLayoutChoice(a.str("layout")); err != nil {
		return r, argErr("layout", err)
	}
	return r, nil
}

func (h *handlers) selectLayout(ctx context.Context, a args) (string, any, error) {
	r, err := parseLayoutArgs(a)
	if err != nil {
		return "", nil, err
	}
	res, err := h.act(ctx, tmuxctl.Op{Kind: tmuxctl.OpLayout, Window: r.window, Layout: r.layout})
	if err != nil {
		if tmux.KindOf(err) == tmux.KindInvalidInput {
			// The ids were checked above: what is left is the layout
			// string not fitting this window.
			return "", nil, argErr("layout", err)
		}
		return "", nil, err
	}
	w := res.Window
	v := layoutView{WindowID: w.ID, Layout: w.Layout, Width: w.Width, Height: w.Height, Zoomed: w.Zoomed, Panes: []layoutPane{}}
	for _, p := range w.Panes {
		v.Panes = append(v.Panes, layoutPane{ID: p.ID, Index: p.Index, Left: p.Left, Top: p.Top, Width: p.Width, Height: p.Height, Active: p.Active})
	}
	return layoutText(r.layout, w), v, nil
}

// moveArgs is move_pane's arguments, validated: to is "" for a new window.
type moveArgs struct {
	pane tmux.PaneID
	to   tmux.WindowID
}

func parseMoveArgs(a args) (moveArgs, error) {
	var r moveArgs
	var err error
	if r.pane, err = tmux.ParsePaneID(a.str("pane")); err != nil {
		return r, argErr("pane", err)
	}
	// A string given is a window id, even an empty one: only absent or
	// null means "not given".
	to, hasTo := a["to_window"].(string)
	newWindow, _ := a["new_window"].(bool)
	switch {
	case hasTo && newWindow:
		return r, invalid(to, fmt.Sprintf("move_pane takes to_window or new_window: true, not both: to_window %s names a window to move into, new_window asks for a new one", tmux.Quote(to)))
	case !hasTo && !newWindow:
		return r, invalid("", "move_pane needs to_window (the @-prefixed window to move the pane into, like @2) or new_window: true (a new window of its own)")
	case hasTo:
		if r.to, err = tmux.ParseWindowID(to); err != nil {
			return r, argErr("to_window", err)
		}
	}
	return r, nil
}

func (h *handlers) movePane(ctx context.Context, a args) (string, any, error) {
	r, err := parseMoveArgs(a)
	if err != nil {
		return "", nil, err
	}
	// tmux splits no floating pane: when the window's active pane
	// floats, Act moves the pane beside a tiled one (res.Beside).
	res, err := h.act(ctx, tmuxctl.Op{Kind: tmuxctl.OpMove, Pane: r.pane, Window: r.to})
	if err != nil {
		return "", nil, err
	}
	// Where the pane was before says whether it moved and what became of
	// the window it left.
	p, w, from := res.Pane, res.Window, res.Was
	v := moveView{
		paneView:  viewPane(ctx, h.c, p),
		SessionID: w.SessionID, WindowIndex: w.Index, WindowName: w.Name,
		Moved: w.ID != from.ID, FromWindowID: from.ID,
	}
	if v.Moved && len(from.Panes) == 1 {
		v.FromWindowClosed, v.FromSessionClosed = h.closed(ctx, from)
	}
	return moveText(r, res.Beside, from, p, w, v), v, nil
}

// closed says whether window from, which the moved pane left empty, is
// gone now (tmux closes an empty window), and whether its session went
// with it (a session whose last window closes is destroyed). It reads
// rather than assumes: another client may have split the window between
// the read before the move and the move.
func (h *handlers) closed(ctx context.Context, from *tmux.Window) (window, session bool) {
	_, err := h.c.List(ctx, tmuxctl.ListRequest{Scope: tmuxctl.ScopeWindow, Window: from.ID, Limit: 1})
	if tmux.KindOf(err) != tmux.KindGone {
		return false, false
	}
	_, err = h.c.List(ctx, tmuxctl.ListRequest{Scope: tmuxctl.ScopeSession, Session: from.SessionID, Limit: 1})
	return true, tmux.KindOf(err) == tmux.KindGone
}
