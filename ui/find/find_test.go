package find

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/screen/search"
	"github.com/panemap/panemap/tmux"
)

func typed(m Model, s string) Model {
	m, _ = m.Update(tea.PasteMsg{Content: s})
	return m
}

// TestRowsShowTheMatch: a match far along a long line stays in sight,
// with its place and line number; a field match names the field; names
// with control characters are drawn as text.
func TestRowsShowTheMatch(t *testing.T) {
	w := &tmux.Window{ID: "@1", Index: 3, Name: "build", SessionID: "$1", SessionName: "we\x1b[2Jird",
		Panes: []tmux.Pane{{ID: "%1"}}}
	x := search.New()
	x.Set(search.Pane{ID: "%1", Lines: []string{strings.Repeat("x", 300) + " needle here", "last"}, Screen: 1,
		Fields: []search.Field{{Name: "title", Text: "a needle\x07 title"}}})
	m := New([]*tmux.Window{w}, DefaultStyles(false))
	m.SetIndex(x)
	m.SetSize(80, 10)
	m = typed(m, "needle")
	v := m.View()
	if strings.ContainsAny(v, "\x07") || strings.Contains(v, "\x1b[2J") {
		t.Errorf("a control character reached the view: %q", v)
	}
	scr := ansi.Strip(v)
	for _, want := range []string{"2 matches in 1 pane", "title", "needle here", "-1 "} {
		if !strings.Contains(scr, want) {
			t.Errorf("view lacks %q:\n%s", want, scr)
		}
	}
	if strings.Contains(scr, "1 panes") {
		t.Errorf("the count is not in the singular:\n%s", scr)
	}
	if lines := strings.Split(v, "\n"); len(lines) != 10 {
		t.Errorf("%d lines, want 10", len(lines))
	}
}

// TestChoiceScrolls: the chosen match stays on screen as ↓ walks a list
// longer than the screen, and wraps round.
func TestChoiceScrolls(t *testing.T) {
	w := &tmux.Window{ID: "@1", SessionID: "$1", SessionName: "s"}
	x := search.New()
	for i := range 30 {
		id := fmt.Sprintf("%%%d", i)
		w.Panes = append(w.Panes, tmux.Pane{ID: tmux.PaneID(id)})
		x.Set(search.Pane{ID: id, Lines: []string{fmt.Sprintf("hit-%02d", i)}, Screen: 1})
	}
	m := New([]*tmux.Window{w}, DefaultStyles(false))
	m.SetIndex(x)
	m.SetSize(60, 8)
	m = typed(m, "hit")
	for i := range 31 {
		p, _ := m.Selected()
		want := fmt.Sprintf("hit-%02d", i%30)
		if !strings.Contains(ansi.Strip(m.View()), want) || p.Pane != tmux.PaneID(fmt.Sprintf("%%%d", i%30)) {
			t.Fatalf("step %d: chose %s, %s not on screen:\n%s", i, p.Pane, want, ansi.Strip(m.View()))
		}
		m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	}
	if _, a := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter}); a != Jump {
		t.Errorf("enter: %d, want Jump", a)
	}
	if _, a := m.Update(tea.KeyPressMsg{Code: tea.KeyEscape}); a != Back {
		t.Errorf("esc: %d, want Back", a)
	}
}
