package mcp

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

func (h *handlers) selectPane(ctx context.Context, a args) (string, any, error) {
	pane, err := tmux.ParsePaneID(a.str("pane"))
	if err != nil {
		return "", nil, argErr("pane", err)
	}
	dir, err := tmux.ParseDirection(a.str("direction"))
	if err != nil {
		return "", nil, argErr("direction", err)
	}
	r, err := h.act(ctx, tmuxctl.Op{Kind: tmuxctl.OpSelect, Pane: pane, Dir: dir})
	if err != nil {
		return "", nil, err
	}
	v := viewPane(ctx, h.c, r.Pane)
	return selectText(pane, dir, r.Pane, v), v, nil
}

func (h *handlers) swapPane(ctx context.Context, a args) (string, any, error) {
	src, err := tmux.ParsePaneID(a.str("source_pane"))
	if err != nil {
		return "", nil, argErr("source_pane", err)
	}
	dst, err := tmux.ParsePaneID(a.str("target_pane"))
	if err != nil {
		return "", nil, argErr("target_pane", err)
	}
	r, err := h.act(ctx, tmuxctl.Op{Kind: tmuxctl.OpSwap, Pane: src, With: dst})
	if err != nil {
		return "", nil, err
	}
	v := viewPane(ctx, h.c, r.Pane)
	return swapText(src, dst, r.Pane, v), v, nil
}
