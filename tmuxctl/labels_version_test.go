package tmuxctl_test

import (
	"testing"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestLabelsRefusedOnlyWhereAltered: what one tmux stores changed and
// another exactly is refused only where it would be changed. tmux 3.2a
// to 3.4 store a window name's '$' before a letter, '_' or '{' as "\$"
// (utf8.c, utf8_strvis), 3.5 and later store it as given; a title's
// backslash is kept up to 3.6 and doubled from 3.7 (clean_name). Each is
// read back from tmux: through the client's exact read, and by its
// length, which no output escaping changes.
func TestLabelsRefusedOnlyWhereAltered(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		g := srv.Grid()
		p := tmux.PaneID(g[1])
		w := tmux.WindowID(srv.Display(g[1], "#{window_id}"))
		rename := func(name string) (string, error) {
			win, err := c.RenameWindow(t.Context(), w, name)
			if win == nil {
				return "", err
			}
			return win.Name, err
		}
		for _, name := range []string{"cost $5", "end$", "$", "$$", "$ x"} { // every version
			got, err := rename(name)
			if err != nil || got != name {
				t.Errorf("name %q: %q, %v", name, got, err)
			}
			if n := srv.Display(string(w), "#{n:window_name}"); n != itoa(len(name)) {
				t.Errorf("name %q: tmux holds %s bytes", name, n)
			}
		}
		dollarOK := srv.AtLeast(3, 5)
		for _, name := range []string{"$HOME", "cost ${x}", "a$_b", "$Z"} {
			srv.Must("rename-window", "-t", string(w), "before")
			got, err := rename(name)
			switch {
			case dollarOK && (err != nil || got != name):
				t.Errorf("name %q on %s: %q, %v; want it stored", name, srv.Version(), got, err)
			case dollarOK && srv.Display(string(w), "#{n:window_name}") != itoa(len(name)):
				t.Errorf("name %q: tmux holds %s bytes", name, srv.Display(string(w), "#{n:window_name}"))
			case !dollarOK && tmux.KindOf(err) != tmux.KindInvalidInput:
				t.Errorf("name %q on %s: %v; want it refused", name, srv.Version(), err)
			case !dollarOK && srv.Display(string(w), "#{window_name}") != "before":
				t.Errorf("name %q refused, yet the name changed", name)
			}
		}
		backslashOK := !srv.AtLeast(3, 7)
		for _, title := range []string{`a\b`, `\`, `C:\dir\`} {
			srv.Must("select-pane", "-t", string(p), "-T", "before")
			pane, err := c.SetPaneTitle(t.Context(), p, title)
			switch {
			case backslashOK && (err != nil || pane.Title != title):
				t.Errorf("title %q on %s: %q, %v; want it stored", title, srv.Version(), pane.Title, err)
			case backslashOK && srv.Display(string(p), "#{n:pane_title}") != itoa(len(title)):
				t.Errorf("title %q: tmux holds %s bytes", title, srv.Display(string(p), "#{n:pane_title}"))
			case !backslashOK && tmux.KindOf(err) != tmux.KindInvalidInput:
				t.Errorf("title %q on %s: %v; want it refused", title, srv.Version(), err)
			case !backslashOK && srv.Display(string(p), "#{pane_title}") != "before":
				t.Errorf("title %q refused, yet the title changed", title)
			}
		}
	})
}
