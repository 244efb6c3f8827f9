package main

import (
	"context"
	"fmt"
)

func mcpCommand() command {
	return command{name: "mcp", summary: "serve select_pane, swap_pane and list_panes over MCP on stdio", run: runMCP}
}

func runMCP(ctx context.Context, g *globals, args []string) int {
	fmt.Fprintln(g.stderr, "panemap: mcp is not built yet")
	return 1
}
