package tmuxctl_test

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/transport"
)

func TestListPanesMainVerticalCLocale(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 120, 40)
	sock := tmux.Socket{Name: srv.Name, Source: "-L"}
	tr := transport.NewAuto(sock)
	// An MCP client's bare environment: no locale at all.
	tr.Env, tr.Policy = []string{"PATH=" + pathEnv(t), "LC_ALL=C"}, tmux.ControlNever
	c := tmuxctl.NewClient(tr, tmux.Env{})
	defer c.Close()
	first := srv.Active("main:0")
	for i := 0; i < 3; i++ {
		srv.Must("split-window", "-t", first)
	}
	srv.Must("select-layout", "-t", first, "main-vertical")
	srv.Must("select-pane", "-t", first, "-T", "héllo wörld")
	srv.Must("rename-window", "-t", first, "ünï")
	win := tmux.WindowID(srv.Display(first, "#{window_id}"))
	w, err := c.ListPanes(t.Context(), win)
	if err != nil {
		t.Fatal(err)
	}
	if w.ID != win || w.Width != 120 || w.Height != 40 || w.Zoomed || len(w.Panes) != 4 || w.Name != "ünï" {
		t.Fatalf("window %+v", w)
	}
	want := srv.Must("list-panes", "-t", first, "-F", "#{pane_id} #{pane_index} #{pane_left} #{pane_top} #{pane_width} #{pane_height} #{pane_active}")
	var got []string
	for _, p := range w.Panes {
		got = append(got, strings.Join([]string{string(p.ID), itoa(p.Index), itoa(p.Left), itoa(p.Top), itoa(p.Width), itoa(p.Height), b(p.Active)}, " "))
	}
	if strings.Join(got, "\n") != want {
		t.Fatalf("model:\n%s\ntmux:\n%s", strings.Join(got, "\n"), want)
	}
	if p, _ := w.Pane(tmux.PaneID(first)); !strings.HasPrefix(p.Title, "héllo") || p.Command != "sh" || p.Path == "" {
		t.Errorf("pane text fields: %+v", p)
	}
	if _, err := c.ListPanes(t.Context(), "@999"); tmux.KindOf(err) != tmux.KindGone {
		t.Errorf("missing window: %v", err)
	}
}

func pathEnv(t *testing.T) string {
	p, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("no tmux")
	}
	return p[:strings.LastIndex(p, "/")]
}

func itoa(n int) string { return strconv.Itoa(n) }

func b(v bool) string {
	if v {
		return "1"
	}
	return "0"
}
