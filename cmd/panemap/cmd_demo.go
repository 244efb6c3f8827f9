package main

import (
	"context"
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
		usage:   "[navigator settings]",
		run:     runDemo,
	}
}

func runDemo(ctx context.Context, g *globals, args []string) int {
	nf, err := parseNavigatorFlags("panemap demo", args, g.stderr)
	if err != nil {
		return usageError(g, err)
	}
	if g.socketName != "" || g.socketPath != "" || g.target != "" {
		return usageError(g, fmt.Errorf("demo runs its own private tmux server: -L, -S and -t do not apply"))
	}
	if err := needTerminal(g); err != nil {
		return fail(g, err)
	}
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
	st := loadSettings(ctx, nil, "", nf.given, g.stderr)
	return navigate(ctx, g, client, srv.Session, srv.Window, st, nil, "")
}
