package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
)

// hostileWindow opens a window named (and renames its session) and
// filled to break a binding's
// quoting: each pane runs sleep under a name (argv[0], what tmux shows
// as #{pane_current_command}) holding quotes, a newline, ';', #{…},
// #(…), $(…), backquotes, '|', '%', unicode and a byte that is not
// UTF-8. tmux cuts a command at its first space (parse_window_name), so
// none has one: ${IFS} is the space a shell would put back. marks are
// files that exist only if something ran one of the names. It returns
// the window's id, made current, and its panes.
func hostileWindow(t *testing.T, srv *tmuxtest.Server) (win string, panes, marks []string) {
	t.Helper()
	dir := t.TempDir()
	for i := range 3 {
		marks = append(marks, filepath.Join(dir, "ran"+string(rune('a'+i))))
	}
	names := []string{
		"q';kill-server;'x",
		"n\nl;kill-server;x",
		"f#{pane_id}#(touch${IFS}" + marks[0] + ")x",
		"d$(touch${IFS}" + marks[1] + ")`touch${IFS}" + marks[2] + "`x",
		"u\u00fc\u2713\xff\x01|%41%7C%x",
		"b\\\"x'\"y",
	}
	run := func(name string) []string { return []string{"bash", "-c", `exec -a "$0" sleep 1000`, name} }
	win = srv.Must(append([]string{"new-window", "-t", "main", "-P", "-F", "#{window_id}"}, run(names[0])...)...)
	// The renames expand their names as formats: ## keeps a # as it is.
	sess := srv.Display(win, "#{session_id}")
	srv.Must("rename-session", "-t", sess, "s';kill-server;'##{pane_id}|%7C")
	srv.Must("rename-window", "-t", win, "w';kill-server;'##{pane_id}##(touch${IFS}"+marks[0]+")")
	panes = []string{srv.Display(win, "#{pane_id}")}
	for _, name := range names[1:] {
		panes = append(panes, srv.Must(append([]string{"split-window", "-t", win, "-P", "-F", "#{pane_id}"}, run(name)...)...))
		srv.Must("select-layout", "-t", win, "tiled")
	}
	for i, p := range panes {
		waitNamed(t, srv, p, names[i])
	}
	return win, panes, marks
}

