package main

import (
	"fmt"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// runHelp prints general usage, or one command's usage.
func runHelp(g *globals, args []string) int {
	if len(args) == 0 {
		printUsage(g.stdout)
		return 0
	}
	name := args[0]
	if name == "navigator" {
		name = ""
	}
	cmd, ok := lookupCommand(name)
	if !ok {
		fmt.Fprintf(g.stderr, "panemap: unknown command %s\n", tmux.Quote(args[0]))
		return 2
	}
	label := strings.TrimSpace("panemap " + cmd.name)
	fmt.Fprintf(g.stdout, "%s — %s\n\nUsage: %s %s\n", label, cmd.summary, label, cmd.usage)
	fmt.Fprintf(g.stdout, "\nMore: %s --help\n", label)
	return 0
}
