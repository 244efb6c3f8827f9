package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
)

// command is one subcommand. Each lives in its own cmd_*.go file.
type command struct {
	name    string
	summary string
	args    string // the arguments after the flags, for the usage line
	about   string // what else its help says
	// noServer, when set, says why the command talks to no tmux server:
	// -L, -S and -t are refused with it, and its help lists none of them.
	noServer string
	// define defines the command's own flags on fs and returns the command
	// bound to them; runCommand parses them, then runs it with the
	// arguments left.
	define func(fs *flag.FlagSet) runFunc
}

type runFunc func(ctx context.Context, g *globals, args []string) int

// label is how the command is called: "panemap popup".
func (c command) label() string { return strings.TrimSpace("panemap " + c.name) }

// commands lists the subcommands; "" is the navigator itself.
func commands() []command {
	return []command{
		navigatorCommand(),
		popupCommand(),
		demoCommand(),
		mcpCommand(),
		doctorCommand(),
		residentCommand(),
		initCommand(),
		layoutCommand(),
		completionCommand(),
		agentsCommand(),
		hookCommand(),
		hooksCommand(),
	}
}

func lookupCommand(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "panemap — see and rearrange tmux panes")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: panemap [-L socket-name | -S socket-path] [-t target-window] [command] [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, c := range commands() {
		name := c.name
		if name == "" {
			name = "(none)"
		}
		fmt.Fprintf(w, "  %-10s %s\n", name, c.summary)
	}
	fmt.Fprintln(w)
	printGlobalFlags(w, true)
	fmt.Fprintln(w)
	printSettings(w)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Environment:")
	fmt.Fprintln(w, "  NO_COLOR                           draw without colour")
	fmt.Fprintln(w, "  PANEMAP_CONTROL=auto|always|never  one control-mode connection to tmux, or a process per call;")
	fmt.Fprintln(w, "                                     auto uses the connection on tmux 3.7+ (older tmux can crash")
	fmt.Fprintln(w, "                                     when a control client connects), attached only while")
	fmt.Fprintln(w, "                                     panemap works on 3.7-3.7c (see panemap doctor)")
	fmt.Fprintln(w, "  PANEMAP_LOG=debug                  panemap mcp logs every call on stderr")
	fmt.Fprintln(w)
	fmt.Fprintln(w, strings.TrimSpace(`
Without -L or -S, panemap talks to the tmux it runs inside ($TMUX), else tmux's default server.
Keys in the navigator: arrows/hjkl move focus, s swap mode, m mark, x swap with marked,
[ ] windows, z zoom, u undo, Enter/q keep and close, Esc put everything back, ? help.`))
}
