package mcp

import (
	"context"
	"fmt"
	"log/slog"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/panetext"
)

// A tool's domain half: validated arguments in; a short text for the
// model, the structured answer (matching the card's output schema) and a
// domain error out. Everything MCP-shaped is done once, in handler.
type toolFunc func(ctx context.Context, a args) (text string, out any, err error)

type handlers struct {
	c    *tmuxctl.Client
	read *panetext.Reader
	opts Options
	log  *slog.Logger
	tmux *tmuxCheck
	// watch is the agents' watcher, made at the first call that needs it.
	watch watchOnce
}

// funcs binds each card to its implementation.
func (h *handlers) funcs() map[string]toolFunc {
	return map[string]toolFunc{
		"select_pane":    h.selectPane,
		"swap_pane":      h.swapPane,
		"list_panes":     h.listPanes,
		"resize_pane":    h.resizePane,   // rearrange.go
		"select_layout":  h.selectLayout, // rearrange.go
		"move_pane":      h.movePane,     // rearrange.go
		"capture_pane":   h.capturePane,  // read.go
		"search_panes":   h.searchPanes,  // read.go
		"wait_for_text":  h.waitForText,  // read.go
		"set_pane_title": h.setPaneTitle, // label.go
		"rename_window":  h.renameWindow, // label.go
		"list_agents":    h.listAgents,   // agents.go
		"wait_for_agent": h.waitForAgent, // agents.go
		"send_keys":      h.sendKeys,     // agents.go
		"save_layout":    h.saveLayout,   // layouts.go
		"list_layouts":   h.listLayouts,  // layouts.go
		"apply_layout":   h.applyLayout,  // layouts.go
		"delete_layout":  h.deleteLayout, // layouts.go
	}
}

// handler adapts a toolFunc to the SDK's raw ToolHandler: arguments are
// validated here against the card's schema (see validate.go), and domain
// failures become isError results rather than protocol errors, so the
// model sees them and can correct itself.
func (h *handlers) handler(d *toolDef, fn toolFunc) sdkmcp.ToolHandler {
	name := d.tool.Name
	return func(ctx context.Context, req *sdkmcp.CallToolRequest) (res *sdkmcp.CallToolResult, err error) {
		defer func() {
			// A bug in one call must not take the server, and every
			// other call in flight, down with it.
			if r := recover(); r != nil {
				h.log.Error("tool call panicked", "tool", name, "panic", r)
				res, err = nil, fmt.Errorf("internal error in %s", name)
			}
		}()
		ctx = context.WithValue(ctx, requestKey{}, req)
		a, err := d.parseArgs(req.Params.Arguments)
		var text string
		var out any
		if err == nil {
			text, out, err = fn(ctx, a)
		}
		if err != nil {
			h.log.Info("tool call failed", "tool", name, "kind", tmux.KindOf(err), "error", err)
			return errorResult(err, h.opts.NoServerHint), nil
		}
		h.log.Debug("tool call", "tool", name)
		return &sdkmcp.CallToolResult{
			Content:           []sdkmcp.Content{&sdkmcp.TextContent{Text: text}},
			StructuredContent: out,
		}, nil
	}
}

// act makes op once the tmux in use is known to be new enough (see
// tmuxCheck).
func (h *handlers) act(ctx context.Context, op tmuxctl.Op) (tmuxctl.Result, error) {
	// Bad input is refused as such, whatever state tmux is in.
	if err := op.Check(); err != nil {
		return tmuxctl.Result{}, err
	}
	if err := h.tmux.check(ctx); err != nil {
		return tmuxctl.Result{}, err
	}
	return h.c.ActForAgent(ctx, op)
}

// argErr says which argument a validation error is about, so a swap with
// two pane ids tells the model which one to fix.
func argErr(name string, err error) error {
	e := *tmux.AsError(err)
	e.Message = name + ": " + e.Message
	return &e
}
