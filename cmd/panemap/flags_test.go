package main

import (
	"cmp"
	"flag"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestEveryCommandsHelp: each command's help is the same page whether
// asked with --help, -h or panemap help COMMAND, on stdout with exit 0,
// in one style, listing the flags a person may give and never the hidden
// ones the key bindings pass.
func TestEveryCommandsHelp(t *testing.T) {
	for _, cmd := range commands() {
		name, label := cmd.name, strings.TrimSpace("panemap "+cmd.name)
		asks := [][]string{{name, "--help"}, {name, "-h"}, {"help", name}, {"-L", "x", name, "--help"}}
		if name == "" {
			asks = [][]string{{"--", "--help"}, {"--", "-h"}, {"help", "navigator"}, {"-L", "x", "--", "--help"}}
		}
		var first string
		for _, args := range asks {
			code, out, errs := cli(t, nil, args...)
			if code != 0 || errs != "" {
				t.Errorf("panemap %q: code %d, stderr %q", args, code, errs)
			}
			if first == "" {
				first = out
			} else if out != first {
				t.Errorf("panemap %q prints another help than %q:\n%s\n---\n%s", args, asks[0], out, first)
			}
		}
		// The server's flags only where there is a server: demo and
		// completion refuse them, and say nothing of them.
		usage, server := "Usage: panemap [-L socket-name | -S socket-path] [-t target-window]", []string{"\n  -L NAME", "\n  -S PATH", "\n  -t TARGET"}
		if cmd.noServer != "" {
			usage = "Usage: panemap " + name
		}
		for _, want := range []string{label + " — " + cmd.summary + "\n\n" + usage, "\nGlobal flags, before or after the command", "\n  -V ", "\n  -h "} {
			if !strings.Contains(first, want) {
				t.Errorf("%s --help lacks %q:\n%s", label, want, first)
			}
		}
		for _, f := range server {
			if strings.Contains(first, f) == (cmd.noServer != "") {
				t.Errorf("%s --help: %q listed %v, want %v:\n%s", label, f, cmd.noServer != "", cmd.noServer == "", first)
			}
		}
		for _, bad := range []string{"Usage of", "\n  -in-popup", "--in-popup", "\n  -client", "--state", "\n  -state", "More:"} {
			if strings.Contains(first, bad) {
				t.Errorf("%s --help has %q:\n%s", label, bad, first)
			}
		}
		if (name == "" || name == "demo") && strings.Contains(first, "--client") {
			t.Errorf("%s --help offers the hidden --client:\n%s", label, first)
		}
	}
	_, general, _ := cli(t, nil, "--help")
	for _, args := range [][]string{{"-h"}, {"help"}, {"help", "--help"}} {
		if code, out, errs := cli(t, nil, args...); code != 0 || out != general || errs != "" {
			t.Errorf("panemap %q: code %d, stderr %q, and not the --help page:\n%s", args, code, errs, out)
		}
	}
	_, out, _ := cli(t, nil, "help", "mcp")
	for _, want := range []string{"--read-only", "--list-tools", "PANEMAP_LOG=debug", "TMUX and TMUX_PANE"} {
		if !strings.Contains(out, want) {
			t.Errorf("panemap help mcp lacks %q:\n%s", want, out)
		}
	}
}

// TestFlagErrors: a bad flag or value, before or after any command, is
// one line that names it once, then where the usage is; exit 2 and
// nothing on stdout.
func TestFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // the error line, after "panemap[ COMMAND]: "
		name string // what it names, once
	}{
		{[]string{"--bogus"}, "unknown flag --bogus", "bogus"},
		{[]string{"-L", "x", "--bogus"}, "unknown flag --bogus", "bogus"},
		{[]string{"popup", "--bogus"}, "unknown flag --bogus", "bogus"},
		{[]string{"demo", "-bogus"}, "unknown flag --bogus", "bogus"},
		{[]string{"doctor", "--bogus"}, "unknown flag --bogus", "bogus"},
		{[]string{"mcp", "--bogus"}, "unknown flag --bogus", "bogus"},
		{[]string{"completion", "--bogus"}, "unknown flag --bogus", "bogus"},
		{[]string{"popup", "--width"}, "flag --width needs a value", "width"},
		{[]string{"popup", "-L"}, "flag -L needs a value", "-L"},
		{[]string{"mcp", "--read-only=maybe"}, `--read-only: invalid value "maybe": want true or false`, "maybe"},
		{[]string{"--edge", "sideways"}, `--edge: invalid edge "sideways": want wrap or stop`, "sideways"},
		{[]string{"popup", "-L", "a/b"}, `invalid socket name "a/b"`, "a/b"},
		{[]string{"doctor", "extra"}, `unexpected argument "extra"`, "extra"},
		{[]string{"nope"}, `unknown command "nope"`, "nope"},
		{[]string{"demo", "--width", "50", "--border", "double"}, "flag --width does not apply to panemap demo", "width"},
		{[]string{"doctor", "--read-only"}, "flag --read-only does not apply to panemap doctor", "read-only"},
		{[]string{"--list-tools"}, "flag --list-tools does not apply to panemap", "list-tools"},
		{[]string{"-L", "x", "demo"}, "flag -L does not apply to panemap demo: it runs its own private tmux server", "-L"},
		{[]string{"completion", "-t", "x", "bash"}, "flag -t does not apply to panemap completion: it only prints a script", "-t "},
		{[]string{"hook", "--bogus"}, "unknown flag --bogus", "bogus"},
		{[]string{"hook", "nope"}, `invalid state "nope": want working, waiting, done, idle, error`, "nope"},
		{[]string{"hook", "exited"}, `invalid state "exited": want working, waiting, done, idle, error`, "exited"},
		{[]string{"hook", "--agent", "Bad Name", "done"}, `--agent "Bad Name": want a short lower-case name`, "Bad Name"},
		{[]string{"hook", "working", "again"}, "hook takes one state: working, waiting, done, idle, error", "takes one"},
		{[]string{"hook", "done"}, "TMUX_PANE is not set", "TMUX_PANE"},
		{[]string{"hooks", "-L", "x"}, "flag -L does not apply to panemap hooks: it only prints and edits the agents' settings files", "-L"},
		{[]string{"hooks", "bogus"}, `unexpected argument "bogus"`, "bogus"},
		{[]string{"agents", "explain", "3"}, `invalid pane id "3"`, `"3"`},
		{[]string{"agents", "extra"}, `unexpected argument "extra"`, "extra"},
		{[]string{"agents", "--status=maybe"}, `--status: invalid value "maybe": want true or false`, "maybe"},
	} {
		code, out, errs := cli(t, nil, tc.args...)
		lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
		if code != 2 || out != "" || len(lines) != 2 || !strings.Contains(lines[0], ": "+tc.want) ||
			!strings.HasPrefix(lines[1], "Run 'panemap ") || strings.Count(errs, tc.name) != 1 {
			t.Errorf("panemap %q: code %d (want 2), stdout %q\nstderr: %s(want %q, naming %q once)", tc.args, code, out, errs, tc.want, tc.name)
		}
	}
}

