package tmuxctl_test

import (
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// applyWorld is session main's first window split in four panes of
// uneven sizes, its layout saved as "dev", then scrambled (tiled, a
// swap, another pane focused).
func applyWorld(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) (tmux.WindowID, *layouts.Layout, string) {
	t.Helper()
	w := tmux.WindowID(srv.Display("main:0", "#{window_id}"))
	a := srv.Active(string(w))
	b := strings.TrimSpace(srv.Must("split-window", "-h", "-t", a, "-P", "-F", "#{pane_id}", "exec sh"))
	cc := strings.TrimSpace(srv.Must("split-window", "-v", "-t", b, "-P", "-F", "#{pane_id}", "exec sh"))
	d := strings.TrimSpace(srv.Must("split-window", "-h", "-t", cc, "-P", "-F", "#{pane_id}", "exec sh"))
	srv.Must("resize-pane", "-t", a, "-x", "97", ";", "resize-pane", "-t", b, "-y", "13", ";", "select-pane", "-t", cc)
	saved := srv.Display(string(w), "#{window_layout}")
	win, err := c.ListPanes(t.Context(), w)
	if err != nil {
		t.Fatal(err)
	}
	l, err := layouts.FromWindow("dev", win, tmux.Version{Raw: "test"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	srv.Must("select-layout", "-t", string(w), "tiled", ";", "swap-pane", "-d", "-s", a, "-t", d, ";", "select-pane", "-t", b)
	return w, l, saved
}

// TestApplyLayoutThenRestore: the navigator's apply (Act) gives the
// window the saved layout, and the restore of its Before (Esc or u)
// gives back the window exactly as it was: layout string, panes by
// index, focus, last pane.
func TestApplyLayoutThenRestore(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	w, l, saved := applyWorld(t, srv, c)
	sid := tmux.SessionID(srv.Display("main:0", "#{session_id}"))
	st, err := c.ReadState(t.Context(), sid)
	if err != nil {
		t.Fatal(err)
	}
	win, _ := st.Window(w)
	plan, err := layouts.MakePlan(l, win, false, false)
	if err != nil {
		t.Fatal(err)
	}
	start := everything(srv)
	r, err := c.Act(t.Context(), sid, tmuxctl.Op{Kind: tmuxctl.OpApplyLayout, Window: w, Plan: plan, Text: "dev", From: st})
	if err != nil {
		t.Fatal(err)
	}
	if got := srv.Display(string(w), "#{window_layout}"); got != saved {
		t.Fatalf("after the apply the layout is %s, want %s", got, saved)
	}
	if after, _ := r.After.Window(w); after == nil || after.Layout != saved {
		t.Errorf("Act's After does not have the applied layout: %+v", after)
	}
	if _, err := c.Act(t.Context(), sid, tmuxctl.Op{Kind: tmuxctl.OpRestore, Want: r.Before, From: r.After}); err != nil {
		t.Fatal(err)
	}
	if got := everything(srv); got != start {
		t.Errorf("the restore after the apply left\n%s\nwant\n%s", got, start)
	}
}

// TestApplyLayoutWindowChangedSinceRead: a plan made from a read the
// window no longer matches (a pane closed since, or the window resized)
// changes nothing and says so; an agent's apply answers with the window.
func TestApplyLayoutWindowChangedSinceRead(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	w, l, saved := applyWorld(t, srv, c)
	read := func() *tmux.Window {
		win, err := c.ListPanes(t.Context(), w)
		if err != nil {
			t.Fatal(err)
		}
		return win
	}
	for _, change := range [][]string{
		{"resize-window", "-t", string(w), "-x", "150", "-y", "40"},
		{"kill-pane", "-t", srv.Active(string(w))},
	} {
		win := read()
		plan, err := layouts.MakePlan(l, win, false, false)
		if err != nil {
			t.Fatal(err)
		}
		srv.Must(change...)
		before := everything(srv)
		_, err = c.ActForAgent(t.Context(), tmuxctl.Op{Kind: tmuxctl.OpApplyLayout, Window: w, Plan: plan, Text: "dev", From: &tmux.State{Windows: []*tmux.Window{win}}})
		if tmux.KindOf(err) != tmux.KindGone || !strings.Contains(err.Error(), "changed") {
			t.Errorf("after %v: err %v, want a gone error saying the window changed", change, err)
		}
		if got := everything(srv); got != before {
			t.Errorf("after %v the apply changed\n%s\ninto\n%s", change, before, got)
		}
	}
	win := read()
	plan, err := layouts.MakePlan(l, win, false, false)
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.ActForAgent(t.Context(), tmuxctl.Op{Kind: tmuxctl.OpApplyLayout, Window: w, Plan: plan, Text: "dev"})
	if err != nil {
		t.Fatal(err)
	}
	if got := srv.Display(string(w), "#{window_layout}"); r.Window == nil || r.Window.Layout != got || got != plan.Layout {
		t.Errorf("the agent's apply answered %+v; the window has %s, the plan %s (saved %s)", r.Window, got, plan.Layout, saved)
	}
}
