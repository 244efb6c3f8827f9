package main

import (
	"context"
	"fmt"
)

func navigatorCommand() command {
	return command{name: "", summary: "open the navigator on the current window", run: runNavigator}
}

func runNavigator(ctx context.Context, g *globals, args []string) int {
	fmt.Fprintln(g.stderr, "panemap: the navigator is not built yet")
	return 1
}
