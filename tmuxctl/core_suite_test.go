package tmuxctl_test

import (
	"testing"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestCoreSuiteOverBothTransports runs the core operations over exec and
// over control mode explicitly, whatever PANEMAP_TRANSPORT says for the
// rest of the package: every direction, swaps in one window and across
// windows with focus kept on the content, and a full restore.
func TestCoreSuiteOverBothTransports(t *testing.T) {
	t.Parallel()
	for _, kind := range clienttest.Kinds {
		t.Run(kind, func(t *testing.T) {
			srv, c := newClientOver(t, kind, tmux.Env{})
			coreSuite(t, srv, c)
		})
	}
}

func coreSuite(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
	g := srv.Grid()
	tl, tr, bl, br := tmux.PaneID(g[0]), tmux.PaneID(g[1]), tmux.PaneID(g[2]), tmux.PaneID(g[3])
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	other := srv.Must("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id}")
	other2 := srv.Must("split-window", "-d", "-h", "-t", other, "-P", "-F", "#{pane_id}")
	srv.Must("select-pane", "-t", other2)
	initial, err := c.ReadState(ctx(t), sid)
	if err != nil {
		t.Fatal(err)
	}
	before := fingerprint(srv)

	// Every direction, tmux's answer and tmux's state agreeing.
	moves := []struct {
		from tmux.PaneID
		d    tmux.Direction
		want tmux.PaneID
	}{
		{tl, tmux.DirRight, tr}, {tr, tmux.DirDown, br}, {br, tmux.DirLeft, bl}, {bl, tmux.DirUp, tl},
		{tl, tmux.DirLeft, tr}, // wrap-around
		{tr, tmux.DirLast, tl},
		{tl, tmux.DirNext, bl}, {bl, tmux.DirPrevious, tl}, {tl, tmux.DirPrevious, br}, // index order: tl bl tr br
		{bl, tmux.DirNone, bl},
	}
	for _, m := range moves {
		got, err := c.SelectPane(ctx(t), m.from, m.d)
		if err != nil || got.ID != m.want || !got.Active {
			t.Fatalf("SelectPane(%s, %q) = %s (active %t), %v; want %s", m.from, m.d, got.ID, got.Active, err, m.want)
		}
		if a := srv.Active(string(m.from)); a != string(m.want) {
			t.Fatalf("after SelectPane(%s, %q) tmux's active pane is %s, want %s", m.from, m.d, a, m.want)
		}
	}

	// Same window: positions swap, focus stays with the content (bl).
	idx := func(p tmux.PaneID) string { return srv.Display(string(p), "#{pane_index}") }
	tlIdx, brIdx := idx(tl), idx(br)
	got, err := c.SwapPane(ctx(t), tl, br)
	if err != nil || got.ID != tl {
		t.Fatalf("SwapPane(%s, %s) = %v, %v", tl, br, got.ID, err)
	}
	if idx(tl) != brIdx || idx(br) != tlIdx || srv.Active(string(tl)) != string(bl) {
		t.Fatalf("after a swap: %s at %s (want %s), %s at %s (want %s), active %s (want %s)",
			tl, idx(tl), brIdx, br, idx(br), tlIdx, srv.Active(string(tl)), bl)
	}

	// Across windows: the panes change windows; each window's active pane
	// is the one that was active, or the one that arrived in its place.
	win := func(p string) string { return srv.Display(p, "#{window_id}") }
	w0, w1 := win(g[0]), win(other)
	if _, err := c.SwapPane(ctx(t), bl, tmux.PaneID(other2)); err != nil {
		t.Fatal(err)
	}
	if win(g[2]) != w1 || win(other2) != w0 {
		t.Fatalf("cross-window swap: %s in %s (want %s), %s in %s (want %s)", bl, win(g[2]), w1, other2, win(other2), w0)
	}
	if srv.Active(w0) != other2 || srv.Active(w1) != g[2] {
		t.Fatalf("cross-window swap: active %s and %s, want %s and %s", srv.Active(w0), srv.Active(w1), other2, g[2])
	}

	// Restore puts back everything.
	if err := restore(t, c, initial); err != nil {
		t.Fatal(err)
	}
	if after := fingerprint(srv); after != before {
		t.Fatalf("not restored:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}