// TestGlobalFlagsAfterTheCommand: -L, -S, -t and -V work after the command
// as before it.
func TestGlobalFlagsAfterTheCommand(t *testing.T) {
	srv := tmuxtest.Start(t, 0, 0)
	for _, pair := range [][2][]string{
		{{"-L", srv.Name, "popup"}, {"popup", "-L", srv.Name}},
		{{"-L", srv.Name, "-t", "main:0", "popup"}, {"popup", "-t", "main:0", "-L", srv.Name}},
		{{"-S", srv.SocketPath(), "doctor"}, {"doctor", "-S", srv.SocketPath()}},
		{{"-V"}, {"mcp", "-V"}},
	} {
		code0, out0, errs0 := cli(t, nil, pair[0]...)
		code1, out1, errs1 := cli(t, nil, pair[1]...)
		if code0 != code1 || out0 != out1 || errs0 != errs1 || strings.Contains(errs1, "not defined") {
			t.Errorf("panemap %q: code %d, stdout %q, stderr %q\npanemap %q: code %d, stdout %q, stderr %q",
				pair[0], code0, out0, errs0, pair[1], code1, out1, errs1)
		}
	}
}

// TestCommandsRefuseFlagsTheyDoNotUse: a flag another command takes
// (demo --width 50, which used to be accepted and change nothing) is
// refused by every command that does not use it, naming the flag and the
// command, exit 2, and its help does not offer it; so are -L, -S and -t,
// before or after the command, for a command that talks to no server.
func TestCommandsRefuseFlagsTheyDoNotUse(t *testing.T) {
	takes := map[string]map[string]bool{}
	valued := map[string]bool{}
	for _, cmd := range commands() {
		// Its hidden flags too (the navigator's --client, which the
		// plugin's bindings pass): it takes them.
		takes[cmd.name] = map[string]bool{}
		fs := commandFlagSet(cmd, nil)
		cmd.define(fs)
		fs.VisitAll(func(f *flag.Flag) { takes[cmd.name][f.Name] = true })
		for _, f := range visibleFlags(cmd) {
			valued[f.Name] = !isBool(f)
		}
	}
	refused := 0
	for _, cmd := range commands() {
		name := cmd.name
		_, help, _ := cli(t, nil, "help", cmp.Or(name, "navigator"))
		check := func(flagName string, args ...string) {
			t.Helper()
			refused++
			code, out, errs := cli(t, nil, args...)
			want := cmd.label() + ": flag " + flagName + " does not apply to " + cmd.label()
			if code != 2 || out != "" || !strings.HasPrefix(errs, want) || strings.Count(errs, flagName) != 1 {
				t.Errorf("panemap %q: code %d (want 2), stdout %q\nstderr: %s(want %q)", args, code, out, errs, want)
			}
		}
		for f, isValued := range valued {
			if takes[name][f] {
				continue
			}
			if strings.Contains(help, "\n  --"+f+" ") {
				t.Errorf("panemap help %s offers --%s, which it refuses:\n%s", name, f, help)
			}
			args := []string{"--" + f}
			if isValued {
				args = append(args, "50")
			}
			if name != "" {
				args = append([]string{name}, args...)
			}
			check("--"+f, args...)
		}
		if cmd.noServer != "" {
			for _, f := range []string{"-L", "-S", "-t"} {
				check(f, f, "x", name)
				check(f, name, f, "x")
			}
		}
	}
	if _, ok := lookupCommand("demo"); ok && !takes["popup"]["width"] || takes["demo"]["width"] || refused < 20 {
		t.Errorf("popup takes --width %v, demo %v; %d refusals checked", takes["popup"]["width"], takes["demo"]["width"], refused)
	}
}

