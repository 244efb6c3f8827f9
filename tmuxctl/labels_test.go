package tmuxctl_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestLabelsStoredExactly: titles and names that tmux would expand as
// formats, or that end a command over exec, are stored as given, and the
// shell command in #(…) never runs.
func TestLabelsStoredExactly(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		g := srv.Grid()
		p := tmux.PaneID(g[1])
		w := tmux.WindowID(srv.Display(g[1], "#{window_id}"))
		marker := filepath.Join(t.TempDir(), "ran")
		texts := []string{"#(touch " + marker + ")", "#{pane_id}", "##", "#", "build;", ";", "-n x", "a;b #{?,x,y}", "%d %H ü 中文 ☕", "", "'\"{}", "tab-less"}
		for _, text := range texts {
			pane, err := c.SetPaneTitle(t.Context(), p, text)
			if err != nil {
				t.Fatalf("title %q: %v", text, err)
			}
			if pane.Title != text || pane.ID != p {
				t.Errorf("title %q read back as %q: %+v", text, pane.Title, pane)
			}
			if got := srv.Display(string(p), "#{pane_title}"); got != text {
				t.Errorf("title %q: tmux holds %q", text, got)
			}
			if text == "" {
				continue // a window name must have one (below)
			}
			win, err := c.RenameWindow(t.Context(), w, text)
			if err != nil {
				t.Fatalf("name %q: %v", text, err)
			}
			if win.Name != text || win.ID != w || win.AutoRename {
				t.Errorf("name %q read back as %q (automatic-rename %v)", text, win.Name, win.AutoRename)
			}
			if got := srv.Display(string(p), "#{window_name}"); got != text {
				t.Errorf("name %q: tmux holds %q", text, got)
			}
		}
		if _, err := os.Stat(marker); err == nil {
			t.Error("#(…) ran a shell command")
		}
		if n := len(strings.Split(srv.Must("list-windows", "-a"), "\n")); n != 1 {
			t.Errorf("%d windows after the labels: a command escaped", n)
		}
		// Refused before tmux: what tmux would store changed, controls,
		// too long, not UTF-8; and gone targets are gone. (What only some
		// versions change: TestLabelsRefusedOnlyWhereAltered.)
		for _, bad := range []string{"#[fg=red]", "##[x", "bell\a", "esc\x1b[m", "c1\u0085", strings.Repeat("x", 201), "\xff"} {
			if _, err := c.SetPaneTitle(t.Context(), p, bad); tmux.KindOf(err) != tmux.KindInvalidInput {
				t.Errorf("title %q: %v, want invalid input", bad, err)
			}
		}
		if _, err := c.RenameWindow(t.Context(), w, `a\b`); tmux.KindOf(err) != tmux.KindInvalidInput {
			t.Errorf("name a\\b: %v, want invalid input", err)
		}
		// tmux takes an empty name (a status line tab "1:"); a name given
		// must have something to read. A title may be emptied.
		name := srv.Display(string(p), "#{window_name}")
		for _, blank := range []string{"", " ", "\u00a0\u3000"} {
			_, err := c.RenameWindow(t.Context(), w, blank)
			if tmux.KindOf(err) != tmux.KindInvalidInput || !strings.Contains(err.Error(), "invalid window name "+tmux.Quote(blank)+": it is") {
				t.Errorf("name %q: %v, want invalid input naming it", blank, err)
			}
			if got := srv.Display(string(p), "#{window_name}"); got != name {
				t.Errorf("after the name %q the window is named %q, not %q", blank, got, name)
			}
		}
		if _, err := c.SetPaneTitle(t.Context(), "%999", "x"); tmux.KindOf(err) != tmux.KindGone {
			t.Errorf("gone pane: %v", err)
		}
		if _, err := c.RenameWindow(t.Context(), "@999", "x"); tmux.KindOf(err) != tmux.KindGone {
			t.Errorf("gone window: %v", err)
		}
	})
}
