package main

import (
	"context"
	"embed"
	"flag"
	"fmt"
	"slices"
	"strings"
	"text/template"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/internal/agenthooks"
	"github.com/panemap/panemap/tmux"
)

// completionShells are the shells panemap completion writes a script for,
// each from a template in completions/ filled from the command list.
var completionShells = []string{"bash", "zsh", "fish"}

//go:embed completions/*.tmpl
var completionTemplates embed.FS

func completionCommand() command {
	return command{
		name:    "completion",
		summary: "print the shell completion script for bash, zsh or fish",
		args:    strings.Join(completionShells, "|"),
		about: `Install: panemap completion bash > ~/.local/share/bash-completion/completions/panemap,
panemap completion zsh > "${fpath[1]}/_panemap", or
panemap completion fish > ~/.config/fish/completions/panemap.fish.`,
		noServer: "it only prints a script",
		define:   func(*flag.FlagSet) runFunc { return runCompletion },
	}
}

func runCompletion(_ context.Context, g *globals, args []string) int {
	if len(args) != 1 {
		return usageError(g, fmt.Errorf("completion takes one shell: %s", strings.Join(completionShells, ", ")))
	}
	shell := args[0]
	if !slices.Contains(completionShells, shell) {
		return usageError(g, fmt.Errorf("no completion for shell %s: want %s", tmux.Quote(shell), strings.Join(completionShells, ", ")))
	}
	if err := writeCompletion(g, shell); err != nil {
		return fail(g, err)
	}
	return 0
}

func writeCompletion(g *globals, shell string) error {
	t, err := template.New(shell+".tmpl").Funcs(template.FuncMap{
		"join": strings.Join,
		"zsh":  zshQuote,
		"fish": fishQuote,
	}).ParseFS(completionTemplates, "completions/"+shell+".tmpl")
	if err != nil {
		return err
	}
	return t.Execute(g.stdout, completionSpec())
}

// completedFlag is a flag as the completion scripts offer it.
type completedFlag struct {
	Name   string   // without dashes; Go's flag package takes -name and --name
	Value  bool     // takes a value (the next word)
	Values []string // the values to offer, when they are a fixed set
}

// completedCommand is a subcommand with its flags and arguments.
type completedCommand struct {
	Name    string
	Summary string // the summary's first clause, for the shells that show one
	Flags   []completedFlag
	Args    []string // fixed positional arguments (help's commands, the shells)
}

type completion struct {
	Navigator []completedFlag // the navigator's flags, given with no command
	Commands  []completedCommand
	Names     []string        // the commands' names
	Valued    []completedFlag // every flag that takes a value, once
}

// completionSpec is what the scripts complete, from commands(): every
// command with its flags. A test checks the flags against each command's
// --help.
func completionSpec() completion {
	var c completion
	for _, cmd := range commands() {
		flags := commandFlags(cmd.name)
		if cmd.name == "" {
			c.Navigator = flags
			continue
		}
		summary, _, _ := strings.Cut(cmd.summary, " (")
		c.Commands = append(c.Commands, completedCommand{Name: cmd.name, Summary: summary, Flags: flags})
		c.Names = append(c.Names, cmd.name)
	}
	c.Commands = append(c.Commands, completedCommand{Name: "help", Summary: "show a command's usage", Args: append([]string{"navigator"}, c.Names...)})
	for i := range c.Commands {
		switch c.Commands[i].Name {
		case "completion":
			c.Commands[i].Args = completionShells
		case "init":
			c.Commands[i].Args = []string{"tmux"}
		case "layout":
			c.Commands[i].Args = layoutActionNames
		case "hook":
			c.Commands[i].Args = stateNames(agents.HookStates())
		case "hooks":
			c.Commands[i].Args = append([]string{"install"}, agenthooks.Names()...)
		case "agents":
			c.Commands[i].Args = []string{"explain"}
		}
	}
	c.Names = append(c.Names, "help")
	seen := map[string]bool{}
	for _, flags := range append([][]completedFlag{c.Navigator}, commandFlagLists(c.Commands)...) {
		for _, f := range flags {
			if f.Value && !seen[f.Name] {
				seen[f.Name] = true
				c.Valued = append(c.Valued, f)
			}
		}
	}
	return c
}

func commandFlagLists(cmds []completedCommand) [][]completedFlag {
	var out [][]completedFlag
	for _, c := range cmds {
		out = append(out, c.Flags)
	}
	return out
}

// commandFlags are the flags of the command of that name that a person
// is offered: those its help lists, never the hidden ones.
func commandFlags(name string) []completedFlag {
	cmd, _ := lookupCommand(name)
	var flags []completedFlag
	for _, f := range visibleFlags(cmd) {
		values := settingValues(f.Name)
		if name == "init" && f.Name == "open" {
			values = initOpens
		}
		flags = append(flags, completedFlag{Name: f.Name, Value: !isBool(f), Values: values})
	}
	return flags
}

// zshQuote makes s safe inside a single-quoted 'name:description' word
// of _describe: quotes closed and reopened, colons escaped.
func zshQuote(s string) string {
	return strings.NewReplacer(`'`, `'\''`, `:`, `\:`).Replace(s)
}

// fishQuote makes s safe inside fish single quotes.
func fishQuote(s string) string {
	return strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s)
}
