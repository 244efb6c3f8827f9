package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// Every command's flags go through here: the command defines its own on
// a quiet flag.FlagSet, the global flags are added (so -L, -S and -t work
// after the command too), -h and --help print the command's help, and a
// bad flag or value is one line naming it and exit 2.

// runCommand parses the command's flags and runs it.
func runCommand(ctx context.Context, g *globals, cmd command, args []string) int {
	g.command = cmd.name
	fs := commandFlagSet(cmd, g)
	run := cmd.define(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printCommandHelp(g.stdout, cmd)
			return 0
		}
		return usageError(g, commandFlagError(cmd, err))
	}
	if err := serverFlagsRefused(cmd, g); err != nil {
		return usageError(g, err)
	}
	if g.version {
		fmt.Fprintln(g.stdout, versionString())
		return 0
	}
	if err := g.check(); err != nil {
		return usageError(g, err)
	}
	return run(ctx, g, fs.Args())
}

// serverFlagsRefused refuses -L, -S and -t, before or after the command,
// for a command that talks to no tmux server: taking them and doing
// nothing with them would let a person believe they did something.
func serverFlagsRefused(cmd command, g *globals) error {
	if cmd.noServer == "" {
		return nil
	}
	for _, f := range []struct{ name, value string }{{"L", g.socketName}, {"S", g.socketPath}, {"t", g.target}} {
		if f.value != "" {
			return fmt.Errorf("flag -%s does not apply to %s: %s", f.name, cmd.label(), cmd.noServer)
		}
	}
	return nil
}

// commandFlagError is flagError, except that a flag another command
// takes (demo --width) is said not to apply to this one, rather than to
// be unknown.
func commandFlagError(cmd command, err error) error {
	if m := undefinedFlag.FindStringSubmatch(err.Error()); m != nil {
		for _, other := range commands() {
			fs := commandFlagSet(other, nil)
			other.define(fs)
			if f := fs.Lookup(m[1]); f != nil && !isHidden(f) {
				return fmt.Errorf("flag %s does not apply to %s", quoteFlag(m[1]), cmd.label())
			}
		}
	}
	return flagError(err)
}

// commandFlagSet is a flag set for cmd with the global flags on it, bound
// to g (nil: bound to nothing, for help and the completions). It prints
// nothing: errors and help are panemap's to word.
func commandFlagSet(cmd command, g *globals) *flag.FlagSet {
	fs := flag.NewFlagSet(cmd.label(), flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	if g == nil {
		g = &globals{}
	}
	for _, gf := range globalFlags(g) {
		if gf.value != nil {
			fs.StringVar(gf.value, gf.name, *gf.value, gf.usage)
		}
	}
	fs.BoolVar(&g.version, "V", g.version, "print the version")
	hide(fs, "V", "L", "S", "t")
	return fs
}

// globalFlag is one of the flags panemap takes before any command, spelled
// as tmux spells them.
type globalFlag struct {
	name, arg, usage string
	value            *string // nil for the flags without a value
}

func globalFlags(g *globals) []globalFlag {
	return []globalFlag{
		{"L", "NAME", "tmux socket name (as tmux -L)", &g.socketName},
		{"S", "PATH", "tmux socket path (as tmux -S)", &g.socketPath},
		{"t", "TARGET", "window to show, e.g. work:2 (as tmux -t)", &g.target},
		{"V", "", "print the version", nil},
		{"h", "", "help; panemap help COMMAND for one command", nil},
	}
}

// printGlobalFlags lists the global flags for a help page: those of the
// server only where they apply (server).
func printGlobalFlags(w io.Writer, server bool) {
	if server {
		fmt.Fprintln(w, "Global flags, before or after the command, spelled as tmux spells them:")
	} else {
		fmt.Fprintln(w, "Global flags, before or after the command:")
	}
	for _, gf := range globalFlags(&globals{}) {
		if server || gf.value == nil {
			printFlag(w, strings.TrimSpace("-"+gf.name+" "+gf.arg), gf.usage)
		}
	}
}

// printFlag is one line of a help page's flags: the flag as typed, then
// what it does, in one column for every page.
func printFlag(w io.Writer, typed, usage string) {
	const column = 20
	if len(typed) > column {
		fmt.Fprintf(w, "  %s\n  %-*s  %s\n", typed, column, "", usage)
		return
	}
	fmt.Fprintf(w, "  %-*s  %s\n", column, typed, usage)
}

// hiddenFlag is a flag the key bindings and the popup pass, which help
// and the completions never offer to a person.
type hiddenFlag struct{ flag.Value }

func (h hiddenFlag) IsBoolFlag() bool { return isBoolValue(h.Value) }

// hide marks the named flags of fs hidden.
func hide(fs *flag.FlagSet, names ...string) {
	for _, n := range names {
		f := fs.Lookup(n)
		f.Value = hiddenFlag{f.Value}
	}
}

func isHidden(f *flag.Flag) bool {
	_, ok := f.Value.(hiddenFlag)
	return ok
}

// isBool reports whether a flag takes no value.
func isBool(f *flag.Flag) bool { return isBoolValue(f.Value) }

func isBoolValue(v flag.Value) bool {
	b, ok := v.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// visibleFlags are the command's own flags that a person is offered, in
// the flag package's order (by name).
func visibleFlags(cmd command) []*flag.Flag {
	fs := commandFlagSet(cmd, nil)
	cmd.define(fs)
	var out []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) {
		if !isHidden(f) {
			out = append(out, f)
		}
	})
	return out
}

