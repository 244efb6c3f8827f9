package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

func popupCommand() command {
	return command{
		name:    "popup",
		summary: "open the navigator in a tmux popup (for scripts, and bindings such as bind-key G run-shell -b 'panemap popup')",
		usage:   "[--client NAME] [--width W] [--height H] [--border STYLE] [navigator settings]",
		run:     runPopup,
	}
}

func runPopup(ctx context.Context, g *globals, args []string) int {
	fs := flag.NewFlagSet("panemap popup", flag.ContinueOnError)
	fs.SetOutput(g.stderr)
	given := settingFlags(fs)
	clientName := fs.String("client", "", "tmux client to show the popup on (default: the session's most recently active client)")
	if err := fs.Parse(args); err != nil {
		return usageError(g, err)
	}
	if fs.NArg() > 0 {
		return usageError(g, fmt.Errorf("unexpected argument %s", tmux.Quote(fs.Arg(0))))
	}
	if err := checkFlags(given); err != nil {
		return usageError(g, err)
	}
	if *clientName != "" {
		if _, err := tmux.ParseTarget(*clientName); err != nil {
			return fail(g, err)
		}
	}
	if sid, wid, ok := g.idsTarget(); ok {
		// The key binding's ids, or the run-shell job's session: one
		// tmux command list, then display-popup.
		sock, err := g.socket()
		if err != nil {
			return fail(g, err)
		}
		o := g.options(sock, g.env)
		o.DeferDial = true // a launcher attaches no control client
		client := tmuxctl.Open(o)
		defer client.Close()
		return launchPopup(ctx, g, client, sid, wid, *clientName, given)
	}
	client, sid, wid, err := g.openWindow(ctx)
	if err != nil {
		return fail(g, err)
	}
	defer client.Close()
	return launchPopup(ctx, g, client, sid, wid, *clientName, given)
}
