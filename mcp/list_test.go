package mcp_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// TestListPanesServerMatchesTmux lists scope server on a server with three
// sessions, a window linked into two of them and a zoomed window, and
// compares it with tmux's own list-panes -a: the same panes, once per link,
// under the same sessions and windows, with the same geometry.
func TestListPanesServerMatchesTmux(t *testing.T) {
	t.Parallel()
	srv := tmuxtestStart(t)
	g := srv.Grid()
	srv.Must("new-session", "-d", "-s", "two", "-x", "120", "-y", "40", "exec sh")
	srv.Must("split-window", "-t", "two:", "-h", "exec sh")
	srv.Must("new-session", "-d", "-s", "three", "-x", "100", "-y", "30", "exec sh")
	linked := srv.Must("new-window", "-d", "-t", "three:", "-P", "-F", "#{window_id}", "exec sh")
	srv.Must("link-window", "-s", linked, "-t", "two:7")
	srv.Must("resize-pane", "-Z", "-t", g[3])
	f := startOn(t, srv, tmux.Env{}, mcp.Options{})
	var l window
	text := f.ok(t, "list_panes", obj("scope", "server"), &l)
	want := strings.Split(srv.Must("list-panes", "-a", "-F", "#{session_id} #{window_id} #{window_index} #{pane_id} #{pane_index}"), "\n")
	var got []string
	for _, p := range l.Listing.Panes {
		got = append(got, strings.Join([]string{p.SessionID, p.WindowID, itoa(p.WindowIndex), p.ID, itoa(p.Index)}, " "))
	}
	sort.Strings(want)
	sort.Strings(got)
	if !slices.Equal(got, want) {
		t.Fatalf("scope server listed\n%s\ntmux lists\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	links := 0
	for _, w := range l.Listing.Windows {
		if w.WindowID == linked {
			links++
		}
		if w.WindowID == srv.Display(g[0], "#{window_id}") && (!w.Zoomed || w.Width != 200 || w.Layout == "") {
			t.Errorf("the zoomed window is listed as %+v", w)
		}
	}
	if links != 2 {
		t.Errorf("the linked window is listed %d times, want once per link (2)", links)
	}
	// Geometry of the zoomed window's panes is the unzoomed layout's.
	for _, p := range l.Listing.Panes {
		if p.ID == g[3] && (p.Width >= 200 || p.Left == 0) {
			t.Errorf("zoomed pane %s listed at its zoomed size %dx%d+%d", p.ID, p.Width, p.Height, p.Left)
		}
	}
	if l.Listing.Scope != "server" || l.Listing.Truncated {
		t.Errorf("scope %q truncated %v", l.Listing.Scope, l.Listing.Truncated)
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "+") || strings.HasPrefix(line, "|") {
			if n := len([]rune(line)); n > 80 {
				t.Errorf("a map line is %d columns wide: %q", n, line)
			}
		}
	}
	for _, p := range l.Listing.Panes {
		if !strings.Contains(text, p.ID) {
			t.Errorf("the text does not mention %s", p.ID)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestListPanesScopesAndFilters: the defaults and narrowing of each scope,
// and the limit.
func TestListPanesScopesAndFilters(t *testing.T) {
	t.Parallel()
	srv := tmuxtestStart(t)
	g := srv.Grid()
	main := srv.Display(g[0], "#{session_id}")
	w0 := srv.Display(g[0], "#{window_id}")
	w1 := srv.Must("new-window", "-d", "-t", "main:", "-P", "-F", "#{window_id}", "exec sh")
	srv.Must("new-session", "-d", "-s", "other", "exec sh")
	other := srv.Display("other:", "#{session_id}")
	self := tmux.Env{TMUX: srv.SocketPath() + ",1,0", TMUXPane: g[2]}
	f := startOn(t, srv, self, mcp.Options{})
	count := func(args map[string]any) (window, string) {
		var l window
		text := f.ok(t, "list_panes", args, &l)
		return l, text
	}
	if l, text := count(obj()); l.Listing.Scope != "window" || l.WindowID != w0 || len(l.Panes) != 4 ||
		!strings.HasPrefix(text, "You are "+g[2]+" in window "+w0+" of session "+main) || l.Listing.Caller == nil || l.Listing.Caller.Pane != g[2] {
		t.Errorf("no arguments: scope %q window %s, %d panes, caller %+v, text %q", l.Listing.Scope, l.WindowID, len(l.Panes), l.Listing.Caller, firstLine(text))
	}
	if l, _ := count(obj("scope", "session")); len(l.Listing.Windows) != 2 || len(l.Panes) != 5 {
		t.Errorf("scope session: %d windows, %d panes; want the caller's session: 2, 5", len(l.Listing.Windows), len(l.Panes))
	}
	if l, _ := count(obj("session", other)); l.Listing.Scope != "session" || len(l.Listing.Windows) != 1 || l.Listing.Windows[0].SessionID != other {
		t.Errorf("session %s alone: %+v", other, l.Listing.Windows)
	}
	if l, _ := count(obj("scope", "server", "window", w1)); len(l.Listing.Windows) != 1 || l.WindowID != w1 {
		t.Errorf("scope server narrowed to %s: %+v", w1, l.Listing.Windows)
	}
	if l, _ := count(obj("scope", "server", "session", main)); len(l.Listing.Windows) != 2 {
		t.Errorf("scope server narrowed to %s: %d windows", main, len(l.Listing.Windows))
	}
	if l, text := count(obj("scope", "server", "limit", 4)); !l.Listing.Truncated || len(l.Panes) > 4 || !strings.Contains(text, "Truncated") {
		t.Errorf("limit 4: truncated %v with %d panes", l.Listing.Truncated, len(l.Panes))
	}
	for _, bad := range []map[string]any{
		obj("session", "$1; kill-server"), obj("session", "main"), obj("session", ""), obj("window", ""), obj("session", "%1"), obj("window", "{marked}"),
		obj("window", "@1\nkill-server"), obj("scope", "everything"), obj("limit", 0), obj("limit", 5001), obj("limit", "9"),
	} {
		n := f.runs()
		text, meta := f.fail(t, "list_panes", bad)
		if meta.Kind != tmux.KindInvalidInput {
			t.Errorf("%v: %s %+v", bad, text, meta)
		}
		if f.runs() != n {
			t.Errorf("%v reached tmux", bad)
		}
	}
	if _, meta := f.fail(t, "list_panes", obj("session", "$999")); meta.Kind != tmux.KindGone {
		t.Errorf("a session that does not exist: %+v", meta)
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// TestListedNeighboursAreWhereSelectLands: for every pane of several
// layouts and every direction, after random focus histories, select_pane
// lands on one of the neighbours list_panes listed for that side, and the
// wraps flag says whether the move went round the window's edge.
func TestListedNeighboursAreWhereSelectLands(t *testing.T) {
	t.Parallel()
	srv := tmuxtestStart(t)
	f := startOn(t, srv, tmux.Env{}, mcp.Options{})
	rng := rand.New(rand.NewPCG(12, 1))
	for _, layout := range []struct {
		name   string
		panes  int
		layout string
	}{{"even-horizontal", 4, "even-horizontal"}, {"main-vertical", 4, "main-vertical"}, {"tiled 3x3", 9, "tiled"}, {"nested", 4, ""}} {
		t.Run(layout.name, func(t *testing.T) {
			var w, first string
			if _, err := fmt.Sscan(srv.Must("new-window", "-d", "-t", "main:", "-P", "-F", "#{window_id} #{pane_id}", "exec sh"), &w, &first); err != nil {
				t.Fatal(err)
			}
			if layout.layout == "" {
				r := srv.Must("split-window", "-h", "-t", first, "-P", "-F", "#{pane_id}", "exec sh")
				br := srv.Must("split-window", "-v", "-t", r, "-P", "-F", "#{pane_id}", "exec sh")
				srv.Must("split-window", "-h", "-t", br, "exec sh")
			} else {
				// One tmux client runs the splits and layouts in order.
				var cmds []string
				for range layout.panes - 1 {
					cmds = append(cmds, "split-window", "-t", first, "exec sh", ";", "select-layout", "-t", w, "tiled", ";")
				}
				srv.Must(append(cmds, "select-layout", "-t", w, layout.layout)...)
			}
			var l window
			f.ok(t, "list_panes", obj("window", w), &l)
			if len(l.Panes) != layout.panes {
				t.Fatalf("%d panes listed, want %d", len(l.Panes), layout.panes)
			}
			for round := range tmuxtest.Rounds(3, 1) {
				for _, p := range l.Panes {
					for d, s := range map[string]sideOf{"up": p.Neighbours.Up, "down": p.Neighbours.Down, "left": p.Neighbours.Left, "right": p.Neighbours.Right} {
						// The random focus history, then the read of the
						// active pane, in one tmux client.
						var history []string
						for range rng.IntN(3) {
							history = append(history, "select-pane", "-t", l.Panes[rng.IntN(len(l.Panes))].ID, ";")
						}
						before := srv.Active(p.ID, history...)
						var landed view
						f.ok(t, "select_pane", obj("pane", p.ID, "direction", d), &landed)
						if len(s.Panes) == 0 {
							// Nothing on that side: tmux does nothing at all.
							if landed.ID != before {
								t.Errorf("round %d: %s from %s moved to %s though no neighbour is listed", round, d, p.ID, landed.ID)
							}
						} else if !slices.Contains(s.Panes, landed.ID) {
							t.Errorf("round %d: %s from %s landed on %s, not among the listed %v (wraps %v)", round, d, p.ID, landed.ID, s.Panes, s.Wraps)
						}
						edge := map[string]string{"up": "pane_at_top", "down": "pane_at_bottom", "left": "pane_at_left", "right": "pane_at_right"}[d]
						if at := srv.Display(p.ID, "#{"+edge+"}") == "1"; at != s.Wraps {
							t.Errorf("%s of %s: wraps %v, tmux's %s is %v", d, p.ID, s.Wraps, edge, at)
						}
					}
				}
			}
		})
	}
}
