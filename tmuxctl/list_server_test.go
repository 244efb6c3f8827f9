package tmuxctl_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// listFields is what the List tests compare with tmux's own list-panes -a:
// one line per pane per window link. Geometry is left out of zoomed
// windows, where tmux reports stale values and List the layout's.
const listFields = "#{session_id} #{session_name} #{window_id} #{window_index} #{window_name} " +
	"#{window_width}x#{window_height} z=#{window_zoomed_flag} a=#{window_active} " +
	"#{pane_id} #{pane_index} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}"

// tmuxLines is list-panes -a with listFields, filtered, zoomed windows'
// geometry replaced by "-" as listingLines does.
func tmuxLines(srv *tmuxtest.Server, filter ...string) string {
	args := append([]string{"list-panes", "-a", "-F", listFields}, filter...)
	lines := strings.Split(srv.Must(args...), "\n")
	for i, line := range lines {
		if strings.Contains(line, " z=1 ") {
			f := strings.Fields(line)
			lines[i] = strings.Join(append(f[:len(f)-2], "-"), " ")
		}
	}
	return strings.Join(lines, "\n")
}

func listingLines(l *tmuxctl.Listing) string {
	var lines []string
	for _, w := range l.Windows {
		for _, p := range w.Panes {
			geom := "-"
			if !w.Zoomed {
				geom = fmt.Sprintf("%d,%d %dx%d", p.Left, p.Top, p.Width, p.Height)
			}
			lines = append(lines, fmt.Sprintf("%s %s %s %d %s %dx%d z=%s a=%s %s %d %s",
				w.SessionID, w.SessionName, w.ID, w.Index, w.Name, w.Width, w.Height, b(w.Zoomed), b(w.Active),
				p.ID, p.Index, geom))
		}
	}
	return strings.Join(lines, "\n")
}

// serverOfThree gives srv three sessions (main, alpha, zeta), a window of
// main linked into alpha, and a zoomed window. It returns the linked
// window and the zoomed one.
func serverOfThree(t *testing.T, srv *tmuxtest.Server) (linked, zoomed string) {
	t.Helper()
	srv.Must("split-window", "-h", "-t", "main:0")
	linked = srv.Must("new-window", "-d", "-t", "main:", "-n", "shared", "-P", "-F", "#{window_id}")
	srv.Must("split-window", "-t", linked)
	srv.Must("split-window", "-h", "-t", linked)
	for _, s := range []string{"alpha", "zeta"} {
		srv.Must("new-session", "-d", "-s", s, "-x", "120", "-y", "40",
			";", "resize-window", "-t", s+":0", "-x", "120", "-y", "40")
	}
	srv.Must("split-window", "-v", "-t", "zeta:0")
	zoomed = srv.Must("new-window", "-t", "zeta:", "-n", "zoomy", "-P", "-F", "#{window_id}")
	srv.Must("split-window", "-h", "-t", zoomed)
	srv.Must("split-window", "-v", "-t", zoomed)
	srv.Must("resize-pane", "-Z", "-t", zoomed)
	srv.Must("link-window", "-d", "-s", linked, "-t", "alpha:7")
	if got := srv.Display(zoomed, "#{window_zoomed_flag}"); got != "1" {
		t.Fatalf("window %s not zoomed: %q", zoomed, got)
	}
	// A new window is named after its pane's process as it starts: tmux
	// (the forked server) until its shell runs, then sh. Let automatic
	// rename settle before the listing is read twice and compared.
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		for _, l := range strings.Split(srv.Must("list-windows", "-a", "-F", "#{automatic-rename} #{window_name} #{pane_current_command}"), "\n") {
			if f := strings.Fields(l); len(f) == 3 && f[0] == "1" && (f[1] != f[2] || f[2] == "tmux") {
				return false
			}
		}
		return true
	}, "window names to settle")
	return linked, zoomed
}

