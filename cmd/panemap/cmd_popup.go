package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/panemap/panemap/tmux"
)

func popupCommand() command {
	return command{
		name:    "popup",
		summary: "open the navigator in a tmux popup (for scripts, and bindings such as bind-key G run-shell -b 'panemap popup')",
		about: `Asks tmux for the window (-t, else the current one) and opens the navigator on it in a
display-popup on a client of its session; exits with the navigator's exit code. It needs no
terminal of its own. The popup's size and border come from the flags, else the tmux options.
The window read is handed to the popup's navigator, which draws it at once; on Linux, with
panemap-open beside panemap and @panemap-resident not off, the popup runs panemap-open, which
hands it to the resident (panemap help resident).`,
		define: func(fs *flag.FlagSet) runFunc {
			given := settingFlags(fs, true)
			clientName := fs.String("client", "", "the tmux `client` to show the popup on (default: the session's most recently active client)")
			return func(ctx context.Context, g *globals, args []string) int {
				if len(args) > 0 {
					return usageError(g, fmt.Errorf("unexpected argument %s", tmux.Quote(args[0])))
				}
				if err := checkFlags(given); err != nil {
					return usageError(g, err)
				}
				if *clientName != "" {
					if _, err := tmux.ParseTarget(*clientName); err != nil {
						return fail(g, err)
					}
				}
				return runPopup(ctx, g, given, *clientName)
			}
		},
	}
}

func runPopup(ctx context.Context, g *globals, given map[string]*string, clientName string) int {
	if sid, wid, ok := g.idsTarget(); ok {
		// The key binding's ids, or the run-shell job's session: one
		// tmux command list, then display-popup.
		client := g.deferredClient() // a launcher attaches no control client
		defer client.Close()
		return launchPopup(ctx, g, client, sid, wid, clientName, given, "")
	}
	client, sid, wid, err := g.openWindow(ctx)
	if err != nil {
		return fail(g, err)
	}
	defer client.Close()
	return launchPopup(ctx, g, client, sid, wid, clientName, given, "")
}
