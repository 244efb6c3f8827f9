package layouts

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/tmux"
)

var testTime = time.Date(2026, 12, 7, 4, 30, 0, 0, time.UTC)

// TestFromWindow: the tree keeps tmux's cells with each one's share of
// the room its siblings share and its saved size, the slots come in cell
// order with each pane's id, title, command and directory, and the
// active slot, zoom, version, size and string are kept.
func TestFromWindow(t *testing.T) {
	t.Parallel()
	s := withSum("120x40,0,0{80x40,0,0,7,39x40,81,0[39x9,81,0,3,39x30,81,10,5]}")
	w := windowOf(t, s)
	w.Panes[0].Active, w.Panes[2].Active, w.Zoomed = false, true, true
	l, err := FromWindow("dev", w, tmux.Version{Raw: "3.7c", Major: 3, Minor: 7}, testTime)
	if err != nil {
		t.Fatal(err)
	}
	want := &Layout{Version: 1, Name: "dev", SavedAt: testTime, Tmux: "3.7c", Width: 120, Height: 40, Raw: s, Active: 2, Zoomed: true,
		Tree: &Node{Split: "h", Share: 1, Children: []*Node{
			{Share: 80.0 / 119, Cells: 80, Slot: 0},
			{Split: "v", Share: 39.0 / 119, Cells: 39, Children: []*Node{
				{Share: 9.0 / 39, Cells: 9, Slot: 1},
				{Share: 30.0 / 39, Cells: 30, Slot: 2},
			}},
		}},
		Slots: []Slot{{"%7", "T7", "c7", "/d7"}, {"%3", "T3", "c3", "/d3"}, {"%5", "T5", "c5", "/d5"}},
	}
	if !reflect.DeepEqual(l, want) {
		t.Errorf("FromWindow:\n got %+v\nwant %+v", l, want)
	}
	if why := l.check(); why != "" {
		t.Errorf("FromWindow's layout does not pass check: %s", why)
	}
}

// TestFromWindowFloating: a floating pane (tmux 3.7+) is left out of the
// tree, where tmux keeps its cell, and kept with its box as shares of the
// window, topmost first; the active pane floating makes Active -1.
func TestFromWindowFloating(t *testing.T) {
	t.Parallel()
	s := "75f8,160x46,0,0{80x46,0,0,0,80x11,4,2,2,79x46,81,0,1,28x6,101,31,3}<28x6,101,31,3,80x11,4,2,2>"
	w := &tmux.Window{ID: "@2", Width: 160, Height: 46, Layout: s, Panes: []tmux.Pane{
		{ID: "%0", Index: 0, Width: 80, Height: 46, Command: "vim"},
		{ID: "%2", Index: 1, Floating: true, Z: 1, Left: 4, Top: 2, Width: 80, Height: 11, Command: "htop", Active: true},
		{ID: "%1", Index: 2, Left: 81, Width: 79, Height: 46, Command: "sh"},
		{ID: "%3", Index: 3, Floating: true, Z: 0, Left: 101, Top: 31, Width: 28, Height: 6, Command: "top"},
	}}
	l, err := FromWindow("float", w, tmux.Version{Raw: "next-3.8", Dev: true}, testTime)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Slots) != 2 || l.Slots[0].Pane != "%0" || l.Slots[1].Pane != "%1" || l.Tree.Split != "h" || l.Active != -1 {
		t.Errorf("tiled part: slots %+v, tree %+v, active %d", l.Slots, l.Tree, l.Active)
	}
	want := []Float{
		{Slot: Slot{Pane: "%3", Command: "top"}, Left: 101.0 / 160, Top: 31.0 / 46, Width: 28.0 / 160, Height: 6.0 / 46},
		{Slot: Slot{Pane: "%2", Command: "htop"}, Left: 4.0 / 160, Top: 2.0 / 46, Width: 80.0 / 160, Height: 11.0 / 46},
	}
	if !reflect.DeepEqual(l.Floating, want) {
		t.Errorf("floating:\n got %+v\nwant %+v", l.Floating, want)
	}
}

