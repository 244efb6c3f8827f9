package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// helpFlag is a line of a help page's Flags section: "  --name ...".
var helpFlag = regexp.MustCompile(`(?m)^  --([a-z][a-z-]*)`)

// TestCompletionFlagsMatchHelp: the scripts offer exactly the flags each
// command parses, as its --help lists them.
func TestCompletionFlagsMatchHelp(t *testing.T) {
	for _, cmd := range commands() {
		args := []string{cmd.name, "--help"}
		if cmd.name == "" {
			args = []string{"--", "--help"} // the navigator's own flags
		}
		_, out, errs := cli(t, nil, args...)
		var parsed []string
		for _, m := range helpFlag.FindAllStringSubmatch(out+errs, -1) {
			parsed = append(parsed, m[1])
		}
		var offered []string
		for _, f := range commandFlags(cmd.name) {
			offered = append(offered, f.Name)
		}
		slices.Sort(parsed)
		slices.Sort(offered)
		if !slices.Equal(parsed, offered) {
			t.Errorf("panemap %s: --help lists flags %q, the completions offer %q", cmd.name, parsed, offered)
		}
	}
}

// TestCompletionValuesAreAccepted: every value offered for a setting is
// one the setting accepts.
func TestCompletionValuesAreAccepted(t *testing.T) {
	t.Parallel()
	n := 0
	for _, d := range settingDefs() {
		for _, v := range settingValues(d.name) {
			n++
			if err := d.check(v); err != nil {
				t.Errorf("--%s %s is offered but refused: %v", d.name, v, err)
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d values offered for the settings with a fixed set", n)
	}
}

func TestCompletionBadShell(t *testing.T) {
	for _, args := range [][]string{{"completion", "tcsh"}, {"completion"}, {"completion", "bash", "zsh"}} {
		code, out, errs := cli(t, nil, args...)
		if code != 2 || out != "" || !strings.Contains(errs, "bash, zsh, fish") {
			t.Errorf("panemap %q: code %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if _, _, errs := cli(t, nil, "completion", "tcsh"); !strings.Contains(errs, `"tcsh"`) {
		t.Errorf("the error does not name the shell: %q", errs)
	}
}

// completionScript writes panemap completion SHELL to a file.
func completionScript(t *testing.T, shell string) string {
	t.Helper()
	code, out, errs := cli(t, nil, "completion", shell)
	if code != 0 || out == "" {
		t.Fatalf("panemap completion %s: code %d: %s", shell, code, errs)
	}
	path := filepath.Join(t.TempDir(), "panemap."+shell)
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBashCompletion sources the script in bash and completes command
// lines as bash would, with COMP_WORDS and COMP_CWORD set.
func TestBashCompletion(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatalf("bash is needed to test the bash completion: %v", err)
	}
	script := completionScript(t, "bash")
	for _, tc := range []struct {
		line string // the words before the cursor, the last one being completed
		want string
	}{
		{"panemap ", "popup demo mcp doctor resident init layout completion agents hook hooks help"},
		{"panemap hook ", "--agent working waiting done idle error"},
		{"panemap hooks install c", "claude codex"},
		{"panemap agents --", "--json --status"},
		{"panemap agents e", "explain"},
		{"panemap layout ", "--create --dry-run --force --json save list apply delete"},
		{"panemap layout apply dev --d", "--dry-run"},
		{"panemap d", "demo doctor"},
		{"panemap -L work -t dev:1 po", "popup"},
		{"panemap --bor", "--border"},
		{"panemap --border r", "rounded"},
		{"panemap popup --border do", "double"},
		{"panemap popup --c", "--client --color"},
		{"panemap mcp --", "--allow-input --list-tools --no-content --read-only"},
		{"panemap --edge ", "wrap stop"},
		{"panemap --width ", ""},
		{"panemap completion ", "bash zsh fish"},
		{"panemap help na", "navigator"},
		// The hidden flags the key bindings pass are never offered.
		{"panemap --in", ""},
		{"panemap --cl", ""},
		{"panemap demo --cl", ""},
	} {
		out, err := bashComplete(bash, script, tc.line, []string{"PATH=/usr/bin:/bin"}) // no tmux server is asked
		if err != nil {
			t.Fatalf("%q: %v\n%s", tc.line, err, out)
		}
		if got := strings.TrimSpace(string(out)); got != tc.want {
			t.Errorf("completing %q: got %q, want %q", tc.line, got, tc.want)
		}
	}
}

// bashComplete completes line (the words before the cursor, the last
// one being completed) as bash would, with COMP_WORDS and COMP_CWORD set.
func bashComplete(bash, script, line string, env []string) ([]byte, error) {
	words := strings.Split(line, " ")
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = "'" + w + "'"
	}
	prog := "source " + script + "\nCOMP_WORDS=(" + strings.Join(quoted, " ") + ")\n" +
		"COMP_CWORD=" + strconv.Itoa(len(words)-1) + "\n_panemap\necho \"${COMPREPLY[*]}\"\n"
	cmd := exec.Command(bash, "--norc", "--noprofile", "-c", prog)
	cmd.Env = env
	return cmd.CombinedOutput()
}

// TestBashCompletionAsksTheNamedServer: -t and --client complete from the
// server -L or -S names, before or after the command. The tmux the script
// finds first in PATH runs the real one only when told a server, and
// answers "default:9" otherwise, so the test never asks the default
// server.
func TestBashCompletionAsksTheNamedServer(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatalf("bash is needed to test the bash completion: %v", err)
	}
	real, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed")
	}
	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("new-window", "-d", "-t", "main:1")
	bin := t.TempDir()
	wrapper := "#!/bin/sh\ncase \" $* \" in *\" -L\"* | *\" -S\"*) exec " + real + " \"$@\" ;; esac\necho default:9\n"
	tmuxtest.WriteExecutable(t, filepath.Join(bin, "tmux"), []byte(wrapper))
	env := []string{"PATH=" + bin + ":/usr/bin:/bin"}
	script := completionScript(t, "bash")
	for _, tc := range []struct{ line, want string }{
		{"panemap -t ", "default:9"},
		{"panemap -L " + srv.Name + " -t ", "main:0 main:1"},
		{"panemap -L" + srv.Name + " -t main:1", "main:1"},
		{"panemap -S " + srv.SocketPath() + " popup -t ", "main:0 main:1"},
		{"panemap popup -L " + srv.Name + " -t ", "main:0 main:1"},
		{"panemap popup --L " + srv.Name + " -t m", "main:0 main:1"},
		{"panemap -L " + srv.Name + " popup --client ", ""}, // no client is attached
		{"panemap popup --client ", "default:9"},
	} {
		out, err := bashComplete(bash, script, tc.line, env)
		if err != nil {
			t.Fatalf("%q: %v\n%s", tc.line, err, out)
		}
		if got := strings.TrimSpace(string(out)); got != tc.want {
			t.Errorf("completing %q: got %q, want %q", tc.line, got, tc.want)
		}
	}
}

// TestZshAndFishCompletionsParse checks the zsh and fish scripts with the
// shells' own syntax check, where they are installed (CI installs
// neither: bash is the one tested everywhere).
func TestZshAndFishCompletionsParse(t *testing.T) {
	for _, shell := range []string{"zsh", "fish"} {
		t.Run(shell, func(t *testing.T) {
			path, err := exec.LookPath(shell)
			if err != nil {
				t.Skipf("%s is not installed", shell)
			}
			script := completionScript(t, shell)
			if out, err := exec.Command(path, "-n", script).CombinedOutput(); err != nil {
				t.Errorf("%s -n: %v\n%s", shell, err, out)
			}
			if shell != "fish" {
				return
			}
			// fish completes a command line on request.
			out, err := exec.Command(path, "--no-config", "-c", "source "+script+`; complete -C"panemap popup --bor"; complete -C"panemap --border do"`).CombinedOutput()
			if got := strings.Fields(string(out)); err != nil || !slices.Equal(got, []string{"--border", "double"}) {
				t.Errorf("fish completes %q (%v), want --border then double", got, err)
			}
		})
	}
}
