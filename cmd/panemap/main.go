// Command panemap shows a tmux window's panes as a map and rearranges them
// (the navigator), and serves the same operations to agents over MCP
// (panemap mcp).
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/panemap/panemap/tmux"
)

func main() {
	// SIGHUP too: a terminal that closes hangs up on panemap, which must
	// still clean up (the demo's throwaway tmux server, above all).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}

// run is the whole program with its inputs explicit, so tests can call it.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	g, rest, err := parseGlobals(args, getenv)
	if err != nil {
		return usageError(&globals{stderr: stderr}, err)
	}
	g.stdin, g.stdout, g.stderr = stdin, stdout, stderr
	if g.help {
		printUsage(stdout)
		return 0
	}
	if g.version {
		fmt.Fprintln(stdout, versionString())
		return 0
	}
	name := ""
	if len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
		name, rest = rest[0], rest[1:]
	}
	if name == "help" {
		return runHelp(g, rest)
	}
	cmd, ok := lookupCommand(name)
	if !ok {
		return usageError(g, fmt.Errorf("unknown command %s", tmux.Quote(name)))
	}
	return runCommand(ctx, g, cmd, rest)
}
