package mcp_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// placesFormat is each pane's id, place and size, and the window's
// active pane and layout: what an apply must give back.
const placesFormat = "#{pane_id} #{pane_left},#{pane_top} #{pane_width}x#{pane_height} #{pane_active}"

type savedLayout struct {
	Name     string `json:"name"`
	WindowID string `json:"window_id"`
	Panes    int    `json:"panes"`
	Layout   string `json:"layout"`
	Replaced bool   `json:"replaced"`
}

type appliedLayout struct {
	Name   string `json:"name"`
	DryRun bool   `json:"dry_run"`
	Layout string `json:"layout"`
	Moves  []struct {
		Pane      string `json:"pane"`
		Slot      int    `json:"slot"`
		MatchedBy string `json:"matched_by"`
	} `json:"moves"`
	Dropped []int `json:"dropped"`
}

type listedLayouts struct {
	Layouts []struct {
		Name   string  `json:"name"`
		Panes  int     `json:"panes"`
		Map    string  `json:"map"`
		Broken *string `json:"broken"`
	} `json:"layouts"`
}

// TestLayoutToolsRoundTrip saves a window's arrangement, scrambles it
// (a preset, a swap, a resize) and applies the layout back: every pane is
// back in its place with its size, the active pane is the same, and the
// window's layout string is the saved one. A dry run before changes
// nothing and answers the same layout.
func TestLayoutToolsRoundTrip(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := start(t, tmux.Env{}, mcp.Options{LayoutDir: dir})
	g := f.srv.Grid()
	f.srv.Must("resize-pane", "-t", g[0], "-R", "17", ";", "resize-pane", "-t", g[3], "-U", "6", ";", "select-pane", "-t", g[2])
	win := f.srv.Display(g[0], "#{window_id}")
	places := func() string { return f.srv.Must("list-panes", "-t", win, "-F", placesFormat) }
	want, wantLayout := places(), f.srv.Display(win, "#{window_layout}")

	var s savedLayout
	f.ok(t, "save_layout", obj("name", "dev", "window", win), &s)
	if s.Name != "dev" || s.WindowID != win || s.Panes != 4 || s.Layout != wantLayout || s.Replaced {
		t.Fatalf("save_layout answered %+v; want dev, %s, 4 panes, %s, not replaced", s, win, wantLayout)
	}
	if _, err := os.Stat(filepath.Join(dir, "dev.json")); err != nil {
		t.Fatalf("no layout file: %v", err)
	}
	if got := f.srv.Display(win, "#{@panemap-layout}"); got != "dev" {
		t.Errorf("the window's @panemap-layout is %q, want dev", got)
	}

	f.srv.Must("select-layout", "-t", win, "tiled", ";", "swap-pane", "-d", "-s", g[0], "-t", g[3],
		";", "resize-pane", "-t", g[1], "-D", "3", ";", "select-pane", "-t", g[1])
	scrambled, scrambledLayout := places(), f.srv.Display(win, "#{window_layout}")
	if scrambled == want {
		t.Fatal("the scramble changed nothing")
	}

	var dry appliedLayout
	f.ok(t, "apply_layout", obj("name", "dev", "window", win, "dry_run", true), &dry)
	if got := places(); got != scrambled || f.srv.Display(win, "#{window_layout}") != scrambledLayout {
		t.Fatalf("a dry run changed the window:\n%s\nwas:\n%s", got, scrambled)
	}
	if !dry.DryRun || dry.Layout != wantLayout {
		t.Errorf("dry run answered dry_run %v, layout %s; want true, %s", dry.DryRun, dry.Layout, wantLayout)
	}

	var a appliedLayout
	text := f.ok(t, "apply_layout", obj("name", "dev", "window", win), &a)
	if got := places(); got != want {
		t.Errorf("after apply_layout the panes are\n%s\nwant\n%s", got, want)
	}
	if got := f.srv.Display(win, "#{window_layout}"); got != wantLayout || a.Layout != wantLayout {
		t.Errorf("after apply_layout the layout is %s (answered %s), want %s", got, a.Layout, wantLayout)
	}
	if len(a.Moves) != 4 {
		t.Errorf("apply_layout answered %d moves, want 4", len(a.Moves))
	}
	for _, m := range a.Moves {
		if m.MatchedBy != "id" {
			t.Errorf("pane %s matched slot %d by %s, want id", m.Pane, m.Slot, m.MatchedBy)
		}
	}
	if !strings.Contains(text, "dev") {
		t.Errorf("apply_layout's text does not name the layout: %s", text)
	}

	var l listedLayouts
	f.ok(t, "list_layouts", obj(), &l)
	if len(l.Layouts) != 1 || l.Layouts[0].Name != "dev" || l.Layouts[0].Panes != 4 || l.Layouts[0].Broken != nil || l.Layouts[0].Map == "" {
		t.Errorf("list_layouts answered %+v; want dev with 4 panes and a map", l)
	}

	var s2 savedLayout
	f.ok(t, "save_layout", obj("name", "dev", "window", win, "overwrite", true), &s2)
	if !s2.Replaced {
		t.Error("save_layout over dev with overwrite did not say it replaced it")
	}
	var d struct {
		Deleted bool `json:"deleted"`
	}
	f.ok(t, "delete_layout", obj("name", "dev"), &d)
	if _, err := os.Stat(filepath.Join(dir, "dev.json")); !os.IsNotExist(err) || !d.Deleted {
		t.Errorf("delete_layout left the file (%v) or said deleted %v", err, d.Deleted)
	}
}

