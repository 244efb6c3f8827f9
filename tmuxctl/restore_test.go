package tmuxctl_test

import (
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// fingerprint is everything Restore promises to put back, as tmux reports it.
func fingerprint(srv *tmuxtest.Server) string {
	return srv.Must("list-panes", "-s", "-t", "main", "-F",
		"#{window_id} #{window_active} #{window_last_flag} #{window_zoomed_flag} #{pane_index} #{pane_id} #{pane_active} #{pane_last} #{pane_marked} #{pane_left},#{pane_top},#{pane_width}x#{pane_height}")
}

func TestRestorePutsEverythingBack(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	w1 := srv.Must("new-window", "-t", "main:", "-P", "-F", "#{pane_id}")
	w1b := srv.Must("split-window", "-h", "-t", w1, "-P", "-F", "#{pane_id}")
	srv.Must("select-window", "-t", srv.Display(g[0], "#{window_id}"))
	srv.Must("select-pane", "-t", g[2])
	srv.Must("select-pane", "-t", g[1])
	srv.Must("select-pane", "-m", "-t", g[3])
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	want, err := c.ReadState(ctx(t), sid)
	if err != nil {
		t.Fatal(err)
	}
	before := fingerprint(srv)

	// Scramble: swaps in and across windows, focus, zoom, mark, window.
	mustNil(t, func() error { _, err := c.SwapPane(ctx(t), tmux.PaneID(g[0]), tmux.PaneID(g[3])); return err }())
	mustNil(t, func() error { _, err := c.SwapPane(ctx(t), tmux.PaneID(g[1]), tmux.PaneID(w1b)); return err }())
	mustNil(t, func() error { _, err := c.SelectPane(ctx(t), tmux.PaneID(g[2]), tmux.DirRight); return err }())
	act(t, c, sid, tmuxctl.Op{Kind: tmuxctl.OpZoom, Pane: tmux.PaneID(srv.Active(g[2]))})
	act(t, c, sid, tmuxctl.Op{Kind: tmuxctl.OpMark, Pane: tmux.PaneID(g[2])})
	act(t, c, sid, tmuxctl.Op{Kind: tmuxctl.OpSelectWindow, Window: tmux.WindowID(srv.Display(w1, "#{window_id}"))})
	if fingerprint(srv) == before {
		t.Fatal("scramble changed nothing")
	}

	if err := restore(t, c, want); err != nil {
		t.Fatal(err)
	}
	if after := fingerprint(srv); after != before {
		t.Fatalf("not restored:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	// Nothing left to do: a second restore sends nothing and changes nothing.
	if err := restore(t, c, want); err != nil || fingerprint(srv) != before {
		t.Fatalf("second restore: %v", err)
	}
}

func TestRestoreZoomAndNoMark(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	srv.Must("resize-pane", "-Z", "-t", g[0])
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	want, err := c.ReadState(ctx(t), sid)
	if err != nil {
		t.Fatal(err)
	}
	before := fingerprint(srv)
	act(t, c, sid, tmuxctl.Op{Kind: tmuxctl.OpZoom, Pane: tmux.PaneID(g[0])})
	act(t, c, sid, tmuxctl.Op{Kind: tmuxctl.OpMark, Pane: tmux.PaneID(g[3])})
	mustNil(t, func() error { _, err := c.SwapPane(ctx(t), tmux.PaneID(g[1]), tmux.PaneID(g[2])); return err }())
	mustNil(t, restore(t, c, want))
	if after := fingerprint(srv); after != before {
		t.Fatalf("not restored:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

func TestRestoreSkipsPanesKilledSince(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	g := srv.Grid()
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	want, err := c.ReadState(ctx(t), sid)
	if err != nil {
		t.Fatal(err)
	}
	mustNil(t, func() error { _, err := c.SwapPane(ctx(t), tmux.PaneID(g[0]), tmux.PaneID(g[1])); return err }())
	srv.Must("kill-pane", "-t", g[3])
	mustNil(t, restore(t, c, want))
	if cellOf(srv, g[0]) != "0,0" {
		t.Errorf("pane %s not back at 0,0 but %s", g[0], cellOf(srv, g[0]))
	}
}

// restore puts want back (see RestoreForTest).
func restore(t *testing.T, c *tmuxctl.Client, want *tmux.State) error {
	t.Helper()
	_, err := c.RestoreForTest(ctx(t), want, nil)
	return err
}

// act makes one change through Act, as the navigator and MCP do.
func act(t *testing.T, c *tmuxctl.Client, s tmux.SessionID, op tmuxctl.Op) {
	t.Helper()
	if _, err := c.Act(ctx(t), s, op); err != nil {
		t.Fatal(err)
	}
}

func mustNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
