package serverview

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/tmux"
)

// win is a window of session s: n panes side by side, the first active.
func win(s tmux.SessionID, sname string, id tmux.WindowID, index int, name string, firstPane, n int) *tmux.Window {
	w := &tmux.Window{ID: id, Index: index, Name: name, SessionID: s, SessionName: sname, Width: 80, Height: 24}
	width := 80 / n
	for i := range n {
		w.Panes = append(w.Panes, tmux.Pane{ID: tmux.PaneID(fmt.Sprintf("%%%d", firstPane+i)), WindowID: id, Index: i,
			Left: i * width, Width: width - 1, Height: 24, Active: i == 0, Command: "sh"})
	}
	return w
}

// server is two sessions: work (@1 two panes, current; @2 one pane with a
// bell) and play (@3 three panes).
func server() []*tmux.Window {
	w1 := win("$1", "work", "@1", 0, "edit", 0, 2)
	w1.Active = true
	w2 := win("$1", "work", "@2", 1, "logs", 2, 1)
	w2.Bell = true
	w3 := win("$2", "play", "@3", 0, "game", 3, 3)
	w3.Active = true
	return []*tmux.Window{w1, w2, w3}
}

func press(m Model, keys ...string) (Model, Action) {
	var a Action
	for _, k := range keys {
		var msg tea.KeyPressMsg
		switch k {
		case "up":
			msg = tea.KeyPressMsg{Code: tea.KeyUp}
		case "down":
			msg = tea.KeyPressMsg{Code: tea.KeyDown}
		case "left":
			msg = tea.KeyPressMsg{Code: tea.KeyLeft}
		case "right":
			msg = tea.KeyPressMsg{Code: tea.KeyRight}
		case "tab":
			msg = tea.KeyPressMsg{Code: tea.KeyTab}
		case "shift+tab":
			msg = tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
		case "enter":
			msg = tea.KeyPressMsg{Code: tea.KeyEnter}
		case "esc":
			msg = tea.KeyPressMsg{Code: tea.KeyEscape}
		default:
			msg = tea.KeyPressMsg{Code: rune(k[0]), Text: k}
		}
		m, a = m.Update(msg)
	}
	return m, a
}

func open(t *testing.T, windows []*tmux.Window, w, h int) Model {
	t.Helper()
	m := New(windows, Target{"$1", "@1", "%0"}, DefaultStyles(false))
	m.SetSize(w, h)
	return m
}

// TestViewShowsTheServer: every session is named, every window titled
// with its marks, every pane shown with its id and a label.
func TestViewShowsTheServer(t *testing.T) {
	m := open(t, server(), 100, 30)
	scr := ansi.Strip(m.View())
	for _, want := range []string{"work  $1 · 2 windows", "play  $2 · 1 window", "0:edit*", "1:logs!", "0:game*",
		"%0", "%1", "%2", "%3", "%4", "%5", "2 sessions · 3 windows · 6 panes"} {
		if !strings.Contains(scr, want) {
			t.Errorf("view lacks %q:\n%s", want, scr)
		}
	}
	for _, p := range m.Panes() {
		if l := m.Label(p); l == "" || !strings.Contains(scr, " "+l+" ") {
			t.Errorf("pane %s: label %q not on screen", p.Pane, l)
		}
	}
	if lines := strings.Split(m.View(), "\n"); len(lines) != 30 || ansi.StringWidth(lines[0]) != 100 {
		t.Errorf("view is %d lines (first %d wide), want 30 x 100", len(lines), ansi.StringWidth(lines[0]))
	}
}

// TestMoves: arrows move within a window, then to the window beside it;
// Tab walks every pane of the server, wrapping.
func TestMoves(t *testing.T) {
	m := open(t, server(), 100, 30)
	for _, tc := range []struct {
		keys []string
		want Target
	}{
		{[]string{"right"}, Target{"$1", "@1", "%1"}},
		{[]string{"right", "right"}, Target{"$1", "@2", "%2"}},
		{[]string{"right", "right", "left"}, Target{"$1", "@1", "%0"}}, // to the window's active pane
		{[]string{"down"}, Target{"$2", "@3", "%3"}},
		{[]string{"down", "up"}, Target{"$1", "@1", "%0"}},
		{[]string{"tab", "tab", "tab"}, Target{"$2", "@3", "%3"}},
		{[]string{"shift+tab"}, Target{"$2", "@3", "%5"}},
	} {
		got, a := press(m, tc.keys...)
		if got.Selected() != tc.want || a != None {
			t.Errorf("%v: selected %+v (action %d), want %+v", tc.keys, got.Selected(), a, tc.want)
		}
	}
	if _, a := press(m, "enter"); a != Jump {
		t.Errorf("enter: action %d, want Jump", a)
	}
	for _, k := range []string{"esc", "w"} {
		if _, a := press(m, k); a != Back {
			t.Errorf("%s: action %d, want Back", k, a)
		}
	}
}

