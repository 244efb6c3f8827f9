package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/panemap/panemap/geometry"
	"github.com/panemap/panemap/tmuxctl"
)

// The rearranging tools: resize_pane, select_layout and move_pane. Each
// validates every argument (the card's schema, then tmuxctl's own Parse
// functions) before tmux sees any of it, and leaves the change itself to
// tmuxctl, which makes it and reads the window back in one command list.

// resizeView is resize_pane's answer: the pane as select_pane answers it,
// plus its geometry and the window's layout string afterwards.
type resizeView struct {
	paneView
	Left   int    `json:"left"`
	Top    int    `json:"top"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Layout string `json:"layout"`
}

// layoutView is select_layout's answer: the window afterwards.
type layoutView struct {
	WindowID tmuxctl.WindowID `json:"window_id"`
	Layout   string           `json:"layout"`
	Width    int              `json:"width"`
	Height   int              `json:"height"`
	Zoomed   bool             `json:"zoomed"`
	Panes    []layoutPane     `json:"panes"`
}

type layoutPane struct {
	ID     tmuxctl.PaneID `json:"id"`
	Index  int            `json:"index"`
	Left   int            `json:"left"`
	Top    int            `json:"top"`
	Width  int            `json:"width"`
	Height int            `json:"height"`
	Active bool           `json:"active"`
}

// moveView is move_pane's answer: the pane in its new place, whether it
// moved, and what became of the window (and session) it left.
type moveView struct {
	paneView
	SessionID         tmuxctl.SessionID `json:"session_id"`
	WindowIndex       int               `json:"window_index"`
	WindowName        string            `json:"window_name"`
	Moved             bool              `json:"moved"`
	FromWindowID      tmuxctl.WindowID  `json:"from_window_id"`
	FromWindowClosed  bool              `json:"from_window_closed"`
	FromSessionClosed bool              `json:"from_session_closed"`
}

// resizeArgs is resize_pane's arguments, validated.
type resizeArgs struct {
	pane  tmuxctl.PaneID
	dir   tmuxctl.Direction
	cells int
}

func parseResizeArgs(a args) (resizeArgs, error) {
	var r resizeArgs
	var err error
	if r.pane, err = tmuxctl.ParsePaneID(a.str("pane")); err != nil {
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
	if err := h.tmux.check(ctx); err != nil {
		return "", nil, err
	}
	// The size before, for the text: tmux stops at the window's edges
	// and at the neighbours' smallest size, so a resize may change less
	// than asked, or nothing, and the model should know which.
	before, err := h.c.WindowOf(ctx, r.pane)
	if err != nil {
		return "", nil, err
	}
	was, known := before.Pane(r.pane)
	w, err := h.c.ResizePane(ctx, r.pane, r.dir, r.cells)
	if err != nil {
		return "", nil, err
	}
	p, ok := w.Pane(r.pane)
	if !ok {
		return "", nil, &tmuxctl.Error{Kind: tmuxctl.KindGone, Value: string(r.pane), Message: fmt.Sprintf("pane %s is gone: no such pane on this tmux server", r.pane)}
	}
	v := resizeView{paneView: viewPane(ctx, h.c, p), Left: p.Left, Top: p.Top, Width: p.Width, Height: p.Height, Layout: w.Layout}
	var b strings.Builder
	switch {
	case !known: // it moved windows between the two reads
		fmt.Fprintf(&b, "Resized pane %s %s by up to %d: it is now %dx%d at %d,%d in window %s%s.",
			p.ID, r.dir, r.cells, p.Width, p.Height, p.Left, p.Top, w.ID, describePane(v.paneView))
	case was.Width == p.Width && was.Height == p.Height && was.Left == p.Left && was.Top == p.Top:
		fmt.Fprintf(&b, "Pane %s stays %dx%d at %d,%d in window %s%s: tmux could not move its border %s (no pane shares a border with it that way, or the panes on the other side are at their smallest).",
			p.ID, p.Width, p.Height, p.Left, p.Top, w.ID, describePane(v.paneView), r.dir)
	default:
		fmt.Fprintf(&b, "Resized pane %s %s by up to %d: it was %dx%d at %d,%d and is now %dx%d at %d,%d in window %s%s.",
			p.ID, r.dir, r.cells, was.Width, was.Height, was.Left, was.Top, p.Width, p.Height, p.Left, p.Top, w.ID, describePane(v.paneView))
	}
	fmt.Fprintf(&b, "\nLayout: %s\n%s", w.Layout, geometry.TextMap(w, 80))
	return b.String(), v, nil
}

// layoutArgs is select_layout's arguments, validated.
type layoutArgs struct {
	window tmuxctl.WindowID
	layout string
}

func parseLayoutArgs(a args) (layoutArgs, error) {
	var r layoutArgs
	var err error
	if r.window, err = tmuxctl.ParseWindowID(a.str("window")); err != nil {
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
	if err := h.tmux.check(ctx); err != nil {
		return "", nil, err
	}
	w, err := h.c.SelectLayout(ctx, r.window, r.layout)
	if err != nil {
		if tmuxctl.KindOf(err) == tmuxctl.KindInvalidInput {
			// The ids were checked above: what is left is the layout
			// string not fitting this window.
			return "", nil, argErr("layout", err)
		}
		return "", nil, err
	}
	v := layoutView{WindowID: w.ID, Layout: w.Layout, Width: w.Width, Height: w.Height, Zoomed: w.Zoomed, Panes: []layoutPane{}}
	for _, p := range w.Panes {
		v.Panes = append(v.Panes, layoutPane{ID: p.ID, Index: p.Index, Left: p.Left, Top: p.Top, Width: p.Width, Height: p.Height, Active: p.Active})
	}
	var what string
	switch r.layout {
	case tmuxctl.LayoutNext:
		what = "tmux's next preset layout"
	case tmuxctl.LayoutPrevious:
		what = "tmux's previous preset layout"
	case tmuxctl.LayoutSpread:
		what = "its active pane and the panes beside it spread evenly"
	default:
		what = "layout " + tmuxctl.Quote(r.layout)
	}
	text := fmt.Sprintf("Window %s now has %s.\nLayout: %s\n%s", w.ID, what, w.Layout, geometry.TextMap(w, 80))
	return text, v, nil
}

// moveArgs is move_pane's arguments, validated: to is "" for a new window.
type moveArgs struct {
	pane tmuxctl.PaneID
	to   tmuxctl.WindowID
}

func parseMoveArgs(a args) (moveArgs, error) {
	var r moveArgs
	var err error
	if r.pane, err = tmuxctl.ParsePaneID(a.str("pane")); err != nil {
		return r, argErr("pane", err)
	}
	// A string given is a window id, even an empty one: only absent or
	// null means "not given".
	to, hasTo := a["to_window"].(string)
	newWindow, _ := a["new_window"].(bool)
	switch {
	case hasTo && newWindow:
		return r, invalid(to, fmt.Sprintf("move_pane takes to_window or new_window: true, not both: to_window %s names a window to move into, new_window asks for a new one", tmuxctl.Quote(to)))
	case !hasTo && !newWindow:
		return r, invalid("", "move_pane needs to_window (the @-prefixed window to move the pane into, like @2) or new_window: true (a new window of its own)")
	case hasTo:
		if r.to, err = tmuxctl.ParseWindowID(to); err != nil {
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
	if err := h.tmux.check(ctx); err != nil {
		return "", nil, err
	}
	// Where the pane is before, to say whether it moved and what became
	// of the window it left.
	from, err := h.c.WindowOf(ctx, r.pane)
	if err != nil {
		return "", nil, err
	}
	w, err := h.c.MovePane(ctx, r.pane, r.to)
	if err != nil {
		return "", nil, err
	}
	p, ok := w.Pane(r.pane)
	if !ok {
		return "", nil, &tmuxctl.Error{Kind: tmuxctl.KindGone, Value: string(r.pane), Message: fmt.Sprintf("pane %s is gone: no such pane on this tmux server", r.pane)}
	}
	v := moveView{
		paneView:  viewPane(ctx, h.c, p),
		SessionID: w.SessionID, WindowIndex: w.Index, WindowName: w.Name,
		Moved: w.ID != from.ID, FromWindowID: from.ID,
	}
	if v.Moved && len(from.Panes) == 1 {
		v.FromWindowClosed, v.FromSessionClosed = h.closed(ctx, from)
	}

	var b strings.Builder
	where := fmt.Sprintf("window %s (index %d, %s) of session %s", w.ID, w.Index, tmuxctl.Quote(w.Name), w.SessionID)
	switch {
	case !v.Moved && r.to == "":
		fmt.Fprintf(&b, "Pane %s is already alone in %s: nothing changed%s.", p.ID, where, describePane(v.paneView))
	case !v.Moved:
		fmt.Fprintf(&b, "Pane %s is already in %s: nothing changed%s.", p.ID, where, describePane(v.paneView))
	case r.to == "":
		fmt.Fprintf(&b, "Moved pane %s out of window %s into a new %s%s.", p.ID, from.ID, where, describePane(v.paneView))
	default:
		fmt.Fprintf(&b, "Moved pane %s from window %s into %s, beside its active pane%s.", p.ID, from.ID, where, describePane(v.paneView))
	}
	if v.FromWindowClosed {
		fmt.Fprintf(&b, " Window %s had no other pane, so tmux closed it.", from.ID)
	}
	if v.FromSessionClosed {
		fmt.Fprintf(&b, " Session %s had no other window, so it is gone too.", from.SessionID)
	}
	b.WriteString("\n" + geometry.TextMap(w, 80))
	return b.String(), v, nil
}

// closed says whether window from, which the moved pane left empty, is
// gone now (tmux closes an empty window), and whether its session went
// with it (a session whose last window closes is destroyed). It reads
// rather than assumes: another client may have split the window between
// the read before the move and the move.
func (h *handlers) closed(ctx context.Context, from *tmuxctl.Window) (window, session bool) {
	_, err := h.c.List(ctx, tmuxctl.ListRequest{Scope: tmuxctl.ScopeWindow, Window: from.ID, Limit: 1})
	if tmuxctl.KindOf(err) != tmuxctl.KindGone {
		return false, false
	}
	_, err = h.c.List(ctx, tmuxctl.ListRequest{Scope: tmuxctl.ScopeSession, Session: from.SessionID, Limit: 1})
	return true, tmuxctl.KindOf(err) == tmuxctl.KindGone
}
