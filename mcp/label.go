package mcp

import (
	"context"
	"fmt"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

type titleView struct {
	Pane     tmux.PaneID   `json:"pane"`
	WindowID tmux.WindowID `json:"window_id"`
	Title    string        `json:"title"`
}

func (h *handlers) setPaneTitle(ctx context.Context, a args) (string, any, error) {
	pane, err := tmux.ParsePaneID(a.str("pane"))
	if err != nil {
		return "", nil, argErr("pane", err)
	}
	r, err := h.act(ctx, tmuxctl.Op{Kind: tmuxctl.OpSetTitle, Pane: pane, Text: a.str("title")})
	if err != nil {
		return "", nil, err
	}
	p := r.Pane
	return fmt.Sprintf("%s is now titled %s", p.ID, tmux.Quote(p.Title)), titleView{Pane: p.ID, WindowID: p.WindowID, Title: p.Title}, nil
}

type nameView struct {
	WindowID  tmux.WindowID  `json:"window_id"`
	SessionID tmux.SessionID `json:"session_id"`
	Name      string         `json:"name"`
}

func (h *handlers) renameWindow(ctx context.Context, a args) (string, any, error) {
	win, err := tmux.ParseWindowID(a.str("window"))
	if err != nil {
		return "", nil, argErr("window", err)
	}
	r, err := h.act(ctx, tmuxctl.Op{Kind: tmuxctl.OpRenameWindow, Window: win, Text: a.str("name")})
	if err != nil {
		return "", nil, err
	}
	w := r.Window
	return fmt.Sprintf("window %s is now named %s (automatic-rename off)", w.ID, tmux.Quote(w.Name)),
		nameView{WindowID: w.ID, SessionID: w.SessionID, Name: w.Name}, nil
}
