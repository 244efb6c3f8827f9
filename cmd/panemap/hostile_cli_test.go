package main

// Hostile values for every command-line flag: each is refused with a
// message that names it (escaped and shortened), or, where tmux's own
// syntax is allowed (-t, --client, a socket name), fails cleanly; nothing
// ever runs as a tmux command and no stderr line is forged.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// hostileValue is one value of a hostile class.
type hostileValue struct {
	class string
	v     string
}

// hostileValues are the classes the issue lists. canaryFile is created by
// the shell-injection values if they ever reach a shell; the separator
// values would create a window named CANARY if they ever reached tmux's
// command parser as commands.
func hostileValues(canaryFile string) []hostileValue {
	return []hostileValue{
		{"not an id", "1"},
		{"not an id", "acc"},
		{"target syntax", "{marked}"},
		{"target syntax", ":.+"},
		{"target syntax", "session:0.1"},
		{"separator", "x;"},
		{"separator", "%1 ; new-window -n CANARY"},
		{"separator", "x\\; new-window -n CANARY ;"},
		{"newline", "x\nnew-window -n CANARY"},
		{"newline", "x\rlevel=ERROR msg=forged"},
		{"shell", "$(touch " + canaryFile + ")"},
		{"shell", "`touch " + canaryFile + "`"},
		{"shell", `'; run-shell "touch ` + canaryFile + `"'`},
		{"shell", "x && touch " + canaryFile},
		{"NUL", "x\x00y"},
		{"invalid UTF-8", "\xff\xfe80%"},
		{"100 kB", strings.Repeat("9", 100_000)},
		{"huge number", "123456789012345678901234567890"},
		{"negative", "-1"},
	}
}

func TestCLIHostileFlags(t *testing.T) {
	srv := tmuxtest.Start(t, 0, 0)
	canary := filepath.Join(t.TempDir(), "canary")
	// Window names must change only if a hostile value renamed something,
	// not because tmux renamed a window after its shell.
	srv.Must("set", "-g", "automatic-rename", "off")
	srv.Must("rename-window", "-t", "main:0", "fixed")
	before := srv.Must("list-windows", "-a", "-F", "#{window_id} #{window_name}")

	type flagCase struct {
		args func(v string) []string
		// accepts reports whether the flag may take v as tmux syntax and
		// then fail as tmux does (code 1) rather than as a usage error.
		accepts func(v string) bool
	}
	never := func(string) bool { return false }
	size := func(v string) bool { return tmuxctl.ParseSize(v) == nil }
	tmuxSyntax := func(v string) bool { _, err := tmux.ParseTarget(v); return err == nil }
	socketText := func(v string, name bool) bool {
		if name {
			_, err := tmux.ResolveSocket(v, "", tmux.Env{})
			return err == nil
		}
		_, err := tmux.ResolveSocket("", v, tmux.Env{})
		return err == nil
	}
	// Every case runs `popup`: with no client attached to the test server,
	// a value that passes ends there, so the test never opens a navigator.
	flags := map[string]flagCase{
		"-L":       {func(v string) []string { return []string{"-L", v, "popup"} }, func(v string) bool { return socketText(v, true) }},
		"-S":       {func(v string) []string { return []string{"-S", v, "popup"} }, func(v string) bool { return socketText(v, false) }},
		"-t":       {func(v string) []string { return []string{"-L", srv.Name, "-t", v, "popup"} }, tmuxSyntax},
		"--client": {func(v string) []string { return []string{"-L", srv.Name, "popup", "--client", v} }, tmuxSyntax},
		"--width":  {func(v string) []string { return []string{"-L", srv.Name, "popup", "--width", v} }, size},
		"--height": {func(v string) []string { return []string{"-L", srv.Name, "popup", "--height", v} }, size},
		"--border": {func(v string) []string { return []string{"-L", srv.Name, "popup", "--border", v} }, never},
		"--edge":   {func(v string) []string { return []string{"-L", srv.Name, "popup", "--edge", v} }, never},
		"--esc":    {func(v string) []string { return []string{"-L", srv.Name, "popup", "--esc", v} }, never},
		"--color":  {func(v string) []string { return []string{"-L", srv.Name, "popup", "--color", v} }, never},
	}
	for name, fc := range flags {
		for _, hv := range hostileValues(canary) {
			args := fc.args(hv.v)
			code, out, errs := cli(t, nil, args...)
			what := name + " " + hv.class + " " + tmux.Quote(hv.v)
			if out != "" {
				t.Errorf("%s: wrote to stdout: %q", what, out)
			}
			if code == 0 {
				t.Errorf("%s: exit 0\n%s", what, errs)
				continue
			}
			if fc.accepts(hv.v) {
				// tmux syntax a person may type: it must fail as tmux
				// fails (no such client, target or server), on one line.
				if code != 1 && code != 2 {
					t.Errorf("%s: exit %d", what, code)
				}
			} else {
				if code != 2 {
					t.Errorf("%s: exit %d, want 2 (usage)\n%s", what, code, errs)
				}
				if !strings.Contains(errs, tmux.Quote(hv.v)) {
					t.Errorf("%s: message does not name the value as %s:\n%.300s", what, tmux.Quote(hv.v), errs)
				}
			}
			checkStderrLines(t, what, errs)
		}
	}

	if _, err := os.Stat(canary); err == nil {
		t.Errorf("a shell ran an injected command: %s exists", canary)
	}
	if after := srv.Must("list-windows", "-a", "-F", "#{window_id} #{window_name}"); after != before {
		t.Errorf("tmux changed under hostile flags:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// checkStderrLines fails when stderr has a line that is not panemap's own:
// every line must start as panemap's messages do, so hostile text can
// never start a line of its own, and none may be absurdly long.
func checkStderrLines(t *testing.T, what, errs string) {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSuffix(errs, "\n"), "\n") {
		if !strings.HasPrefix(line, "panemap") && !strings.HasPrefix(line, "Run 'panemap") {
			t.Errorf("%s: stderr line not from panemap: %.200q", what, line)
		}
		if len(line) > 400 {
			t.Errorf("%s: stderr line of %d bytes", what, len(line))
		}
		if strings.ContainsAny(line, "\x00\r") {
			t.Errorf("%s: raw control character on stderr: %.200q", what, line)
		}
	}
}
