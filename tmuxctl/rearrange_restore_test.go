package tmuxctl_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// everything is what Esc promises to put back, by window index (a
// recreated window gets a new id; that is checked on its own).
//
// One tmux client reads windows and panes: the same text as a read of each.
func everything(srv *tmuxtest.Server) string {
	return srv.Must("list-windows", "-t", "main", "-F", "#{window_index} #{window_name} auto=#{automatic-rename} #{window_layout} zoom=#{window_zoomed_flag} current=#{window_active} last=#{window_last_flag}",
		";", "list-panes", "-s", "-t", "main", "-F", "#{pane_id} in #{window_index}.#{pane_index} active=#{pane_active} last=#{pane_last} marked=#{pane_marked}")
}

// TestRestoreAfterEveryRearrangement: after a mix of every operation,
// including a move that closed a window and a break that made one,
// Restore puts back every layout string byte for byte, every pane's
// window and index, focus, last panes, zoom, the mark, the current and
// last window, and the closed window at its index with its name.
func TestRestoreAfterEveryRearrangement(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	w := buildWorld(t, srv)
	srv.Must("rename-window", "-t", w.win[1], "named by hand") // automatic-rename off
	// Every window with two panes has a last pane: tmux can set one but
	// never clear it, so a window without stays without only as long as
	// nothing selects in it.
	srv.Must("select-pane", "-t", w.w1[1])
	srv.Must("select-pane", "-t", w.w1[0])
	srv.Must("select-pane", "-t", w.g[2])
	srv.Must("select-pane", "-t", w.g[1])
	srv.Must("select-pane", "-m", "-t", w.w1[1])
	srv.Must("select-window", "-t", w.win[2])
	srv.Must("select-window", "-t", w.win[0])
	srv.Must("resize-pane", "-Z", "-t", w.g[1])
	sid := tmux.SessionID(w.session)
	want, err := c.ReadState(t.Context(), sid)
	if err != nil {
		t.Fatal(err)
	}
	start := everything(srv)

	act := func(op tmuxctl.Op) {
		t.Helper()
		if _, err := c.Act(t.Context(), sid, op); err != nil {
			t.Fatalf("%+v: %v", op, err)
		}
	}
	act(tmuxctl.Op{Kind: tmuxctl.OpResize, Pane: tmux.PaneID(w.g[0]), Dir: tmux.DirRight, Cells: 11})
	act(tmuxctl.Op{Kind: tmuxctl.OpLayout, Window: tmux.WindowID(w.win[0]), Layout: tmuxctl.LayoutNext})
	act(tmuxctl.Op{Kind: tmuxctl.OpRotate, Window: tmux.WindowID(w.win[0]), Dir: tmux.DirDown})
	act(tmuxctl.Op{Kind: tmuxctl.OpSwap, Pane: tmux.PaneID(w.g[2]), With: tmux.PaneID(w.w1[0])})
	act(tmuxctl.Op{Kind: tmuxctl.OpMove, Pane: tmux.PaneID(w.w2), Window: tmux.WindowID(w.win[1])}) // closes window 2
	act(tmuxctl.Op{Kind: tmuxctl.OpMove, Pane: tmux.PaneID(w.w1[1])})                               // the marked pane, into a new window
	act(tmuxctl.Op{Kind: tmuxctl.OpMove, Pane: tmux.PaneID(w.g[1]), Window: tmux.WindowID(w.win[1])})
	act(tmuxctl.Op{Kind: tmuxctl.OpLayout, Window: tmux.WindowID(w.win[1]), Layout: "tiled"})
	if ids := srv.Must("list-windows", "-a", "-F", "#{window_id}"); strings.Contains(ids+"\n", w.win[2]+"\n") {
		t.Fatalf("window %s was not closed by the move: %s", w.win[2], ids)
	}
	if everything(srv) == start {
		t.Fatal("the mix changed nothing")
	}

	recreated, err := c.RestoreForTest(t.Context(), want, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := everything(srv); got != start {
		t.Fatalf("not restored:\nstart:\n%s\nafter:\n%s", start, got)
	}
	// Window 2 is back with a new id, which the restore reports; the
	// others kept theirs.
	newID, ok := recreated[tmux.WindowID(w.win[2])]
	if !ok || len(recreated) != 1 || string(newID) != srv.Display("main:2", "#{window_id}") {
		t.Fatalf("recreated %v, window 2 is %s", recreated, srv.Display("main:2", "#{window_id}"))
	}
	for _, i := range []int{0, 1} {
		if got := srv.Display("main:"+string(rune('0'+i)), "#{window_id}"); got != w.win[i] {
			t.Fatalf("window %d is %s, want %s", i, got, w.win[i])
		}
	}
	// Once restored, another restore (with the new id) does nothing.
	again, err := c.RestoreForTest(t.Context(), want.RenameWindows(recreated), nil)
	if err != nil || len(again) != 0 || everything(srv) != start {
		t.Fatalf("second restore: %v %v", again, err)
	}
}

// TestUndoEachRearrangement undoes a mix of every operation one step at
// a time, as the navigator's u does (Act with OpRestore, from the state
// just read to the state before the step): after each undo tmux is
// exactly as it was before that step, a closed window included.
func TestUndoEachRearrangement(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	w := buildWorld(t, srv)
	srv.Must("select-pane", "-t", w.w1[1])
	srv.Must("select-pane", "-t", w.w1[0])
	sid := tmux.SessionID(w.session)
	ops := []tmuxctl.Op{
		{Kind: tmuxctl.OpResize, Pane: tmux.PaneID(w.g[0]), Dir: tmux.DirDown, Cells: 4},
		{Kind: tmuxctl.OpSwap, Pane: tmux.PaneID(w.g[0]), With: tmux.PaneID(w.g[3])},
		{Kind: tmuxctl.OpZoom, Pane: tmux.PaneID(w.g[0])},
		{Kind: tmuxctl.OpRotate, Window: tmux.WindowID(w.win[0]), Dir: tmux.DirUp},
		{Kind: tmuxctl.OpLayout, Window: tmux.WindowID(w.win[0]), Layout: "main-vertical"},
		{Kind: tmuxctl.OpMove, Pane: tmux.PaneID(w.w2), Window: tmux.WindowID(w.win[0]), Follow: true}, // closes window 2
		{Kind: tmuxctl.OpMove, Pane: tmux.PaneID(w.g[1]), Follow: true},
		{Kind: tmuxctl.OpMove, Pane: tmux.PaneID(w.w1[1]), Window: tmux.WindowID(w.win[0]), Follow: true},
		{Kind: tmuxctl.OpLayout, Window: tmux.WindowID(w.win[0]), Layout: tmuxctl.LayoutSpread},
	}
	var prints []string
	var befores []*tmux.State
	for _, op := range ops {
		prints = append(prints, everything(srv))
		r, err := c.Act(t.Context(), sid, op)
		before, after := r.Before, r.After
		if err != nil {
			t.Fatalf("%+v: %v", op, err)
		}
		// (A spread right after a join may find the cells even already,
		// on tmux 3.7 and later.)
		if after == nil || everything(srv) == prints[len(prints)-1] && op.Layout != tmuxctl.LayoutSpread {
			t.Fatalf("%+v changed nothing", op)
		}
		befores = append(befores, before)
	}
	for i := len(ops) - 1; i >= 0; i-- {
		cur, err := c.ReadState(t.Context(), sid)
		if err != nil {
			t.Fatal(err)
		}
		r, err := c.Act(t.Context(), sid, tmuxctl.Op{Kind: tmuxctl.OpRestore, From: cur, Want: befores[i]})
		after := r.After
		if err != nil {
			t.Fatalf("undo %+v: %v", ops[i], err)
		}
		if got := everything(srv); got != prints[i] {
			t.Fatalf("undo %+v:\ngot:\n%s\nwant:\n%s", ops[i], got, prints[i])
		}
		for j := range befores[:i] {
			befores[j] = befores[j].RenameWindows(after.Recreated)
		}
	}
}

// TestMoveToAnotherSessionTakesNoFocus: focus belongs to a session, so
// the focused pane of one session moved into another session's window
// changes neither session's current window nor that window's focus.
func TestMoveToAnotherSessionTakesNoFocus(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	w := buildWorld(t, srv)
	other := srv.Must("new-session", "-d", "-s", "other", "-P", "-F", "#{pane_id}")
	otherWin := srv.Display(other, "#{window_id}")
	otherCurrent := srv.Display("other:", "#{window_id}")
	if _, err := c.MovePane(t.Context(), tmux.PaneID(w.g[0]), tmux.WindowID(otherWin)); err != nil {
		t.Fatal(err)
	}
	if got := srv.Display(w.g[0], "#{window_id}"); got != otherWin {
		t.Fatalf("%s is in %s, want %s", w.g[0], got, otherWin)
	}
	if srv.Active(otherWin) != other || srv.Display("other:", "#{window_id}") != otherCurrent {
		t.Fatalf("the move took the other session's focus: active %s", srv.Active(otherWin))
	}
	if got := srv.Display("main:", "#{window_id}"); got != w.win[0] {
		t.Fatalf("main's current window changed to %s", got)
	}
}

// TestLayoutStringCheckedAsItRuns: a layout string is checked against
// the window in the command list that applies it (no read before it): a
// window it no longer fits (here: split since the string was read) is
// left alone, and the error says why, as a check before it would have.
func TestLayoutStringCheckedAsItRuns(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	w := buildWorld(t, srv)
	layout := srv.Display(w.win[1], "#{window_layout}")
	added := srv.Must("split-window", "-d", "-t", w.w1[0], "-P", "-F", "#{pane_id}")
	before := shape(srv)
	_, err := c.SelectLayout(t.Context(), tmux.WindowID(w.win[1]), layout)
	if tmux.KindOf(err) != tmux.KindInvalidInput || !strings.Contains(err.Error(), "panes; window "+w.win[1]+" has") {
		t.Fatalf("got %v, want invalid input: the pane counts", err)
	}
	if got := shape(srv); got != before {
		t.Fatalf("changed:\n%s\nwas:\n%s", got, before)
	}
	// Unchanged, the same string applies.
	srv.Must("kill-pane", "-t", added)
	srv.Must("select-layout", "-t", w.win[1], "even-vertical")
	win, err := c.SelectLayout(t.Context(), tmux.WindowID(w.win[1]), layout)
	if err != nil || win.Layout != layout {
		t.Fatalf("got %v %v, want layout %s", win, err, layout)
	}
}
