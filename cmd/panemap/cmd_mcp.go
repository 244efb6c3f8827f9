package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"strings"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

func mcpCommand() command {
	return command{
		name:    "mcp",
		summary: "serve the pane tools (list, select, swap, resize, layout, move, read, wait, search, label, agents) over MCP on stdio",
		about: `Serves MCP on stdin/stdout; logs go to stderr (PANEMAP_LOG=debug: a line per call). -t sets the
window list_panes shows when a call names none.
Without -L or -S it uses the tmux in $TMUX, else tmux's default server. An MCP client that
passes its server only a few variables (HOME, LOGNAME, PATH, SHELL, TERM, USER, as the official
SDKs' stdio transports do) must pass TMUX and TMUX_PANE in the server's env, or give -L or -S.`,
		define: func(fs *flag.FlagSet) runFunc {
			f := defineMCPFlags(fs)
			return func(ctx context.Context, g *globals, args []string) int {
				if len(args) > 0 {
					return usageError(g, fmt.Errorf("unexpected argument %s", tmux.Quote(args[0])))
				}
				if *f.allowInput && *f.readOnly {
					// Refused rather than one winning: a configuration
					// that says both is a mistake, and the agent would
					// get tools its owner did not mean it to have, or
					// miss ones it was promised.
					return usageError(g, errors.New("--allow-input offers send_keys, which types into panes, and --read-only offers only tools that change nothing: give one or the other"))
				}
				return runMCP(ctx, g, f)
			}
		},
	}
}

// mcpFlags are panemap mcp's own flags.
type mcpFlags struct{ readOnly, noContent, allowInput, listTools *bool }

func defineMCPFlags(fs *flag.FlagSet) mcpFlags {
	return mcpFlags{
		readOnly:   fs.Bool("read-only", false, "offer only the tools that change nothing (list_panes, list_layouts, the readers, list_agents and wait_for_agent)"),
		noContent:  fs.Bool("no-content", false, "withhold the tools that read what panes show (capture_pane, search_panes, wait_for_text), and a waiting agent's question"),
		allowInput: fs.Bool("allow-input", false, "offer send_keys, which types into panes: whoever can type into a shell can run commands (never with --read-only)"),
		listTools:  fs.Bool("list-tools", false, "print the tools this server would offer, and exit"),
	}
}

// runMCP serves MCP on stdin/stdout until the client closes stdin or a
// signal cancels ctx. stdout carries the protocol and nothing else; logs
// go to stderr, which MCP clients keep as the server's log.
func runMCP(ctx context.Context, g *globals, f mcpFlags) int {
	sock := g.sock
	opts := mcp.Options{
		ReadOnly:      *f.readOnly,
		NoContent:     *f.noContent,
		AllowInput:    *f.allowInput,
		DefaultWindow: g.target,
		Version:       strings.TrimPrefix(versionString(), "panemap "),
		Logger:        mcpLogger(g),
		NoServerHint:  noServerHint(sock),
	}
	if *f.listTools {
		tools, err := mcp.Tools(opts)
		if err != nil {
			fmt.Fprintf(g.stderr, "panemap mcp: %v\n", err)
			return 1
		}
		printTools(g.stdout, tools)
		return 0
	}

	// No check of tmux first: the server must start, and list its
	// tools, even when tmux is missing or not running.
	client := tmuxctl.Open(g.options(sock, g.env))
	// The SDK allocates a few hundred kB of short-lived buffers per call;
	// collecting less often keeps latency down while a soft limit keeps
	// the heap, and so the resident size, small.
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(16 << 20)
	defer client.Close()
	srv, err := mcp.New(client, opts)
	if err != nil {
		fmt.Fprintf(g.stderr, "panemap mcp: %v\n", err)
		return 1
	}
	opts.Logger.Info("panemap mcp serving on stdio", "tmux", sock.String(), "read_only", opts.ReadOnly, "no_content", opts.NoContent, "allow_input", opts.AllowInput)
	if err := mcp.ServeStdio(ctx, srv, g.stdin, g.stdout, opts.Logger); err != nil {
		opts.Logger.Error("panemap mcp stopped", "error", err)
		return 1
	}
	return 0
}

// noServerHint is what a call that finds no tmux server adds to its
// error. Without -L, -S or $TMUX the server asked is tmux's default, which
// is most often because the MCP client passed panemap only the few
// variables the official SDKs' stdio transports pass (HOME, LOGNAME, PATH,
// SHELL, TERM, USER) and so not the TMUX of the tmux it runs in.
func noServerHint(sock tmux.Socket) string {
	if sock.Source != "default" {
		return ""
	}
	return "panemap mcp had no TMUX in its environment: " +
		"if the MCP client runs inside tmux, pass TMUX and TMUX_PANE in this server's env " +
		"(MCP clients pass their servers only HOME, LOGNAME, PATH, SHELL, TERM and USER unless told more); " +
		"for another server, start panemap mcp with -L NAME or -S PATH (panemap help mcp)"
}

// mcpLogger logs to stderr at info level, or debug with PANEMAP_LOG=debug.
func mcpLogger(g *globals) *slog.Logger {
	level := slog.LevelInfo
	if strings.EqualFold(g.getenv("PANEMAP_LOG"), "debug") {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewTextHandler(g.stderr, &slog.HandlerOptions{Level: level}))
}

// printTools prints each tool's name, the first sentence of its
// description, and its annotations, in columns as wide as the longest name.
func printTools(w io.Writer, tools []*sdkmcp.Tool) {
	width := 12
	for _, t := range tools {
		width = max(width, len(t.Name))
	}
	for _, t := range tools {
		fmt.Fprintf(w, "%-*s %s\n", width, t.Name, firstSentence(t.Description))
		if a := t.Annotations; a != nil {
			fmt.Fprintf(w, "%-*s title=%q readOnly=%t destructive=%s idempotent=%t openWorld=%s\n",
				width, "", a.Title, a.ReadOnlyHint, hint(a.DestructiveHint), a.IdempotentHint, hint(a.OpenWorldHint))
		}
	}
}

// hint shows an optional annotation, with MCP's default when unset: true
// for both that are optional (destructiveHint, openWorldHint).
func hint(b *bool) string {
	if b == nil {
		return "true(default)"
	}
	return fmt.Sprint(*b)
}

func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}
