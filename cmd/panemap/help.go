package main

import (
	"fmt"

	"github.com/panemap/panemap/tmux"
)

// runHelp prints general usage, or one command's usage.
func runHelp(g *globals, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		printUsage(g.stdout)
		return 0
	}
	name := args[0]
	if name == "navigator" {
		name = ""
	}
	cmd, ok := lookupCommand(name)
	if !ok {
		return usageError(g, fmt.Errorf("unknown command %s", tmux.Quote(args[0])))
	}
	printCommandHelp(g.stdout, cmd)
	return 0
}
