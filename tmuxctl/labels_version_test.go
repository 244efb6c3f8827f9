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
		// stored checks one text that tmux version stores exactly (ok) or
		// not: set by set, held by tmux in variable (a format name) of
		// target, reset to "before" first by reset.
		stored := func(what, text string, ok bool, reset []string, set func(string) (string, error), target, variable string) {
			srv.Must(reset...)
			got, err := set(text)
			switch {
			case ok && (err != nil || got != text):
				t.Errorf("%s %q on %s: %q, %v; want it stored", what, text, srv.Version(), got, err)
			case ok && srv.Display(target, "#{n:"+variable+"}") != itoa(len(text)):
				t.Errorf("%s %q: tmux holds %s bytes", what, text, srv.Display(target, "#{n:"+variable+"}"))
			case !ok && tmux.KindOf(err) != tmux.KindInvalidInput:
				t.Errorf("%s %q on %s: %v; want it refused", what, text, srv.Version(), err)
			case !ok && srv.Display(target, "#{"+variable+"}") != "before":
				t.Errorf("%s %q refused, yet tmux holds %q", what, text, srv.Display(target, "#{"+variable+"}"))
			}
		}
		for _, name := range []string{"$HOME", "cost ${x}", "a$_b", "$Z"} {
			stored("name", name, srv.AtLeast(3, 5), []string{"rename-window", "-t", string(w), "before"}, rename, string(w), "window_name")
		}
		setTitle := func(title string) (string, error) {
			pane, err := c.SetPaneTitle(t.Context(), p, title)
			return pane.Title, err
		}
		for _, title := range []string{`a\b`, `\`, `C:\dir\`} {
			stored("title", title, !srv.AtLeast(3, 7), []string{"select-pane", "-t", string(p), "-T", "before"}, setTitle, string(p), "pane_title")
		}
	})
}
