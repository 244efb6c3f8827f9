package mcp

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// paneView is a pane as select_pane and swap_pane answer it (the
// contracts' output schema). Command and path are null rather than "" when
// tmux reports nothing, as the schema allows.
type paneView struct {
	ID       tmux.PaneID      `json:"id"`
	WindowID tmux.WindowID    `json:"window_id"`
	Active   bool             `json:"active"`
	Caller   tmuxctl.Relation `json:"caller"`
	Command  *string          `json:"command"`
	Path     *string          `json:"path"`
}

// listedPane is a pane as list_panes answers it: the same view plus where
// it sits in the window.
type listedPane struct {
	paneView
	SessionID   tmux.SessionID `json:"session_id"`
	WindowIndex int            `json:"window_index"`
	WindowName  string         `json:"window_name"`
	Index       int            `json:"index"`
	Left        int            `json:"left"`
	Top         int            `json:"top"`
	Width       int            `json:"width"`
	Height      int            `json:"height"`
	Title       string         `json:"title"`
	Dead        bool           `json:"dead"`
	DeadStatus  *int           `json:"dead_status"`
	Mode        string         `json:"mode"`
	// Floating and Stack are there for floating panes only (3.7+), so
	// that answers about tiled panes, and every answer before 3.7, are
	// as they were.
	Floating   bool           `json:"floating,omitempty"`
	Stack      *int           `json:"stack,omitempty"`
	Neighbours neighboursView `json:"neighbours"`
}

func viewPane(ctx context.Context, c *tmuxctl.Client, p tmux.Pane) paneView {
	return paneView{
		ID:       p.ID,
		WindowID: p.WindowID,
		Active:   p.Active,
		Caller:   c.Caller(ctx, p.ID),
		Command:  nullable(p.Command),
		Path:     nullable(p.Path),
	}
}

// deadStatus is a dead pane's exit status, or null when it is alive or
// tmux has none (a signal ended it).
func deadStatus(p tmux.Pane) *int {
	if !p.Dead || p.DeadStatus < 0 {
		return nil
	}
	return &p.DeadStatus
}

// stack is a floating pane's place in the stacking order, nil for a
// tiled pane.
func stack(p tmux.Pane) *int {
	if !p.Floating {
		return nil
	}
	return &p.Z
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// listView is list_panes' answer.
type listView struct {
	Scope     tmuxctl.ListScope `json:"scope"`
	Caller    *callerView       `json:"caller"`
	Windows   []listedWindow    `json:"windows"`
	Panes     []listedPane      `json:"panes"`
	Truncated bool              `json:"truncated"`
}

type callerView struct {
	Pane      tmux.PaneID    `json:"pane"`
	WindowID  tmux.WindowID  `json:"window_id"`
	SessionID tmux.SessionID `json:"session_id"`
}

type listedWindow struct {
	SessionID   tmux.SessionID `json:"session_id"`
	SessionName string         `json:"session_name"`
	WindowID    tmux.WindowID  `json:"window_id"`
	WindowIndex int            `json:"window_index"`
	WindowName  string         `json:"window_name"`
	Width       int            `json:"width"`
	Height      int            `json:"height"`
	Zoomed      bool           `json:"zoomed"`
	Current     bool           `json:"current"`
	Layout      string         `json:"layout"`
	Panes       []tmux.PaneID  `json:"panes"`
}

type sideView struct {
	Panes []tmux.PaneID `json:"panes"`
	Wraps bool          `json:"wraps"`
}

type neighboursView struct {
	Up    sideView `json:"up"`
	Down  sideView `json:"down"`
	Left  sideView `json:"left"`
	Right sideView `json:"right"`
}

func side(w *tmux.Window, p tmux.PaneID, d tmux.Direction) sideView {
	ids, wraps := tmux.Adjacent(w, p, d)
	if ids == nil {
		ids = []tmux.PaneID{}
	}
	return sideView{Panes: ids, Wraps: wraps}
}

func viewListing(ctx context.Context, c *tmuxctl.Client, scope tmuxctl.ListScope, l *tmuxctl.Listing, caller *callerView) listView {
	v := listView{Scope: scope, Caller: caller, Windows: []listedWindow{}, Panes: []listedPane{}, Truncated: l.Truncated}
	for _, w := range l.Windows {
		lw := listedWindow{SessionID: w.SessionID, SessionName: w.SessionName, WindowID: w.ID, WindowIndex: w.Index,
			WindowName: w.Name, Width: w.Width, Height: w.Height, Zoomed: w.Zoomed, Current: w.Active, Layout: w.Layout,
			Panes: []tmux.PaneID{}}
		for _, p := range w.Panes {
			lw.Panes = append(lw.Panes, p.ID)
			v.Panes = append(v.Panes, listedPane{
				paneView:  viewPane(ctx, c, p),
				SessionID: w.SessionID, WindowIndex: w.Index, WindowName: w.Name,
				Index: p.Index, Left: p.Left, Top: p.Top, Width: p.Width, Height: p.Height,
				Title: p.Title, Dead: p.Dead, DeadStatus: deadStatus(p), Mode: p.Mode,
				Floating: p.Floating, Stack: stack(p),
				Neighbours: neighboursView{
					Up: side(w, p.ID, tmux.DirUp), Down: side(w, p.ID, tmux.DirDown),
					Left: side(w, p.ID, tmux.DirLeft), Right: side(w, p.ID, tmux.DirRight),
				},
			})
		}
		v.Windows = append(v.Windows, lw)
	}
	return v
}

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
	WindowID tmux.WindowID `json:"window_id"`
	Layout   string        `json:"layout"`
	Width    int           `json:"width"`
	Height   int           `json:"height"`
	Zoomed   bool          `json:"zoomed"`
	Panes    []layoutPane  `json:"panes"`
}

type layoutPane struct {
	ID     tmux.PaneID `json:"id"`
	Index  int         `json:"index"`
	Left   int         `json:"left"`
	Top    int         `json:"top"`
	Width  int         `json:"width"`
	Height int         `json:"height"`
	Active bool        `json:"active"`
}

// moveView is move_pane's answer: the pane in its new place, whether it
// moved, and what became of the window (and session) it left.
type moveView struct {
	paneView
	SessionID         tmux.SessionID `json:"session_id"`
	WindowIndex       int            `json:"window_index"`
	WindowName        string         `json:"window_name"`
	Moved             bool           `json:"moved"`
	FromWindowID      tmux.WindowID  `json:"from_window_id"`
	FromWindowClosed  bool           `json:"from_window_closed"`
	FromSessionClosed bool           `json:"from_session_closed"`
}
