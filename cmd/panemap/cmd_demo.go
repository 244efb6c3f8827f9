package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/demo"
	"github.com/panemap/panemap/tmuxctl/transport"
)

func demoCommand() command {
	return command{
		name:    "demo",
		summary: "try the navigator on a throwaway tmux server with a sample layout",
		about: `Starts a private tmux server with a few windows of sample panes, opens the navigator on it in
this terminal, and removes the server when the navigator closes: nothing of your own tmux is
touched. Esc puts everything back and stays open; q (or Ctrl+C) quits.`,
		noServer: "it runs its own private tmux server",
		define: func(fs *flag.FlagSet) runFunc {
			// The navigator's settings, not the popup's: it runs here.
			given := settingFlags(fs, false)
			return func(ctx context.Context, g *globals, args []string) int {
				if len(args) > 0 {
					return usageError(g, fmt.Errorf("unexpected argument %s", tmux.Quote(args[0])))
				}
				if err := checkFlags(given); err != nil {
					return usageError(g, err)
				}
				return runDemo(ctx, g, given)
			}
		},
	}
}

func runDemo(ctx context.Context, g *globals, given map[string]*string) int {
	if err := needTerminal(g); err != nil {
		return fail(g, err)
	}
	// The binary's version, for once: the demo's server is started from
	// this very binary, so it is the server's too, and a missing or old
	// tmux is told before a server is started.
	if _, err := transport.RequireVersion(ctx, ""); err != nil {
		return fail(g, err)
	}
	srv, err := demo.Start(ctx, fmt.Sprintf("panemap-demo-%d", os.Getpid()), 200, 50)
	if err != nil {
		return fail(g, fmt.Errorf("cannot start the demo tmux server: %w", err))
	}
	defer srv.Close()
	client := tmuxctl.Open(g.options(srv.Socket, tmux.Env{}))
	defer client.Close()
	st := loadSettings(ctx, nil, "", given, g.stderr)
	opts, closePreviews := navigatorOptions(ctx, client, srv.Session, srv.Window, st, nil)
	defer closePreviews()
	// Closing removes the demo's server: Esc there puts everything back
	// and stays, for another try; q quits.
	opts.EscStays = true
	return runUI(ctx, g, client, opts)
}
