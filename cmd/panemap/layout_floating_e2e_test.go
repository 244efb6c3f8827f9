package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// floatingWindow is main:0 split in three tiled panes with a floating
// one over them (tmux 3.8), each with its line printed.
func (e *layoutEnv) floatingWindow() (string, []string) {
	e.t.Helper()
	w := strings.TrimSpace(e.srv.Must("display-message", "-p", "-t", "main:0", "#{window_id}"))
	a := e.srv.Active(w)
	b := e.split(a, "-h")
	c := e.split(b, "-v")
	f := strings.TrimSpace(e.srv.Must("new-pane", "-d", "-t", w, "-x", "40", "-y", "10", "-X", "5", "-Y", "3", "-P", "-F", "#{pane_id}", "exec sh"))
	e.srv.Must("resize-pane", "-t", a, "-x", "90", ";", "select-pane", "-t", c)
	e.mark(a, b, c, f)
	return w, []string{a, b, c, f}
}

const floatingLine = "#{pane_id} #{pane_index} #{pane_floating_flag} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}#{?pane_active, active,}"

// TestE2ELayoutApplyFloating (tmux 3.8): a window saved with a floating
// pane, its floating pane moved and resized, two tiled panes swapped and
// one resized, comes back as saved: every pane's place, size and
// floating state, the ids, the active pane, #{window_layout} with its
// floating part, and each pane's line.
func TestE2ELayoutApplyFloating(t *testing.T) {
	t.Parallel()
	e := newLayoutEnv(t, tmuxtest.Start(t, 160, 48))
	if !e.srv.AtLeast(3, 8) {
		t.Skipf("tmux %s has no floating panes to save (3.8 has)", e.srv.Version())
	}
	w, p := e.floatingWindow()
	saved := e.srv.Must("list-panes", "-t", w, "-F", floatingLine)
	savedWindow := e.window(w)
	e.must("layout", "save", "fl", "-t", w)
	e.srv.Must("move-pane", "-t", p[3], "-X", "60", "-Y", "20", ";", "resize-pane", "-t", p[3], "-x", "30", "-y", "8", ";",
		"swap-pane", "-d", "-s", p[0], "-t", p[2], ";", "resize-pane", "-t", p[1], "-x", "50", ";", "select-pane", "-t", p[0])
	if e.srv.Must("list-panes", "-t", w, "-F", floatingLine) == saved {
		t.Fatal("the scramble changed nothing")
	}
	e.must("layout", "apply", "fl", "-t", w)
	if got := e.srv.Must("list-panes", "-t", w, "-F", floatingLine); got != saved {
		t.Errorf("tmux %s: after apply the panes are\n%s\nwant\n%s", e.srv.Version(), got, saved)
	}
	if got := e.window(w); got != savedWindow {
		t.Errorf("after apply window_layout and zoom are %s, want %s", got, savedWindow)
	}
	e.marked(p...)
}

// TestE2ELayoutFloatingSavedAppliedOnOlderTmux: a layout saved on tmux
// 3.8 with a floating pane, applied on an older tmux (3.3a where it is
// installed), gives the window its tiled part and says the floating pane
// was left out. It runs with master in PATH and an older tmux among
// tmuxtest's binaries.
func TestE2ELayoutFloatingSavedAppliedOnOlderTmux(t *testing.T) {
	t.Parallel()
	inPath, others := tmuxtest.OtherVersions(t)
	if !inPath.AtLeast(3, 8) {
		t.Skipf("tmux %s in PATH: the layout is saved by tmux 3.8", inPath.Version)
	}
	var older tmuxtest.Binary
	for _, b := range others {
		if !b.AtLeast(3, 7) && (older.Path == "" || b.Version == "3.3a") {
			older = b
		}
	}
	if older.Path == "" {
		t.Skip("no tmux older than 3.7 to apply the layout on")
	}
	master := newLayoutEnv(t, tmuxtest.Start(t, 160, 48))
	w, _ := master.floatingWindow()
	master.must("layout", "save", "fl", "-t", w)
	if l := master.load("fl"); len(l.Floating) != 1 || len(l.Slots) != 3 {
		t.Fatalf("saved %d tiled slots and %d floating panes, want 3 and 1", len(l.Slots), len(l.Floating))
	}

	// The same layouts directory, another server, panemap finding that
	// server's tmux first in PATH.
	e := newLayoutEnv(t, tmuxtest.StartFrom(t, older.Path, 160, 48))
	e.config, e.path = master.config, filepath.Dir(older.Path)+string(os.PathListSeparator)+os.Getenv("PATH")
	w2 := strings.TrimSpace(e.srv.Must("display-message", "-p", "-t", "main:0", "#{window_id}"))
	a := e.srv.Active(w2)
	b := e.split(a, "-v")
	c := e.split(b, "-h")
	e.mark(a, b, c)
	out := e.must("layout", "apply", "fl", "-t", w2)
	if !strings.Contains(out, "left out: floating pane") {
		t.Errorf("tmux %s: apply does not say the floating pane was left out:\n%s", older.Version, out)
	}
	layout, _, _ := strings.Cut(e.window(w2), " ")
	if strings.Contains(layout, "<") {
		t.Errorf("window_layout %s has a floating part", layout)
	}
	// Three tiled slots, three panes: the tiled part as saved (the
	// sizes are the saved ones: the windows are the same size).
	widths := strings.Split(e.srv.Must("list-panes", "-t", w2, "-F", "#{pane_width}x#{pane_height}"), "\n")
	var saved []string
	for _, line := range strings.Split(master.srv.Must("list-panes", "-t", w, "-F", "#{?pane_floating_flag,,#{pane_width}x#{pane_height}}"), "\n") {
		if line != "" {
			saved = append(saved, line)
		}
	}
	if strings.Join(widths, " ") != strings.Join(saved, " ") {
		t.Errorf("tmux %s: the tiled panes are %v, want the saved %v", older.Version, widths, saved)
	}
	e.marked(a, b, c)
}
