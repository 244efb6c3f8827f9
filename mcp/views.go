package mcp

import (
	"context"

	"github.com/panemap/panemap/tmuxctl"
)

// paneView is a pane as select_pane and swap_pane answer it (the
// contracts' output schema). Command and path are null rather than "" when
// tmux reports nothing, as the schema allows.
type paneView struct {
	ID       tmuxctl.PaneID   `json:"id"`
	WindowID tmuxctl.WindowID `json:"window_id"`
	Active   bool             `json:"active"`
	Caller   tmuxctl.Relation `json:"caller"`
	Command  *string          `json:"command"`
	Path     *string          `json:"path"`
}

// listedPane is a pane as list_panes answers it: the same view plus where
// it sits in the window.
type listedPane struct {
	paneView
	Index  int    `json:"index"`
	Left   int    `json:"left"`
	Top    int    `json:"top"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Title  string `json:"title"`
}

// windowView is list_panes' answer.
type windowView struct {
	WindowID tmuxctl.WindowID `json:"window_id"`
	Width    int              `json:"width"`
	Height   int              `json:"height"`
	Zoomed   bool             `json:"zoomed"`
	Panes    []listedPane     `json:"panes"`
}

func viewPane(ctx context.Context, c *tmuxctl.Client, p tmuxctl.Pane) paneView {
	return paneView{
		ID:       p.ID,
		WindowID: p.WindowID,
		Active:   p.Active,
		Caller:   c.Caller(ctx, p.ID),
		Command:  nullable(p.Command),
		Path:     nullable(p.Path),
	}
}

func viewWindow(ctx context.Context, c *tmuxctl.Client, w *tmuxctl.Window) windowView {
	v := windowView{WindowID: w.ID, Width: w.Width, Height: w.Height, Zoomed: w.Zoomed, Panes: []listedPane{}}
	for _, p := range w.Panes {
		v.Panes = append(v.Panes, listedPane{
			paneView: viewPane(ctx, c, p),
			Index:    p.Index, Left: p.Left, Top: p.Top, Width: p.Width, Height: p.Height,
			Title: p.Title,
		})
	}
	return v
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
