package panetext_test

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/panetext"
)

// TestFindText: find's text of every pane of the server, in as few
// command lists as fit: the screen and FindHistory lines above it as
// plain text, with the names find matches; a pane gone meanwhile is left
// out.
func TestFindText(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		r := panetext.New(c)
		long := catPane(t, srv, "main:0", 2500)
		srv.Must("new-session", "-d", "-s", "other", "-n", "side", "exec cat")
		short := tmux.PaneID(srv.Display("other:side", "#{pane_id}"))
		gone := tmux.PaneID(srv.Must("split-window", "-d", "-t", "other:side", "-P", "-F", "#{pane_id}", "exec cat"))
		srv.WaitRunning(20*time.Second, string(short), "cat")
		l, err := c.List(t.Context(), tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		srv.Must("kill-pane", "-t", string(gone))
		got, err := r.FindText(t.Context(), l.Windows, []tmux.PaneID{long, short, gone})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].ID != string(long) || got[1].ID != string(short) {
			t.Fatalf("panes %+v, want %s and %s", got, long, short)
		}
		// tmux keeps history-limit (2000) lines at most, dropping a tenth
		// at a time: all of them, up to FindHistory.
		held, _ := strconv.Atoi(srv.Display(string(long), "#{history_size}"))
		g, want := got[0], min(held, panetext.FindHistory)+50
		if len(g.Lines) != want || g.Screen != 50 || held < 1500 {
			t.Errorf("%d lines, %d of them the screen; want %d (%d held) and 50", len(g.Lines), g.Screen, want, held)
		}
		if first, last := g.Lines[0], g.Lines[len(g.Lines)-2]; first != fmt.Sprintf("line-%d", 2500-want+2) || last != "line-2500" {
			t.Errorf("lines from %q to %q, want line-%d to line-2500", first, last, 2500-want+2)
		}
		fields := map[string]string{}
		for _, f := range got[1].Fields {
			fields[f.Name] = f.Text
		}
		if fields["window"] != "side" || fields["session"] != "other" || fields["command"] != "cat" {
			t.Errorf("fields %v", fields)
		}
	})
}