// TestHelpListsEveryPluginOption: panemap --help lists every @panemap-*
// option panemap.tmux reads, and the key's binding (panemap init tmux:
// bindOptions, and the snapshot's in its format) (the README says it
// lists the options), each once, and no option the plugin and panemap do
// not read.
func TestHelpListsEveryPluginOption(t *testing.T) {
	plugin, err := os.ReadFile("../../panemap.tmux")
	if err != nil {
		t.Fatal(err)
	}
	_, help, _ := cli(t, nil, "--help")
	// Read with option NAME DEFAULT, or in a format (#{@panemap-esc}).
	text := string(plugin) + stateFormat + " option " + strings.Join(bindOptions, " option ")
	read := regexp.MustCompile(`(?:option |#\{)(@panemap-[a-z-]+)`).FindAllStringSubmatch(text, -1)
	seen := map[string]bool{}
	for _, m := range read {
		if !seen[m[1]] {
			seen[m[1]] = true
			if n := strings.Count(help, " "+m[1]+" "); n != 1 {
				t.Errorf("panemap.tmux reads %s; panemap --help lists it %d times", m[1], n)
			}
		}
	}
	if len(seen) < 10 {
		t.Errorf("found %d options the plugin reads: %v", len(seen), seen)
	}
	for _, o := range regexp.MustCompile(`@panemap-[a-z-]+`).FindAllString(help, -1) {
		if !seen[o] && !slices.Contains(settingOptions(), o) {
			t.Errorf("panemap --help lists %s, which neither the plugin nor panemap reads", o)
		}
	}
}
