package layoutlist

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/internal/golden"
	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
)

// window is a window of the given layout body (a layout string without
// its checksum), its panes numbered in the body's reading order, each
// running the command of cmds at its place.
func window(t *testing.T, id, body string, cmds ...string) *tmux.Window {
	t.Helper()
	s := fmt.Sprintf("%04x,%s", tmux.LayoutChecksum(body), body)
	cells, err := tmux.ParseLayout(s)
	if err != nil {
		t.Fatal(err)
	}
	nums := make([]int, 0, len(cells))
	for n := range cells {
		nums = append(nums, n)
	}
	slices.Sort(nums)
	root, _ := tmux.ParseLayoutTree(s)
	w := &tmux.Window{ID: tmux.WindowID(id), Name: "w", Width: root.Width, Height: root.Height, Layout: s}
	for i, n := range nums {
		r := cells[n]
		w.Panes = append(w.Panes, tmux.Pane{ID: tmux.PaneID(fmt.Sprintf("%%%d", n)), Index: i, WindowID: w.ID, Active: i == 0,
			Left: r.Left, Top: r.Top, Width: r.Width, Height: r.Height, Command: cmds[i%len(cmds)], Path: "/home/u", Title: "host"})
	}
	return w
}

// The windows the tests save and apply: two side by side, and three
// (a column beside two stacked), 80x24.
const (
	twoBody   = "80x24,0,0{40x24,0,0,1,39x24,41,0,2}"
	threeBody = "80x24,0,0{50x24,0,0,1,29x24,51,0[29x12,51,0,2,29x11,51,13,3]}"
)

var v33 = tmux.Version{Raw: "3.3a", Major: 3, Minor: 3}

