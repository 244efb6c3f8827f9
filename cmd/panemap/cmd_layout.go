package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/panemap/panemap/internal/layoutcli"
	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
)

func layoutCommand() command {
	return command{
		name:    "layout",
		summary: "save a window's layout under a name, list the saved ones, apply one to a window",
		args:    "save|list|apply|delete [NAME]",
		about: `panemap layout save NAME [-t WINDOW] [--force]  save the window's arrangement (--force: over a saved one)
panemap layout list [--json]                     the saved layouts, each drawn as a small map
panemap layout apply NAME [-t WINDOW] [--create] [--dry-run]
                                                 fit it to the window as it is now: panes move, none is
                                                 killed; --create makes the missing panes (a shell in
                                                 the saved directory); --dry-run prints the plan only
panemap layout delete NAME                       delete a saved layout
Layouts are kept in $XDG_CONFIG_HOME/panemap/layouts (~/.config/panemap/layouts), one JSON file each.
A key for a layout: bind-key M-1 run-shell 'panemap layout apply dev -t "#{window_id}"'.`,
		define: defineLayout,
	}
}

// layoutFlags are layout's flags, each for some of its actions.
type layoutFlags struct {
	force, json, create, dryRun bool
}

// layoutActionNames are layout's actions in the order help gives them.
var layoutActionNames = []string{"save", "list", "apply", "delete"}

// layoutActions are layout's actions, with the flags each takes and
// whether it names a layout and a window.
var layoutActions = map[string]struct {
	flags  []string
	named  bool
	window bool
}{
	"save":   {[]string{"force"}, true, true},
	"list":   {[]string{"json"}, false, false},
	"apply":  {[]string{"create", "dry-run"}, true, true},
	"delete": {nil, true, false},
}

func defineLayout(fs *flag.FlagSet) runFunc {
	var f layoutFlags
	fs.BoolVar(&f.force, "force", false, "save: over a saved layout of that name")
	fs.BoolVar(&f.json, "json", false, "list: as JSON")
	fs.BoolVar(&f.create, "create", false, "apply: make the panes the window lacks (a shell in the saved directory)")
	fs.BoolVar(&f.dryRun, "dry-run", false, "apply: print the plan and the map of the result; change nothing")
	return func(ctx context.Context, g *globals, args []string) int {
		// The flags may come after the action and the name, as the
		// usage line writes them.
		var words []string
		for len(args) > 0 {
			if !strings.HasPrefix(args[0], "-") || args[0] == "-" {
				words, args = append(words, args[0]), args[1:]
				continue
			}
			if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
				printCommandHelp(g.stdout, layoutCommand())
				return 0
			} else if err != nil {
				return usageError(g, flagError(err))
			}
			args = fs.Args()
		}
		if err := g.check(); err != nil { // -L, -S, -t given after the action
			return usageError(g, err)
		}
		if len(words) == 0 {
			return usageError(g, errors.New("layout takes an action: save, list, apply or delete"))
		}
		action, ok := layoutActions[words[0]]
		if !ok {
			return usageError(g, fmt.Errorf("no layout action %s: want save, list, apply or delete", tmux.Quote(words[0])))
		}
		if want := map[bool]int{true: 2, false: 1}[action.named]; len(words) != want {
			what := "a layout's name"
			if !action.named {
				what = "nothing more"
			}
			return usageError(g, fmt.Errorf("layout %s takes %s", words[0], what))
		}
		var refused error
		fs.Visit(func(fl *flag.Flag) {
			switch {
			case fl.Name == "t" && !action.window, fl.Name == "L" && !action.window, fl.Name == "S" && !action.window:
				refused = fmt.Errorf("flag -%s does not apply to panemap layout %s: it talks to no tmux server", fl.Name, words[0])
			case len(fl.Name) > 1 && !slices.Contains(action.flags, fl.Name):
				refused = fmt.Errorf("flag --%s does not apply to panemap layout %s", fl.Name, words[0])
			}
		})
		if refused != nil {
			return usageError(g, refused)
		}
		store, err := layouts.DefaultStore()
		if err != nil {
			return fail(g, err)
		}
		name := ""
		if action.named {
			name = words[1]
			if err := layouts.CheckName(name); err != nil {
				return fail(g, err)
			}
		}
		switch words[0] {
		case "save", "apply":
			client := g.deferredClient() // two tmux processes: a connection would cost more
			defer client.Close()
			if words[0] == "save" {
				err = layoutcli.Save(ctx, g.stdout, client, store, g.target, name, f.force)
			} else {
				err = layoutcli.Apply(ctx, g.stdout, client, store, g.target, name, f.create, f.dryRun)
			}
		case "list":
			err = layoutcli.List(g.stdout, store, f.json)
		case "delete":
			if err = store.Delete(name); err == nil {
				fmt.Fprintf(g.stdout, "deleted layout %s\n", name)
			}
		}
		if err != nil {
			return fail(g, err)
		}
		return 0
	}
}
