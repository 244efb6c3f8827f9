package modal

import (
	"testing"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// session is tmux's state with modal pane %9 open over window @1's three
// tiled panes (%0 left, %1 top right, %2 bottom right; %0 was active when
// it opened), and a second window @2.
func session() *tmux.State {
	w1 := &tmux.Window{ID: "@1", Index: 0, Active: true, Width: 120, Height: 40, Panes: []tmux.Pane{
		{ID: "%0", Index: 0, WindowID: "@1", Last: true, Left: 0, Top: 0, Width: 60, Height: 40},
		{ID: "%1", Index: 1, WindowID: "@1", Left: 61, Top: 0, Width: 59, Height: 20},
		{ID: "%2", Index: 2, WindowID: "@1", Left: 61, Top: 21, Width: 59, Height: 19},
		{ID: "%9", Index: 3, WindowID: "@1", Active: true, Floating: true, Left: 13, Top: 5, Width: 94, Height: 28},
	}}
	w2 := &tmux.Window{ID: "@2", Index: 1, Width: 120, Height: 40, Panes: []tmux.Pane{
		{ID: "%5", Index: 0, WindowID: "@2", Active: true, Width: 120, Height: 40},
	}}
	return &tmux.State{Session: "$0", Windows: []*tmux.Window{w1, w2}, Current: "@1", Marked: "%9"}
}

func newNav(t *testing.T) *Nav {
	t.Helper()
	n, err := New(nil, "$0", "@1", "%9", "%0")
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func ids(w *tmux.Window) (all []tmux.PaneID, active tmux.PaneID) {
	for _, p := range w.Panes {
		all = append(all, p.ID)
		if p.Active {
			active = p.ID
		}
	}
	return all, active
}

func TestViewLeavesTheModalPaneOut(t *testing.T) {
	n := newNav(t)
	st := session()
	v := n.View(st)
	w, _ := v.Window("@1")
	all, active := ids(w)
	if len(all) != 3 || active != "%0" {
		t.Errorf("view of @1: panes %v, active %s; want %%0 %%1 %%2, %%0 active", all, active)
	}
	if v.Marked != "" {
		t.Errorf("the modal pane is shown marked")
	}
	if a, _ := st.Windows[0].ActivePane(); a.ID != "%9" || len(st.Windows[0].Panes) != 4 {
		t.Errorf("View changed the state it was given")
	}
	n.current = "@2"
	v = n.View(st)
	if v.Current != "@2" || !v.Windows[1].Active || v.Windows[0].Active {
		t.Errorf("a window shown is not the view's current window: %s", v.Current)
	}
}

func TestTargetIsTmuxsMove(t *testing.T) {
	n := newNav(t)
	w, _ := n.View(session()).Window("@1")
	for _, c := range []struct {
		from tmux.PaneID
		dir  tmux.Direction
		stop bool
		want tmux.PaneID
	}{
		{"%0", tmux.DirRight, false, "%1"}, // two candidates, neither active nor last: the lowest index
		{"%2", tmux.DirRight, false, "%0"}, // wraps
		{"%2", tmux.DirRight, true, ""},    // at the edge, wrap off
		{"%1", tmux.DirDown, false, "%2"},
		{"%0", tmux.DirNext, false, "%1"},
		{"%0", tmux.DirPrevious, false, "%2"},
		{"%1", tmux.DirNone, false, "%1"},
		{"%0", tmux.DirLast, true, ""}, // three panes and no last pane yet
	} {
		if got := n.target(w, c.from, tmuxctl.Op{Dir: c.dir, Stop: c.stop}); got != c.want {
			t.Errorf("%s %s (stop %v): %q, want %q", c.from, c.dir, c.stop, got, c.want)
		}
	}
	n.last = "%2"
	w, _ = n.View(session()).Window("@1") // the view shows Nav's last pane, which target goes by
	if got := n.target(w, "%0", tmuxctl.Op{Dir: tmux.DirRight}); got != "%2" {
		t.Errorf("right from %%0 with %%2 the last pane: %s, want the most recent candidate %%2", got)
	}
	if got := n.target(w, "%0", tmuxctl.Op{Dir: tmux.DirLast, Stop: true}); got != "%2" {
		t.Errorf("last: %s, want %%2", got)
	}
}

func TestWithOwnPutsTheModalPaneBack(t *testing.T) {
	n := newNav(t)
	now := session()
	v := n.View(now)
	n.current = "@2"
	v.Current = "@2"
	back := n.withOwn(v, now)
	w, _ := back.Window("@1")
	all, active := ids(w)
	if len(all) != 4 || all[3] != "%9" || active != "%9" {
		t.Errorf("panes %v, active %s; want the modal pane back last and active", all, active)
	}
	if back.Current != "@1" {
		t.Errorf("current %s: a restore must not leave the modal pane's window", back.Current)
	}
}

func TestNewRefusesBadPanes(t *testing.T) {
	for _, c := range [][2]tmux.PaneID{{"%1;", "%0"}, {"%1", "1"}, {"%1", "%1"}} {
		if _, err := New(nil, "$0", "@1", c[0], c[1]); err == nil {
			t.Errorf("New(own %q, focus %q) took them", c[0], c[1])
		}
	}
}
