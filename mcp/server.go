// Package mcp serves panemap's pane operations to agents over the Model
// Context Protocol: select_pane and swap_pane exactly as their published
// contracts describe them, and panemap's own tools: list_panes,
// resize_pane, select_layout and move_pane (rearranging), capture_pane,
// search_panes and wait_for_text (reading what panes show), set_pane_title
// and rename_window (labels), list_agents and wait_for_agent (coding
// agents' states), save_layout, list_layouts, apply_layout and
// delete_layout (named layouts, kept in files: see package layouts), and,
// only when asked for, send_keys (typing).
//
// The package is a thin adapter. Every tmux operation is tmuxctl's; here
// are only the tool cards (served verbatim from the embedded assets),
// argument validation against those cards' schemas, and the translation of
// tmuxctl results and errors into tool results.
package mcp

import (
	"cmp"
	"errors"
	"log/slog"
	"slices"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/panetext"
)

// Options configure a server.
type Options struct {
	// ReadOnly offers only the tools whose card says they change nothing.
	ReadOnly bool
	// NoContent withholds the tools that read what panes show
	// (capture_pane, search_panes, wait_for_text), and list_agents' and
	// wait_for_agent's question lines: pane text can hold secrets.
	NoContent bool
	// DefaultWindow is the tmux target list_panes lists when the call names
	// no window; "" means the window this process runs in, else tmux's
	// current window (see tmuxctl.Client.ResolveWindow).
	DefaultWindow string
	// Version is reported to clients in the initialize handshake.
	Version string
	// Logger receives the server's logs; nil discards them. It must not
	// write to the protocol's stdout.
	Logger *slog.Logger
	// LayoutDir is where the named layouts' tools keep their files; ""
	// means layouts.DefaultStore's ($XDG_CONFIG_HOME/panemap/layouts).
	LayoutDir string
	// NoServerHint follows the message of a call that finds no tmux
	// server: how to point this server at the right one.
	NoServerHint string
	// AllowInput offers send_keys, which types into panes: whoever can
	// type into a shell can run commands. Never with ReadOnly.
	AllowInput bool
	// AgentRules decide the agents' states for list_agents and
	// wait_for_agent; nil means the embedded rules and the user's file
	// (agents.LoadRules), read at the first call that needs them.
	AgentRules *agents.Rules
}

const instructions = "panemap controls the panes of a tmux server. Pane ids look like %3 and window ids like @1; " +
	"call list_panes to see a window's panes before selecting, swapping, resizing, arranging or moving them. A failed call's _meta[\"" + ErrorMetaKey +
	"\"] says its kind, whether it is retryable (the tmux server may come back) and whether the pane picture is stale."

// New returns an MCP server whose tools act on the tmux server behind c.
// It talks to tmux only when a tool is called, so it starts, and lists its
// tools, with no tmux server running; each call sees whatever server is
// there at that moment.
func New(c *tmuxctl.Client, opts Options) (*sdkmcp.Server, error) {
	defs, err := offered(opts)
	if err != nil {
		return nil, err
	}
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	version := cmp.Or(opts.Version, "(devel)")
	srv := sdkmcp.NewServer(&sdkmcp.Implementation{Name: "panemap", Title: "panemap", Version: version},
		&sdkmcp.ServerOptions{Logger: logger, Instructions: instructions})
	h := &handlers{c: c, read: panetext.New(c), opts: opts, log: logger, tmux: &tmuxCheck{c: c}}
	funcs := h.funcs()
	for _, d := range defs {
		fn := funcs[d.tool.Name]
		if fn == nil {
			return nil, errors.New("no implementation for tool card " + d.tool.Name)
		}
		srv.AddTool(d.tool, h.handler(d, fn))
	}
	return srv, nil
}

// Tools is the tool surface a server with these options offers, in name
// order, without starting one.
func Tools(opts Options) ([]*sdkmcp.Tool, error) {
	defs, err := offered(opts)
	if err != nil {
		return nil, err
	}
	tools := make([]*sdkmcp.Tool, len(defs))
	for i, d := range defs {
		tools[i] = d.tool
	}
	return tools, nil
}

func offered(opts Options) ([]*toolDef, error) {
	if opts.AllowInput && opts.ReadOnly {
		return nil, errors.New("AllowInput (--allow-input) offers send_keys, which changes what panes run; ReadOnly (--read-only) offers only tools that change nothing: give one or the other")
	}
	all, err := loadCards()
	if err != nil {
		return nil, err
	}
	var defs []*toolDef
	for _, d := range all {
		if opts.ReadOnly && !d.tool.Annotations.ReadOnlyHint || opts.NoContent && contentTools[d.tool.Name] ||
			!opts.AllowInput && inputTools[d.tool.Name] {
			continue
		}
		defs = append(defs, d)
	}
	slices.SortFunc(defs, func(a, b *toolDef) int { return cmp.Compare(a.tool.Name, b.tool.Name) })
	return defs, nil
}
