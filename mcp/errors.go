package mcp

import (
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/tmux"
)

// ErrorMetaKey is the _meta key of a failed call's machine-readable error.
const ErrorMetaKey = "panemap/error"

// ErrorMeta is what a failed call carries under ErrorMetaKey: what went
// wrong, whether the same call can succeed later unchanged (the tmux server
// may come back), and whether the client's picture of tmux is out of date.
type ErrorMeta struct {
	Kind      tmux.Kind `json:"kind"`
	Retryable bool      `json:"retryable"`
	Stale     bool      `json:"stale"`
}

// errorResult turns a domain failure into a tool result the model can
// read and act on. The details go in _meta, never in structuredContent:
// clients validate structuredContent against the output schema even on
// errors, and the TypeScript client throws when it does not match.
// A call that finds no tmux server gets noServerHint after its message.
func errorResult(err error, noServerHint string) *sdkmcp.CallToolResult {
	e := tmux.AsError(err)
	text := e.Message
	if e.Kind == tmux.KindServerGone && noServerHint != "" {
		text += ". " + noServerHint
	}
	return &sdkmcp.CallToolResult{
		IsError: true,
		Content: []sdkmcp.Content{&sdkmcp.TextContent{Text: text}},
		Meta: sdkmcp.Meta{ErrorMetaKey: ErrorMeta{
			Kind:      e.Kind,
			Retryable: e.Kind == tmux.KindServerGone,
			Stale:     e.Kind == tmux.KindGone,
		}},
	}
}