func TestListServerMatchesTmux(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	linked, zoomed := serverOfThree(t, srv)
	l, err := c.List(ctx(t), tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer})
	if err != nil {
		t.Fatal(err)
	}
	got, want := listingLines(l), tmuxLines(srv)
	if got != want {
		t.Fatalf("List:\n%s\ntmux list-panes -a:\n%s", got, want)
	}
	if l.Truncated || l.Panes != strings.Count(want, "\n")+1 {
		t.Errorf("panes %d truncated %v", l.Panes, l.Truncated)
	}
	links := 0
	for _, w := range l.Windows {
		if string(w.ID) == linked {
			links++
		}
		if w.Layout == "" || len(w.Panes) == 0 {
			t.Errorf("window %s: layout %q, %d panes", w.ID, w.Layout, len(w.Panes))
		}
	}
	if links != 2 {
		t.Errorf("linked window %s listed %d times, want 2", linked, links)
	}

	// The zoomed window's geometry is its unzoomed layout's.
	var zw *tmux.Window
	for _, w := range l.Windows {
		if string(w.ID) == zoomed {
			zw = w
		}
	}
	srv.Must("resize-pane", "-Z", "-t", zoomed)
	unzoomed := srv.Must("list-panes", "-t", zoomed, "-F", "#{pane_id} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}")
	var geoms []string
	for _, p := range zw.Panes {
		geoms = append(geoms, fmt.Sprintf("%s %d,%d %dx%d", p.ID, p.Left, p.Top, p.Width, p.Height))
	}
	if strings.Join(geoms, "\n") != unzoomed {
		t.Errorf("zoomed window's panes:\n%s\nunzoomed, tmux says:\n%s", strings.Join(geoms, "\n"), unzoomed)
	}
}

func TestListScopesAndFilters(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	linked, _ := serverOfThree(t, srv)
	alpha := tmux.SessionID(srv.Display("alpha:", "#{session_id}"))
	mainS := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	cases := []struct {
		req    tmuxctl.ListRequest
		filter string // tmux's -f for the same answer
	}{
		{tmuxctl.ListRequest{Scope: tmuxctl.ScopeSession, Session: alpha}, "#{==:#{session_id}," + string(alpha) + "}"},
		{tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer, Session: mainS}, "#{==:#{session_id}," + string(mainS) + "}"},
		{tmuxctl.ListRequest{Scope: tmuxctl.ScopeWindow, Window: tmux.WindowID(linked)}, "#{==:#{window_id}," + linked + "}"},
		{tmuxctl.ListRequest{Scope: tmuxctl.ScopeWindow, Window: tmux.WindowID(linked), Session: alpha},
			"#{&&:#{==:#{window_id}," + linked + "},#{==:#{session_id}," + string(alpha) + "}}"},
	}
	for _, tc := range cases {
		l, err := c.List(ctx(t), tc.req)
		if err != nil {
			t.Fatalf("%+v: %v", tc.req, err)
		}
		want := tmuxLines(srv, "-f", tc.filter)
		if got := listingLines(l); got != want || l.Truncated {
			t.Errorf("%+v:\n%s\ntmux:\n%s", tc.req, got, want)
		}
	}
	l, err := c.List(ctx(t), tmuxctl.ListRequest{Scope: tmuxctl.ScopeWindow, Window: tmux.WindowID(linked)})
	if err != nil || len(l.Windows) != 2 || l.Windows[0].SessionID == l.Windows[1].SessionID {
		t.Errorf("a window linked twice, scope window: %v %+v", err, l)
	}
	// A window that exists, in a session that exists, but not together.
	zeta := tmux.SessionID(srv.Display("zeta:", "#{session_id}"))
	_, err = c.List(ctx(t), tmuxctl.ListRequest{Scope: tmuxctl.ScopeWindow, Window: tmux.WindowID(linked), Session: zeta})
	if e := tmux.AsError(err); e == nil || e.Kind != tmux.KindGone || e.Value != linked {
		t.Errorf("window not in session: %v", err)
	}
}