// TestLayoutToolsRefuse: each bad input is an error naming what is wrong,
// and nothing changes: no file, no pane moved.
func TestLayoutToolsRefuse(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := start(t, tmux.Env{}, mcp.Options{LayoutDir: dir})
	g := f.srv.Grid()
	win := f.srv.Display(g[0], "#{window_id}")
	f.ok(t, "save_layout", obj("name", "kept", "window", win), &savedLayout{})
	if err := os.WriteFile(filepath.Join(dir, "broken.json"), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	before := f.srv.Must("list-panes", "-t", win, "-F", placesFormat)
	files := func() []string {
		entries, _ := os.ReadDir(dir)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
	wantFiles := strings.Join(files(), " ")
	long := strings.Repeat("x", 65)
	cases := []struct {
		tool string
		args map[string]any
		want string // in the error's text
	}{
		{"save_layout", obj("name", "", "window", win), "name"},
		{"save_layout", obj("name", long, "window", win), "65 characters"},
		{"save_layout", obj("name", "a/b", "window", win), "a/b"},
		{"save_layout", obj("name", "..", "window", win), ".."},
		{"save_layout", obj("name", "a\x01b", "window", win), "name"},
		{"save_layout", obj("name", ".hidden", "window", win), ".hidden"},
		{"save_layout", obj("name", "kept", "window", win), "kept"},
		{"save_layout", obj("name", "new", "window", "@999"), "@999"},
		{"save_layout", obj("name", "new", "window", "main"), "main"},
		{"apply_layout", obj("name", "nosuch", "window", win), "nosuch"},
		{"apply_layout", obj("name", "broken", "window", win), "broken"},
		{"apply_layout", obj("name", "kept", "window", "@999"), "@999"},
		{"apply_layout", obj("name", "../kept", "window", win), "../kept"},
		{"delete_layout", obj("name", "nosuch"), "nosuch"},
		{"delete_layout", obj("name", "a/b"), "a/b"},
	}
	for _, c := range cases {
		text, _ := f.fail(t, c.tool, c.args)
		if !strings.Contains(text, c.want) {
			t.Errorf("%s(%s): error %q does not name %q", c.tool, short(c.args), text, c.want)
		}
	}
	if got := f.srv.Must("list-panes", "-t", win, "-F", placesFormat); got != before {
		t.Errorf("refused calls changed the window:\n%s\nwas:\n%s", got, before)
	}
	if got := strings.Join(files(), " "); got != wantFiles {
		t.Errorf("refused calls changed the layout files: %s, were %s", got, wantFiles)
	}
	var l listedLayouts
	f.ok(t, "list_layouts", obj(), &l)
	if len(l.Layouts) != 2 || l.Layouts[0].Name != "broken" || l.Layouts[0].Broken == nil || l.Layouts[1].Name != "kept" {
		t.Errorf("list_layouts answered %+v; want broken (with a reason) and kept", l)
	}
}
