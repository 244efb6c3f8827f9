package demo_test

import (
	"os"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/demo"
)

func TestDemoServer(t *testing.T) {
	t.Parallel()
	tmuxtest.Available(t)
	name := tmuxtest.UniqueName("pmdemo")
	d, err := demo.Start(t.Context(), name, 120, 40)
	if err != nil {
		t.Fatal(err)
	}
	srv := &tmuxtest.Server{Name: name}
	t.Cleanup(func() { d.Close() })
	c := tmuxctl.Open(tmuxctl.Options{Socket: d.Socket, Control: tmux.ControlNever})
	st, err := c.ReadState(t.Context(), d.Session)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Windows) != 2 || st.Current != d.Window {
		t.Fatalf("windows %d, current %s (want 2, %s)", len(st.Windows), st.Current, d.Window)
	}
	w, _ := st.Window(st.Current)
	titles := map[string]bool{}
	for _, p := range w.Panes {
		titles[p.Title] = true
	}
	for _, want := range []string{"editor", "server", "logs", "tests"} {
		if !titles[want] {
			t.Errorf("no pane titled %q in %v", want, titles)
		}
	}
	d.Close()
	if _, err := srv.Run("list-sessions"); err == nil {
		t.Error("demo server still running after Close")
	}
	if _, err := os.Stat(srv.SocketPath()); !os.IsNotExist(err) {
		t.Errorf("socket file left behind: %v", err)
	}
}
