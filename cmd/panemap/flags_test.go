package main

import (
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
		for _, want := range []string{label + " — " + cmd.summary + "\n\nUsage: panemap [-L socket-name | -S socket-path] [-t target-window]", "\nGlobal flags, before or after the command", "\n  -L NAME", "\n  -t TARGET"} {
			if !strings.Contains(first, want) {
				t.Errorf("%s --help lacks %q:\n%s", label, want, first)
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
