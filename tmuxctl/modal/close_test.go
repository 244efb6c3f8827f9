package modal

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// navOn is a Nav over main's first window on srv, in pane own, opened
// over pane focus.
func navOn(t *testing.T, srv *tmuxtest.Server, own, focus string) (*Nav, tmux.SessionID) {
	t.Helper()
	o := tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(), Control: tmux.ControlNever}
	c := tmuxctl.Open(o)
	t.Cleanup(func() { _ = c.Close() })
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	n, err := New(c, sid, tmux.WindowID(srv.Display(focus, "#{window_id}")), tmux.PaneID(own), tmux.PaneID(focus))
	if err != nil {
		t.Fatal(err)
	}
	return n, sid
}

// TestCloseKillsOnlyAModalPane: Close kills its pane only when tmux has
// it modal (--in-modal by hand in an ordinary pane kills nothing), and
// selects the pane chosen either way.
func TestCloseKillsOnlyAModalPane(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 120, 40)
	g := srv.Grid()
	n, sid := navOn(t, srv, g[3], g[0])
	if _, err := n.Act(t.Context(), sid, tmuxctl.Op{Kind: tmuxctl.OpSelect, Pane: tmux.PaneID(g[1])}); err != nil {
		t.Fatal(err)
	}
	if a := srv.Active(g[0]); a != g[0] {
		t.Errorf("a select in the modal pane's window moved tmux's focus to %s", a)
	}
	if err := n.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	if out := srv.Must("list-panes", "-t", g[0], "-F", "#{pane_id}"); len(strings.Fields(out)) != 4 {
		t.Errorf("Close killed an ordinary pane: %q", out)
	}
	if a := srv.Active(g[0]); a != g[1] {
		t.Errorf("active %s after Close, want %s", a, g[1])
	}
	if !srv.AtLeast(3, 8) {
		return
	}
	m := srv.Must("new-pane", "-O", "-t", g[1], "-P", "-F", "#{pane_id}", "exec sleep 100")
	n, sid = navOn(t, srv, m, g[1])
	if _, err := n.Act(t.Context(), sid, tmuxctl.Op{Kind: tmuxctl.OpSelect, Window: n.win, Dir: tmux.DirDown}); err != nil {
		t.Fatal(err)
	}
	if err := n.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	if out := srv.Must("list-panes", "-t", g[0], "-F", "#{pane_id}"); len(strings.Fields(out)) != 4 {
		t.Errorf("Close left the modal pane: %q", out)
	}
	if a := srv.Active(g[0]); a != g[3] {
		t.Errorf("active %s after down and Close, want %s", a, g[3])
	}
}
