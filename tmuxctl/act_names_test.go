package tmuxctl_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestActNamesAndRestore: the navigator's , and t store hostile text
// exactly, and a restore that names them gives back the name, the title
// and automatic-rename as it was (inherited, not set), while leaving a
// title it was not told about alone.
func TestActNamesAndRestore(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		g := srv.Grid()
		sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
		win := tmux.WindowID(srv.Display(g[0], "#{window_id}"))
		srv.FixWindowNames(g[0])
		srv.Must("select-pane", "-t", g[0], "-T", "first title")
		srv.Must("select-pane", "-t", g[1], "-T", "other title")
		initial, err := c.ReadState(t.Context(), sid)
		if err != nil {
			t.Fatal(err)
		}
		w0, _ := initial.Window(win)
		if !w0.AutoRename {
			t.Fatalf("window %s starts with automatic-rename off", win)
		}

		hostile := `#(touch /tmp/pwned) #{session_name} 'q";x ✓`
		r, err := c.Act(t.Context(), sid, tmuxctl.Op{Kind: tmuxctl.OpRenameWindow, Window: win, Text: hostile})
		after := r.After
		if err != nil {
			t.Fatal(err)
		}
		if got := srv.Display(string(win), "#{window_name}|#{automatic-rename}"); got != hostile+"|0" {
			t.Errorf("renamed: tmux has %q, want %q and automatic-rename off", got, hostile)
		}
		if w, _ := after.Window(win); w.Name != hostile || w.AutoRename {
			t.Errorf("renamed: the read after says %q (automatic-rename %v)", w.Name, w.AutoRename)
		}
		if _, err = c.Act(t.Context(), sid, tmuxctl.Op{Kind: tmuxctl.OpSetTitle, Pane: tmux.PaneID(g[0]), Text: hostile}); err != nil {
			t.Fatal(err)
		}
		if got := srv.Display(g[0], "#{pane_title}"); got != hostile {
			t.Errorf("title: tmux has %q, want %q", got, hostile)
		}
		// Meanwhile a program retitles another pane.
		srv.Must("select-pane", "-t", g[1], "-T", "set by its program")

		// Text tmux would store otherwise is refused, naming it; nothing
		// changes.
		for _, op := range []tmuxctl.Op{
			{Kind: tmuxctl.OpRenameWindow, Window: win, Text: "a\x1b[31mred"},
			{Kind: tmuxctl.OpRenameWindow, Window: win, Text: `back\slash`},
			{Kind: tmuxctl.OpSetTitle, Pane: tmux.PaneID(g[0]), Text: "#[fg=red]"},
			{Kind: tmuxctl.OpRenameWindow, Window: "main", Text: "x"},
		} {
			if _, err := c.Act(t.Context(), sid, op); tmux.KindOf(err) != tmux.KindInvalidInput {
				t.Errorf("%q: %v, want invalid input", op.Text, err)
			}
		}

		now, err := c.ReadState(t.Context(), sid)
		if err != nil {
			t.Fatal(err)
		}
		names := map[string]bool{string(win): true, g[0]: true}
		if _, err := c.Act(t.Context(), sid, tmuxctl.Op{Kind: tmuxctl.OpRestore, From: now, Want: initial, Names: names}); err != nil {
			t.Fatal(err)
		}
		if got, want := srv.Display(string(win), "#{window_name}|#{automatic-rename}"), w0.Name+"|1"; got != want {
			t.Errorf("restored: %q, want %q", got, want)
		}
		if local := srv.Must("show-options", "-w", "-t", string(win), "automatic-rename"); local != "" {
			t.Errorf("restored automatic-rename is set on the window (%q), want it inherited as before", local)
		}
		if got := srv.Display(g[0], "#{pane_title}"); got != "first title" {
			t.Errorf("restored title %q, want %q", got, "first title")
		}
		if got := srv.Display(g[1], "#{pane_title}"); got != "set by its program" {
			t.Errorf("a title the restore was not told about became %q", got)
		}
	})
}

// TestRestoreNamesKeepsLocalOff: a window whose automatic-rename was off
// gets it off again, and its name back.
func TestRestoreNamesKeepsLocalOff(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	win := tmux.WindowID(srv.Display("main:", "#{window_id}"))
	srv.Must("rename-window", "-t", string(win), "kept")
	initial, err := c.ReadState(t.Context(), sid)
	if err != nil {
		t.Fatal(err)
	}
	srv.Must("set-option", "-w", "-t", string(win), "automatic-rename", "on")
	now, err := c.ReadState(t.Context(), sid)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Act(t.Context(), sid, tmuxctl.Op{Kind: tmuxctl.OpRestore, From: now, Want: initial, Names: map[string]bool{string(win): true}}); err != nil {
		t.Fatal(err)
	}
	if got := srv.Display(string(win), "#{window_name}|#{automatic-rename}"); got != "kept|0" {
		t.Errorf("restored %q, want kept|0", got)
	}
}

// TestJumpRefusals: a jump names a bad client or session before tmux
// sees it, and with no client to switch it says so; nothing changes.
func TestJumpRefusals(t *testing.T) {
	t.Parallel()
	srv, c := clienttest.New(t, tmux.Env{})
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	win := tmux.WindowID(srv.Display("main:", "#{window_id}"))
	for _, op := range []tmuxctl.Op{
		{Kind: tmuxctl.OpJump, Session: sid, Window: win, Client: "-x"},
		{Kind: tmuxctl.OpJump, Session: "main", Window: win, Client: "/dev/pts/1"},
		{Kind: tmuxctl.OpJump, Session: sid, Window: "1", Client: "/dev/pts/1"},
	} {
		if _, err := c.Act(t.Context(), sid, op); tmux.KindOf(err) != tmux.KindInvalidInput {
			t.Errorf("%+v: %v, want invalid input", op, err)
		}
	}
	_, err := c.Act(t.Context(), sid, tmuxctl.Op{Kind: tmuxctl.OpJump, Session: sid, Window: win})
	if err == nil || !strings.Contains(err.Error(), "no tmux client is attached") {
		t.Errorf("a jump with no client attached: %v", err)
	}
}