func TestFromWindowRefuses(t *testing.T) {
	t.Parallel()
	w := windowOf(t, withSum("80x24,0,0{40x24,0,0,1,39x24,41,0,2}"))
	if _, err := FromWindow("a/b", w, tmux.Version{}, testTime); tmux.KindOf(err) != tmux.KindInvalidInput {
		t.Errorf("a bad name: %v", err)
	}
	w.Panes = w.Panes[:1]
	_, err := FromWindow("ok", w, tmux.Version{}, testTime)
	if tmux.KindOf(err) != tmux.KindInvalidInput || !strings.Contains(err.Error(), "%2") {
		t.Errorf("a layout naming a pane the window does not list: %v", err)
	}
	w.Layout = "nonsense"
	if _, err := FromWindow("ok", w, tmux.Version{}, testTime); tmux.KindOf(err) != tmux.KindInvalidInput {
		t.Errorf("a layout string that does not parse: %v", err)
	}
}

// TestLayoutCheck: what Save refuses and List calls broken, each with
// its reason, so that no damaged file reaches MakePlan.
func TestLayoutCheck(t *testing.T) {
	t.Parallel()
	good := func() *Layout {
		l := layoutOf(t, windowOf(t, withSum("120x40,0,0{80x40,0,0,1,39x40,81,0[39x20,81,0,2,39x19,81,21,3]}")))
		l.Floating = []Float{{Slot: Slot{Pane: "%9"}, Left: 0.1, Top: 0.1, Width: 0.5, Height: 0.5}}
		return l
	}
	if why := good().check(); why != "" {
		t.Fatalf("a good layout: %s", why)
	}
	for want, edit := range map[string]func(l *Layout){
		"version 0":                      func(l *Layout) { l.Version = 0 },
		`layout name "a/b"`:              func(l *Layout) { l.Name = "a/b" },
		"window size 0x40":               func(l *Layout) { l.Width = 0 },
		"no tree":                        func(l *Layout) { l.Tree = nil },
		"no slots":                       func(l *Layout) { l.Slots = nil },
		"active slot 3":                  func(l *Layout) { l.Active = 3 },
		"slot 2 is in no cell":           func(l *Layout) { l.Tree.Children[1] = l.Tree.Children[1].Children[0]; l.Tree.Children[1].Share = 0.3 },
		"slot 1 twice":                   func(l *Layout) { l.Tree.Children[1].Children[1].Slot = 1 },
		"slot -1, not one of its 3":      func(l *Layout) { l.Tree.Children[0].Slot = -1 },
		"share 0":                        func(l *Layout) { l.Tree.Children[0].Share = 0 },
		"share NaN":                      func(l *Layout) { l.Tree.Children[0].Share = math.NaN() },
		"cell of -1 cells":               func(l *Layout) { l.Tree.Children[0].Cells = -1 },
		"slot with children":             func(l *Layout) { l.Tree.Children[0].Children = []*Node{{}} },
		`split "x"`:                      func(l *Layout) { l.Tree.Split = "x" },
		"fewer than two cells":           func(l *Layout) { l.Tree.Children = l.Tree.Children[1:] },
		"empty cell":                     func(l *Layout) { l.Tree.Children[0] = nil },
		"more than 64 deep":              func(l *Layout) { l.Tree = deep(l.Tree, 70) },
		`slot 1 has pane "3"`:            func(l *Layout) { l.Slots[1].Pane = "3" },
		"slot 0 and slot 2 are both":     func(l *Layout) { l.Slots[2].Pane = l.Slots[0].Pane },
		"slot 1 and floating pane 0":     func(l *Layout) { l.Floating[0].Pane = l.Slots[1].Pane },
		"floating pane 0 has a box":      func(l *Layout) { l.Floating[0].Width = 0 },
		"floating pane 0 has pane \"\"":  func(l *Layout) { l.Floating[0].Pane = "" },
		"floating pane 0 has a box (NaN": func(l *Layout) { l.Floating[0].Left = math.NaN() },
	} {
		l := good()
		edit(l)
		if why := l.check(); !strings.Contains(why, want) {
			t.Errorf("check() = %q, want it to say %q", why, want)
		}
	}
}

// deep is n under depth splits of two cells, the other a slot of its own.
func deep(n *Node, depth int) *Node {
	for range depth {
		n = &Node{Split: SplitH, Share: 1, Children: []*Node{n, {Share: 1, Slot: 0}}}
	}
	return n
}