// saved is a store in a temporary directory holding w's layout under
// each name, saved at a fixed time.
func saved(t *testing.T, w *tmux.Window, names ...string) *layouts.Store {
	t.Helper()
	store := &layouts.Store{Dir: filepath.Join(t.TempDir(), "layouts")}
	for i, n := range names {
		l, err := layouts.FromWindow(n, w, v33, time.Date(2026, 12, 1, 9, i, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		if err := store.Save(l, false); err != nil {
			t.Fatal(err)
		}
	}
	return store
}

// send gives the view each message in turn, running the commands they
// return (the store's work) and giving it their answers, as Bubble Tea
// does; it returns the last action.
func send(t *testing.T, m Model, msgs ...tea.Msg) (Model, Action) {
	t.Helper()
	var act Action
	for _, msg := range msgs {
		var cmd tea.Cmd
		m, cmd, act = m.Update(msg)
		for cmd != nil {
			m, cmd, act = m.Update(cmd())
		}
	}
	return m, act
}

func keys(s ...string) []tea.Msg {
	var out []tea.Msg
	for _, k := range s {
		switch k {
		case "enter":
			out = append(out, tea.KeyPressMsg{Code: tea.KeyEnter})
		case "esc":
			out = append(out, tea.KeyPressMsg{Code: tea.KeyEscape})
		case "down":
			out = append(out, tea.KeyPressMsg{Code: tea.KeyDown})
		default:
			for _, r := range k {
				out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
			}
		}
	}
	return out
}

// open is the view on store for w, listed, 80x40 without colour.
func open(t *testing.T, store *layouts.Store, w *tmux.Window, save bool) Model {
	t.Helper()
	m := New(store, w, v33, save, DefaultStyles(false))
	m.SetSize(80, 40)
	m, _ = send(t, m, m.Init()())
	return m
}

// retype replaces the open prompt's text with text, as ctrl+u and a
// paste do.
func retype(t *testing.T, m Model, text string) Model {
	t.Helper()
	m, _ = send(t, m, tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	if text != "" {
		m, _ = send(t, m, tea.PasteMsg{Content: text})
	}
	if m.input.Value() != text {
		t.Fatalf("prompt holds %q, want %q", m.input.Value(), text)
	}
	return m
}

func screen(m Model) string { return ansi.Strip(m.View()) }

func names(m Model) []string {
	var out []string
	for _, i := range m.shown {
		out = append(out, m.entries[i].Name)
	}
	return out
}

// TestListGolden: each layout a small map with its pane count and when
// it was saved, a broken file with its reason, and under them the plan
// for the chosen one on the window: each pane labelled with its slot.
func TestListGolden(t *testing.T) {
	three := window(t, "@1", threeBody, "vim", "make", "bash")
	store := saved(t, three, "dev", "logs")
	two := window(t, "@2", twoBody, "bash")
	l, _ := layouts.FromWindow("pair", two, v33, time.Date(2026, 12, 2, 10, 30, 0, 0, time.UTC))
	if err := store.Save(l, false); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(store.Dir, "broken.json"), []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := open(t, store, three, false)
	golden.Check(t, "list-80x40", screen(m))
	if got := names(m); !slices.Equal(got, []string{"broken", "dev", "logs", "pair"}) {
		t.Errorf("listed %q", got)
	}
	// The chosen layout has two slots for the window's three panes: the
	// plan says which pane gets a new slot.
	m, _ = send(t, m, keys("down", "down", "down")...)
	golden.Check(t, "plan-new-slot-80x40", screen(m))
	// Three slots for a window of two: the plan says which is dropped.
	m = open(t, store, two, false)
	m, _ = send(t, m, keys("down")...)
	golden.Check(t, "plan-dropped-slot-80x40", screen(m))
}

// TestFilter: / narrows the list to the names holding what is typed, as
// it is typed; Enter keeps the filter, Esc in the filter clears it.
func TestFilter(t *testing.T) {
	w := window(t, "@1", twoBody, "bash")
	m := open(t, saved(t, w, "dev", "devops", "logs"), w, false)
	m, _ = send(t, m, keys("/", "dev")...)
	if got := names(m); !slices.Equal(got, []string{"dev", "devops"}) {
		t.Errorf("filter dev: %q", got)
	}
	m, _ = send(t, m, keys("o", "enter")...)
	if got := names(m); !slices.Equal(got, []string{"devops"}) || m.Selected().Name != "devops" {
		t.Errorf("filter devo: %q", got)
	}
	if !strings.Contains(screen(m), `1 of 3 match "devo"`) {
		t.Errorf("title does not say the filter:\n%s", screen(m))
	}
	m, _ = send(t, m, keys("/", "esc")...)
	if got := names(m); len(got) != 3 {
		t.Errorf("esc kept the filter: %q", got)
	}
}

// TestDeleteAsksFirst: d asks; n keeps the file, y deletes it.
func TestDeleteAsksFirst(t *testing.T) {
	w := window(t, "@1", twoBody, "bash")
	store := saved(t, w, "dev", "logs")
	m := open(t, store, w, false)
	m, _ = send(t, m, keys("d")...)
	if !strings.Contains(screen(m), "delete layout dev? (y/n)") {
		t.Fatalf("no question:\n%s", screen(m))
	}
	m, _ = send(t, m, keys("n")...)
	if _, err := store.Load("dev"); err != nil {
		t.Fatalf("n deleted it: %v", err)
	}
	m, _ = send(t, m, keys("d", "y")...)
	if _, err := store.Load("dev"); err == nil {
		t.Fatal("y did not delete it")
	}
	if got := names(m); !slices.Equal(got, []string{"logs"}) || !strings.Contains(screen(m), "deleted dev") {
		t.Errorf("after delete: %q\n%s", got, screen(m))
	}
}

// TestRename: r renames; a taken name is asked about, n leaves both as
// they were, y overwrites; a bad name is refused in the prompt, which
// stays open with the reason.
func TestRename(t *testing.T) {
	w := window(t, "@1", twoBody, "bash")
	store := saved(t, w, "dev", "logs")
	m := open(t, store, w, false)
	m, _ = send(t, m, keys("r")...)
	m, _ = send(t, m, tea.PasteMsg{Content: "/x"}, keys("enter")[0])
	if m.typing != typingRename || !strings.Contains(screen(m), "/") {
		t.Fatalf("bad name not refused in the prompt:\n%s", screen(m))
	}
	m, _ = send(t, m, keys("esc", "r")...)
	m = retype(t, m, "logs")
	m, _ = send(t, m, keys("enter")...)
	if !strings.Contains(screen(m), "layout logs exists: overwrite it? (y/n)") {
		t.Fatalf("no overwrite question:\n%s", screen(m))
	}
	m, _ = send(t, m, keys("n")...)
	if got := names(m); !slices.Equal(got, []string{"dev", "logs"}) {
		t.Fatalf("n changed the store: %q", got)
	}
	m, _ = send(t, m, keys("r")...)
	m = retype(t, m, "logs")
	m, _ = send(t, m, keys("enter", "y")...)
	if got := names(m); !slices.Equal(got, []string{"logs"}) || m.Selected().Raw != w.Layout {
		t.Fatalf("y did not rename over logs: %q", got)
	}
	m, _ = send(t, m, keys("r")...)
	m = retype(t, m, "fresh")
	m, _ = send(t, m, keys("enter")...)
	if got := names(m); !slices.Equal(got, []string{"fresh"}) || m.Selected().Name != "fresh" {
		t.Errorf("rename to fresh: %q", got)
	}
}

// TestSaveAsksBeforeOverwrite: S opens with the name prompt; a new name
// saves at once (Saved), a taken one asks, and y replaces the file with
// the window as it is now.
func TestSaveAsksBeforeOverwrite(t *testing.T) {
	two := window(t, "@1", twoBody, "bash")
	store := saved(t, two, "dev")
	three := window(t, "@1", threeBody, "vim", "make", "bash")
	m := open(t, store, three, true)
	m.now = func() time.Time { return time.Date(2026, 12, 7, 5, 0, 0, 0, time.UTC) }
	m, act := send(t, m, keys("new", "enter")...)
	if act != Saved {
		t.Fatalf("action %d, want Saved", act)
	}
	if l, err := store.Load("new"); err != nil || l.Raw != three.Layout {
		t.Fatalf("saved %v, %v", l, err)
	}
	m, _ = send(t, m, keys("S", "dev", "enter")...)
	if !strings.Contains(screen(m), "layout dev exists: overwrite it? (y/n)") {
		t.Fatalf("no question:\n%s", screen(m))
	}
	m, act = send(t, m, keys("n")...)
	if l, _ := store.Load("dev"); act == Saved || l.Raw != two.Layout {
		t.Fatalf("n overwrote dev (action %d)", act)
	}
	m, _ = send(t, m, keys("S", "dev", "enter")...)
	_, act = send(t, m, keys("y")...)
	if l, _ := store.Load("dev"); act != Saved || l.Raw != three.Layout || len(l.Slots) != 3 {
		t.Fatalf("y did not overwrite dev (action %d)", act)
	}
}

// TestSaveRefusesBadNames: CheckName's refusals show in the prompt,
// which stays open, and nothing is written; Esc on the name of a view
// opened to save goes back to the map.
func TestSaveRefusesBadNames(t *testing.T) {
	w := window(t, "@1", twoBody, "bash")
	store := saved(t, w)
	m := open(t, store, w, true)
	for _, bad := range []string{"", ".hidden", "a/b", ".."} {
		m = retype(t, m, bad)
		var act Action
		m, act = send(t, m, keys("enter")...)
		if act != None || m.typing != typingSave || m.input.Value() != bad {
			t.Errorf("%q: action %d, typing %d", bad, act, m.typing)
		}
		if !strings.Contains(screen(m), "name") {
			t.Errorf("%q: no reason shown:\n%s", bad, screen(m))
		}
	}
	if entries, _ := store.List(); len(entries) != 0 {
		t.Errorf("bad names wrote %d files", len(entries))
	}
	if _, act := send(t, m, keys("esc")...); act != Back {
		t.Errorf("esc on the name: action %d, want Back", act)
	}
}

// TestApply: Enter answers Apply for a readable layout, and ApplyOp is
// the apply of its plan on the window as the state has it; a broken
// file is not applied.
func TestApply(t *testing.T) {
	w := window(t, "@1", threeBody, "vim", "make", "bash")
	store := saved(t, w, "dev")
	if err := os.WriteFile(filepath.Join(store.Dir, "bad.json"), []byte(`{"version": 99}`), 0o644); err != nil {
		t.Fatal(err)
	}
	m := open(t, store, w, false)
	m, act := send(t, m, keys("enter")...) // bad is first
	if act != None || !strings.Contains(screen(m), "bad cannot be read") {
		t.Errorf("broken file: action %d\n%s", act, screen(m))
	}
	m, act = send(t, m, keys("down", "enter")...)
	if act != Apply {
		t.Fatalf("action %d, want Apply", act)
	}
	p, name, err := m.ApplyPlan(&tmux.State{Windows: []*tmux.Window{w}}, w.ID)
	if err != nil || name != "dev" || p == nil || p.Window != w.ID || len(p.Moves) != 3 {
		t.Fatalf("ApplyPlan = %+v, %q, %v", p, name, err)
	}
	if _, _, err := m.ApplyPlan(&tmux.State{}, w.ID); tmux.KindOf(err) != tmux.KindGone {
		t.Errorf("gone window: %v", err)
	}
}