func TestListLimit(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	serverOfThree(t, srv)
	full, err := c.List(ctx(t), tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer})
	if err != nil {
		t.Fatal(err)
	}
	for limit := 1; limit <= full.Panes; limit++ {
		l, err := c.List(ctx(t), tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer, Limit: limit})
		if err != nil {
			t.Fatal(err)
		}
		// Whole windows in order while they fit; the first cut if none does.
		var wantPanes, wantWindows int
		for _, w := range full.Windows {
			if wantPanes+len(w.Panes) > limit {
				if wantWindows == 0 {
					wantPanes, wantWindows = limit, 1
				}
				break
			}
			wantPanes += len(w.Panes)
			wantWindows++
		}
		count := 0
		for _, w := range l.Windows {
			count += len(w.Panes)
		}
		if l.Panes != wantPanes || count != wantPanes || len(l.Windows) != wantWindows || l.Truncated != (limit < full.Panes) {
			t.Errorf("limit %d: %d panes (counted %d), %d windows, truncated %v; want %d panes, %d windows",
				limit, l.Panes, count, len(l.Windows), l.Truncated, wantPanes, wantWindows)
		}
	}
}

func TestListGoneAndHostile(t *testing.T) {
	t.Parallel()
	srv, c := newClient(t, tmux.Env{})
	srv.Must("new-window", "-d", "-t", "main:", "-n", "canary")
	gone := []struct {
		req  tmuxctl.ListRequest
		name string
	}{
		{tmuxctl.ListRequest{Scope: tmuxctl.ScopeSession, Session: "$999"}, "$999"},
		{tmuxctl.ListRequest{Scope: tmuxctl.ScopeWindow, Window: "@999"}, "@999"},
		{tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer, Session: "$999", Window: "@0"}, "$999"},
		{tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer, Session: "$0", Window: "@999"}, "@999"},
	}
	for _, tc := range gone {
		_, err := c.List(ctx(t), tc.req)
		if e := tmux.AsError(err); e == nil || e.Kind != tmux.KindGone || e.Value != tc.name || !strings.Contains(e.Message, tc.name) {
			t.Errorf("%+v: %v, want gone naming %s", tc.req, err, tc.name)
		}
	}
	hostile := []tmuxctl.ListRequest{
		{Scope: tmuxctl.ScopeSession, Session: "$1; kill-server"},
		{Scope: tmuxctl.ScopeSession, Session: "$0;"},
		{Scope: tmuxctl.ScopeSession, Session: ""},
		{Scope: tmuxctl.ScopeSession, Session: "main"},
		{Scope: tmuxctl.ScopeSession, Session: "%1"},
		{Scope: tmuxctl.ScopeSession, Session: "$01"},
		{Scope: tmuxctl.ScopeWindow, Window: "@x"},
		{Scope: tmuxctl.ScopeWindow, Window: "{marked}"},
		{Scope: tmuxctl.ScopeWindow, Window: "%1"},
		{Scope: tmuxctl.ScopeWindow, Window: ""},
		{Scope: tmuxctl.ScopeWindow, Window: "@1\n"},
		{Scope: tmuxctl.ScopeServer, Window: "\n"},
		{Scope: tmuxctl.ScopeServer, Session: "$0\nkill-server"},
		{Scope: tmuxctl.ScopeServer, Limit: -1},
		{Scope: "server; kill-server"},
		{Scope: ""},
	}
	for _, req := range hostile {
		if _, err := c.List(ctx(t), req); tmux.KindOf(err) != tmux.KindInvalidInput {
			t.Errorf("%q: %v, want invalid input", fmt.Sprintf("%+v", req), err)
		}
	}
	if got := srv.Must("list-windows", "-t", "main", "-F", "#{window_name}"); !strings.Contains(got, "canary") {
		t.Fatalf("the canary window is gone: %q", got)
	}
}