// waitNamed waits until pane p's process runs under name (its argv[0]
// in /proc: tmux 3.7 and later show no command for a name with a
// control character).
func waitNamed(t *testing.T, srv *tmuxtest.Server, p, name string) {
	t.Helper()
	cmdline := filepath.Join("/proc", srv.Display(p, "#{pane_pid}"), "cmdline")
	deadline := time.Now().Add(wait)
	for {
		b, _ := os.ReadFile(cmdline)
		if argv0, _, _ := strings.Cut(string(b), "\x00"); argv0 == name {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("pane %s does not run %q: %q", p, name, b)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// nothingRan fails when a hostile name ran: a mark exists, or the
// server is gone.
func nothingRan(t *testing.T, srv *tmuxtest.Server, marks []string) {
	t.Helper()
	for _, m := range marks {
		if _, err := os.Stat(m); err == nil {
			t.Errorf("a name ran a command: %s exists", m)
		}
	}
	if _, err := srv.Run("display-message", "-p", "x"); err != nil {
		t.Errorf("the server is gone: %v", err)
	}
}

// expandState expands stateFormat as the binding does, in pane p's
// context, through run-shell -C and tmux's command parser, and returns
// the word the parser made of it.
func expandState(t *testing.T, srv *tmuxtest.Server, p string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "state")
	srv.Must("run-shell", "-t", p, "-C", "set-buffer -b pmstate '"+stateFormat+"'")
	srv.Must("save-buffer", "-b", "pmstate", out)
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestStateFormatOnTmux: the snapshot the binding expands on this tmux,
// in a window of hostile names, is one word that reads back as the
// window the read sees (commands exact but for control characters, which
// come back as DEL, and bytes that are not UTF-8, dropped), zoomed or
// with a floating pane too, runs nothing, and says whether the first
// frame's options are their defaults.
func TestStateFormatOnTmux(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 120, 40)
	win, panes, marks := hostileWindow(t, srv)
	srv.Must("select-pane", "-m", "-t", panes[2])
	snap := sameAsTheRead(t, srv, win, panes[0])
	nothingRan(t, srv, marks)
	if snap.State.Marked != tmux.PaneID(panes[2]) {
		t.Errorf("marked %s, want %s", snap.State.Marked, panes[2])
	}
	// Zoomed, the map draws the unzoomed layout, as the read does; and
	// from tmux 3.7 a floating pane floats where the read has it.
	srv.Must("resize-pane", "-Z", "-t", panes[1])
	sameAsTheRead(t, srv, win, panes[1])
	srv.Must("resize-pane", "-Z", "-t", panes[1])
	if srv.AtLeast(3, 7) {
		srv.Must("new-pane", "-t", panes[3], "-x", "20", "-y", "5", "sh")
		sameAsTheRead(t, srv, win, panes[3])
	}
	for _, c := range []struct {
		option, value string
		defaults      bool
	}{{"@panemap-color", "auto", true}, {"@panemap-esc", "revert", true}, {"@panemap-color", "never", false}, {"@panemap-esc", "keep", false}} {
		srv.Must("set", "-g", c.option, c.value)
		snap, err := tmux.ParseSnapshot(expandState(t, srv, panes[0]))
		if err != nil {
			t.Fatal(err)
		}
		all := true
		for _, d := range snap.Defaults {
			all = all && d
		}
		if len(snap.Defaults) != 2 || all != c.defaults {
			t.Errorf("%s %s: defaults %v", c.option, c.value, snap.Defaults)
		}
		srv.Must("set", "-gu", c.option)
	}
}

// sameAsTheRead expands the snapshot in pane p's context and checks that
// window win in it is the read's, but for what the snapshot leaves out.
func sameAsTheRead(t *testing.T, srv *tmuxtest.Server, win, p string) *tmux.Snapshot {
	t.Helper()
	snap, err := tmux.ParseSnapshot(expandState(t, srv, p))
	if err != nil {
		t.Fatal(err)
	}
	open, err := execClient(srv).ReadOpening(t.Context(), snap.State.Session, nil)
	if err != nil {
		t.Fatal(err)
	}
	read, _ := open.State.Window(tmux.WindowID(win))
	got, ok := snap.State.Window(tmux.WindowID(win))
	if snap.Window != tmux.WindowID(win) || !ok || read == nil || len(got.Panes) != len(read.Panes) || got.Name != read.Name || got.Zoomed != read.Zoomed ||
		snap.State.SessionName != open.State.SessionName {
		t.Fatalf("snapshot window %s %+v; the read's %+v", snap.Window, got, read)
	}
	for i, p := range got.Panes {
		r := read.Panes[i]
		r.Command = strings.Map(func(c rune) rune {
			if c < 0x20 || c == 0x7f {
				return 0x7f
			}
			return c
		}, strings.ToValidUTF8(r.Command, ""))
		r.Path, r.Title, r.Last = "", "", false
		if p != r {
			t.Errorf("snapshot pane %+v, the read's %+v", p, r)
		}
	}
	return snap
}

// TestFirstFrameOnlyWhenItFits: the snapshot is drawn only for the
// window and session the binding names, with the first frame's options
// at their defaults; anything else waits for the read.
func TestFirstFrameOnlyWhenItFits(t *testing.T) {
	t.Parallel()
	const good = "1|11|0|$0|main|@0|100|30|0|a9f6,100x30,0,0,0|w|@0|0|1|0|0|0||sh|p|%0|0|1|0|0||0|0|100|30||||sh|"
	if _, err := tmux.ParseSnapshot(good); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		state string
		sid   tmux.SessionID
		wid   tmux.WindowID
		draw  bool
	}{
		{good, "$0", "@0", true},
		{good, "$0", "", true},
		{good, "$1", "@0", false},
		{good, "$0", "@1", false},
		{strings.Replace(good, "|11|", "|10|", 1), "$0", "@0", false},
		{strings.Replace(good, "|11|", "|1|", 1), "$0", "@0", false},
		{"", "$0", "@0", false},
		{strings.Replace(good, "%0|0|1|", "%0|0|0|", 1), "$0", "@0", false},
	} {
		nf := &navigatorFlags{state: c.state}
		if got := nf.firstFrame(c.sid, c.wid) != nil; got != c.draw {
			t.Errorf("%q for %s:%s: drawn %v, want %v", c.state, c.sid, c.wid, got, c.draw)
		}
	}
}

// TestSnapshotFormatHasOneHome: the snapshot format is written out in
// tmux/snapshot.go only; every binding (panemap init tmux, the plugin
// through it) and every reader takes it from there. A copy anywhere else
// in the repository (a script, a README line, a test) would drift from
// it. The pieces looked for are built here, so this file holds none.
func TestSnapshotFormatHasOneHome(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		t.Skipf("git ls-files: %v", err)
	}
	pieces := []string{"s/[" + "|]/%7C/", "#{pane_marked_set" + "}|", "#{P:" + "p|#{pane_id}"}
	for _, name := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		if name == "tmux/snapshot.go" {
			continue
		}
		text, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			continue // a file deleted in the worktree
		}
		for _, p := range pieces {
			if strings.Contains(string(text), p) {
				t.Errorf("%s holds %q, a piece of the snapshot format: take it from tmux.SnapshotFormat", name, p)
			}
		}
	}
}