// TestHintsJump: a label selects its pane and jumps at once; labels are
// one letter on a small server, home row first, and stay with their
// panes when the server changes.
func TestHintsJump(t *testing.T) {
	m := open(t, server(), 100, 30)
	if got := m.Label(Target{"$1", "@1", "%0"}); got != "a" {
		t.Errorf("first label %q, want a", got)
	}
	l := m.Label(Target{"$2", "@3", "%4"})
	got, a := press(m, l)
	if a != Jump || got.Selected() != (Target{"$2", "@3", "%4"}) {
		t.Errorf("label %q: action %d, selected %+v", l, a, got.Selected())
	}
	// A new window appears before @3: old labels stay, the new pane gets
	// an unused one.
	ws := server()
	ws = append(ws[:2], append([]*tmux.Window{win("$1", "work", "@9", 2, "new", 9, 1)}, ws[2:]...)...)
	m.SetWindows(ws)
	if got := m.Label(Target{"$2", "@3", "%4"}); got != l {
		t.Errorf("label of %%4 became %q, was %q", got, l)
	}
	seen := map[string]bool{}
	for _, p := range m.Panes() {
		if lb := m.Label(p); lb == "" || seen[lb] {
			t.Errorf("pane %s: label %q missing or taken twice", p.Pane, lb)
		} else {
			seen[lb] = true
		}
	}
	// An unknown letter does nothing.
	if _, a := press(m, "z"); a != None {
		t.Errorf("an unused label: action %d", a)
	}
}

// TestTwoLetterHints: with more panes than letters, every label is two
// letters, the first waits for the second, and none is w.
func TestTwoLetterHints(t *testing.T) {
	var ws []*tmux.Window
	for i := range 10 {
		ws = append(ws, win("$1", "big", tmux.WindowID(fmt.Sprintf("@%d", i)), i, "w", 3*i, 3))
	}
	m := open(t, ws, 120, 40)
	target := Target{"$1", "@7", "%22"}
	l := m.Label(target)
	if len(l) != 2 || strings.Contains(l, "w") {
		t.Fatalf("label %q, want two letters without w", l)
	}
	got, a := press(m, l[:1])
	if a != None || got.typed != l[:1] || !strings.Contains(ansi.Strip(got.View()), "label "+l[:1]+"…") {
		t.Errorf("first letter: action %d, typed %q", a, got.typed)
	}
	got, a = press(got, l[1:])
	if a != Jump || got.Selected() != target {
		t.Errorf("second letter: action %d, selected %+v, want %+v", a, got.Selected(), target)
	}
}

// TestScrollNeverDropsAPane: on a server taller than the screen, the
// selection scrolls into sight, and Tab reaches every pane with its id
// and window shown.
func TestScrollNeverDropsAPane(t *testing.T) {
	var ws []*tmux.Window
	for s := range 6 {
		sid := tmux.SessionID(fmt.Sprintf("$%d", s))
		for i := range 4 {
			n := s*4 + i
			ws = append(ws, win(sid, fmt.Sprintf("s%d", s), tmux.WindowID(fmt.Sprintf("@%d", n)), i, fmt.Sprintf("w%d", n), 2*n, 2))
		}
	}
	m := New(ws, Target{"$0", "@0", "%0"}, DefaultStyles(false))
	m.SetSize(60, 20)
	seen := map[tmux.PaneID]bool{}
	for range len(m.Panes()) {
		scr := ansi.Strip(m.View())
		sel := m.Selected()
		if !strings.Contains(scr, string(sel.Pane)+" ") {
			t.Errorf("selected %s not on screen:\n%s", sel.Pane, scr)
		}
		seen[sel.Pane] = true
		m, _ = press(m, "tab")
	}
	if len(seen) != 48 {
		t.Errorf("tab reached %d panes, want 48", len(seen))
	}
}

// TestHostileNames: names are drawn as text.
func TestHostileNames(t *testing.T) {
	ws := server()
	ws[0].Name = "x\x1b]0;pwned\x07#{session_name}"
	ws[2].SessionName = "evil\x1b[2J"
	m := open(t, ws, 100, 30)
	if v := m.View(); strings.Contains(v, "\x1b]0;") || strings.Contains(v, "\x1b[2J") || strings.Contains(v, "\x07") {
		t.Errorf("a control sequence from a name reached the view: %q", v)
	}
}