// spell is a flag as a person types it: -L, --width.
func spell(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// placeholder is what a flag's value is called in help: the `word` its
// usage quotes, upper-cased, else its fixed values.
func placeholder(f *flag.Flag) string {
	if isBool(f) {
		return ""
	}
	if name, _ := flag.UnquoteUsage(f); name != "string" {
		return strings.ToUpper(name)
	}
	if vs := settingValues(f.Name); vs != nil {
		return strings.Join(vs, "|")
	}
	return "VALUE"
}

// printCommandHelp prints one command's help page.
func printCommandHelp(w io.Writer, cmd command) {
	label := cmd.label()
	fmt.Fprintf(w, "%s — %s\n\n", label, cmd.summary)
	flags := visibleFlags(cmd)
	usage := "Usage: panemap"
	if cmd.noServer == "" {
		usage += " [-L socket-name | -S socket-path] [-t target-window]"
	}
	if cmd.name != "" {
		usage += " " + cmd.name
	}
	if len(flags) > 0 {
		usage += " [flags]"
	}
	if cmd.args != "" {
		usage += " " + cmd.args
	}
	fmt.Fprintln(w, usage)
	if cmd.about != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(cmd.about))
	}
	if len(flags) > 0 {
		fmt.Fprintln(w, "\nFlags:")
		for _, f := range flags {
			_, usage := flag.UnquoteUsage(f)
			printFlag(w, strings.TrimSpace(spell(f.Name)+" "+placeholder(f)), usage)
		}
	}
	fmt.Fprintln(w)
	printGlobalFlags(w, cmd.noServer == "")
}

// The flag package's errors, which spell every flag with one dash.
var (
	undefinedFlag = regexp.MustCompile(`^flag provided but not defined: -(.*)$`)
	flagNoValue   = regexp.MustCompile(`^flag needs an argument: -(.*)$`)
	flagBadValue  = regexp.MustCompile(`(?s)^invalid (?:boolean )?value "(.*)" for (?:flag )?-([^:]*): (.*)$`)
)

// flagError words an error of the flag package as panemap words errors:
// the flag spelled as a person types it, a value quoted.
func flagError(err error) error {
	msg := err.Error()
	if m := undefinedFlag.FindStringSubmatch(msg); m != nil {
		return fmt.Errorf("unknown flag %s", quoteFlag(m[1]))
	}
	if m := flagNoValue.FindStringSubmatch(msg); m != nil {
		return fmt.Errorf("flag %s needs a value", quoteFlag(m[1]))
	}
	if m := flagBadValue.FindStringSubmatch(msg); m != nil {
		why := m[3]
		if why == "parse error" {
			why = "want true or false"
		}
		return fmt.Errorf("%s: invalid value %s: %s", quoteFlag(m[2]), tmux.Quote(m[1]), why)
	}
	return err
}

// plainFlag is a flag name safe to show as it is.
var plainFlag = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9-]{0,40}$`)

func quoteFlag(name string) string {
	if plainFlag.MatchString(name) {
		return spell(name)
	}
	return tmux.Quote(spell(name))
}
