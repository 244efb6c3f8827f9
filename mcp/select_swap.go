package mcp

import (
	"context"

	"github.com/panemap/panemap/tmux"
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
	if err := h.tmux.check(ctx); err != nil {
		return "", nil, err
	}
	p, err := h.c.SelectPane(ctx, pane, dir)
	if err != nil {
		return "", nil, err
	}
	v := viewPane(ctx, h.c, p)
	return selectText(pane, dir, p, v), v, nil
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
	if err := h.tmux.check(ctx); err != nil {
		return "", nil, err
	}
	p, err := h.c.SwapPane(ctx, src, dst)
	if err != nil {
		return "", nil, err
	}
	v := viewPane(ctx, h.c, p)
	return swapText(src, dst, p, v), v, nil
}
