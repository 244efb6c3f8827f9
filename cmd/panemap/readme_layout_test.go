package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestReadmeLayoutKeyBinding runs the README's key binding for a named
// layout as tmux runs it: the line is sourced into a private server whose
// PATH finds panemap, and its command, run by tmux's run-shell in the
// scrambled window, puts back the layout saved there.
func TestReadmeLayoutKeyBinding(t *testing.T) {
	t.Parallel()
	var binding string
	for _, f := range readmeFences(t) {
		for _, l := range f.lines {
			if f.lang == "tmux" && strings.HasPrefix(l, "bind-key M-1 run-shell 'panemap layout apply dev") {
				binding = l
			}
		}
	}
	if binding == "" {
		t.Fatal("the README has no key binding for a named layout")
	}
	bin := tmuxtest.Panemap(t)
	config := t.TempDir()
	env := append(tmuxtest.Env(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"), "XDG_CONFIG_HOME="+config)
	conf := filepath.Join(t.TempDir(), "tmux.conf")
	if err := os.WriteFile(conf, []byte(binding+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	srv := tmuxtest.StartConfig(t, conf, env, 0, 0)
	g := srv.Grid()
	win := srv.Display(g[0], "#{window_id}")
	srv.Must("resize-pane", "-t", g[0], "-R", "11")
	want := srv.Display(win, "#{window_layout}")
	// Saved as a user saves it, from a shell in the window.
	srv.Must("run-shell", "-t", g[0], "panemap layout save dev")
	if _, err := os.Stat(filepath.Join(config, "panemap", "layouts", "dev.json")); err != nil {
		t.Fatalf("panemap layout save wrote no file: %v", err)
	}
	srv.Must("select-layout", "-t", win, "even-vertical", ";", "swap-pane", "-d", "-s", g[0], "-t", g[3])
	if srv.Display(win, "#{window_layout}") == want {
		t.Fatal("the scramble changed nothing")
	}
	// The whole table: tmux 3.7c prints nothing for list-keys with a key.
	var bound string
	for _, l := range strings.Split(srv.Must("list-keys", "-T", "prefix"), "\n") {
		if f := strings.Fields(l); len(f) > 3 && f[3] == "M-1" {
			bound = l
		}
	}
	_, command, ok := strings.Cut(bound, "run-shell ")
	if !ok {
		t.Fatalf("tmux holds the binding as %q", bound)
	}
	// The bound command, run as the key runs it: tmux expands
	// #{window_id} for the window it runs in.
	srv.Must("source-file", writeTemp(t, "run-shell -t "+g[1]+" "+command+"\n"))
	srv.WaitDisplay(10*time.Second, win, "#{window_layout}", want)
}

func writeTemp(t *testing.T, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// readmeLayoutLines runs the README's panemap layout lines in order, as
// typed in a shell in window @3 of a private server: save there, a
// scramble, apply (back to the saved layout), delete (the file is gone).
func readmeLayoutLines(t *testing.T, lines []string) {
	srv := tmuxtest.Start(t, 0, 0)
	srv.Must("new-window", "-d", ";", "new-window", "-d", ";", "new-window", "-d")
	pane := srv.Display("@3", "#{pane_id}")
	srv.Must("split-window", "-h", "-t", pane, ";", "split-window", "-v", "-t", pane, ";", "resize-pane", "-t", pane, "-R", "13")
	want := srv.Display("@3", "#{window_layout}")
	config := t.TempDir()
	tmuxVar := strings.Replace(srv.Display(pane, "#{socket_path},#{pid},#{session_id}"), ",$", ",", 1)
	env := append(tmuxtest.Env(), "XDG_CONFIG_HOME="+config, "TMUX="+tmuxVar, "TMUX_PANE="+pane)
	file := filepath.Join(config, "panemap", "layouts", "dev.json")
	for _, line := range lines {
		args := strings.Fields(line)
		if args[0] != "panemap" || len(args) < 3 {
			t.Fatalf("README layout line %q", line)
		}
		cmd := exec.Command(tmuxtest.Panemap(t), args[1:]...)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", line, err, out)
		}
		switch args[2] {
		case "save":
			if _, err := os.Stat(file); err != nil {
				t.Fatalf("%s wrote no file: %v", line, err)
			}
			srv.Must("select-layout", "-t", "@3", "even-vertical", ";", "swap-pane", "-d", "-s", pane, "-t", "@3.2")
			if srv.Display("@3", "#{window_layout}") == want {
				t.Fatal("the scramble changed nothing")
			}
		case "apply":
			if got := srv.Display("@3", "#{window_layout}"); got != want {
				t.Errorf("%s left @3 as %s, want %s", line, got, want)
			}
		case "delete":
			if _, err := os.Stat(file); !os.IsNotExist(err) {
				t.Errorf("%s left the file: %v", line, err)
			}
		default:
			t.Errorf("README layout line %q is not covered by this test", line)
		}
	}
}
