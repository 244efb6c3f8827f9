package main

import (
	"os"
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
	bound := srv.Must("list-keys", "-T", "prefix", "M-1")
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
