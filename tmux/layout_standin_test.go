package tmux

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestStandInLayout: each stand-in takes its room from the cell tmux
// hands it back to, and the layouts are the ones tried on tmux master:
// select-layout takes them, and break-pane -W of the stand-ins (last
// first) leaves want's tiled cells.
func TestStandInLayout(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, layout string
		panes        []Pane
		want         string
		floated      string
	}{{
		// Tried on master: break-pane -W -s %3 then gives %2 its 19 rows.
		"last in a column",
		"2098,120x40,0,0{60x40,0,0,0,59x40,61,0[59x20,61,0,1,59x19,61,21,2,60x10,4,2,3]}<60x10,4,2,3>",
		[]Pane{pane("%0", 0, false), pane("%1", 1, false), pane("%2", 2, false), pane("%3", 3, true)},
		"0db5,120x40,0,0{60x40,0,0,0,59x40,61,0[59x20,61,0,1,59x17,61,21,2,59x1,61,39,3]}",
		"%3",
	}, {
		// Two made by new-pane from %0 (master's dump): their cells
		// follow %0 in the tree, but they come last in pane order. The
		// second takes its room from the first, which passes it on
		// from %2.
		"two after the last pane",
		"53d7,120x40,0,0{60x40,0,0,0,28x3,8,4,4,60x10,4,2,3,59x40,61,0[59x20,61,0,1,59x19,61,21,2]}<28x3,8,4,4,60x10,4,2,3>",
		[]Pane{pane("%0", 0, false), pane("%1", 1, false), pane("%2", 2, false), pane("%3", 3, true), pane("%4", 4, true)},
		summed("120x40,0,0{60x40,0,0,0,59x40,61,0[59x20,61,0,1,59x15,61,21,2,59x1,61,37,3,59x1,61,39,4]}"),
		"%3 %4",
	}, {
		// Floating first in pane order: before the first pane, which
		// is the next cell and gets the room back.
		"first",
		"abcd,80x24,0,0{40x24,0,0,1,10x5,2,2,0,39x24,41,0,2}<10x5,2,2,0>",
		[]Pane{pane("%0", 0, true), pane("%1", 1, false), pane("%2", 2, false)},
		summed("80x24,0,0{1x24,0,0,0,38x24,2,0,1,39x24,41,0,2}"),
		"%0",
	}, {
		// One tiled pane: wrapped top to bottom, as tmux floats beside it.
		"beside the only pane",
		"abcd,80x24,0,0[80x24,0,0,0,20x5,3,3,1]<20x5,3,3,1>",
		[]Pane{pane("%0", 0, false), pane("%1", 1, true)},
		summed("80x24,0,0[80x22,0,0,0,80x1,0,23,1]"),
		"%1",
	}} {
		got, floated, err := StandInLayout(c.layout, c.panes)
		var ids []string
		for _, id := range floated {
			ids = append(ids, string(id))
		}
		if err != nil || got != c.want || strings.Join(ids, " ") != c.floated {
			t.Errorf("%s: %s, %v, %v\nwant %s, %s", c.name, got, ids, err, c.want, c.floated)
		}
	}
}

// TestStandInLayoutRefuses: where a stand-in has no room of its own to
// take, or the cells are not in pane order, the caller keeps its way.
func TestStandInLayoutRefuses(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, layout string
		panes        []Pane
	}{
		{"too narrow", summed("5x24,0,0{2x24,0,0,0,2x24,3,0,1}") + "<2x2,0,0,2>",
			[]Pane{pane("%0", 0, false), pane("%1", 1, false), pane("%2", 2, true)}},
		{"room from a container", summed("80x24,0,0{40x24,0,0,0,39x24,41,0[39x12,41,0,1,39x11,41,13,2]}") + "<9x9,1,1,3>",
			[]Pane{pane("%0", 0, false), pane("%3", 1, true), pane("%1", 2, false), pane("%2", 3, false)}},
		{"cells out of pane order", summed("80x24,0,0{40x24,0,0,1,39x24,41,0,0}") + "<9x9,1,1,2>",
			[]Pane{pane("%0", 0, false), pane("%1", 1, false), pane("%2", 2, true)}},
		{"nothing tiled", "abcd,9x9,1,1,0<9x9,1,1,0>", []Pane{pane("%0", 0, true)}},
	} {
		if got, _, err := StandInLayout(c.layout, c.panes); err == nil {
			t.Errorf("%s: %s, want an error", c.name, got)
		}
	}
}

// pane is a pane of a window for StandInLayout: its id, its place in
// pane order, whether it floats.
func pane(id string, index int, floating bool) Pane {
	return Pane{ID: PaneID(id), Index: index, Floating: floating}
}

func summed(body string) string {
	return fmt.Sprintf("%04x,%s", LayoutChecksum(body), body)
}

// FuzzStandInLayout: StandInLayout never panics, and what it returns
// CheckLayout takes (it is made for select-layout), with a cell for every
// pane, each floating pane's stand-in one cell across.
func FuzzStandInLayout(f *testing.F) {
	f.Add("2098,120x40,0,0{60x40,0,0,0,59x40,61,0[59x20,61,0,1,59x19,61,21,2,60x10,4,2,3]}<60x10,4,2,3>", uint16(8))
	f.Add("53d7,120x40,0,0{60x40,0,0,0,28x3,8,4,4,60x10,4,2,3,59x40,61,0[59x20,61,0,1,59x19,61,21,2]}<28x3,8,4,4,60x10,4,2,3>", uint16(24))
	f.Add("abcd,80x24,0,0[80x24,0,0,0,20x5,3,3,1]<20x5,3,3,1>", uint16(2))
	f.Add("abcd,80x24,0,0{3x24,0,0,0,76x24,4,0[76x3,4,0,1,76x20,4,4,2]}", uint16(5))
	f.Fuzz(func(t *testing.T, layout string, floating uint16) {
		cells, err := ParseLayout(layout)
		if err != nil || len(cells) > 16 {
			return
		}
		var panes []Pane
		for _, id := range slices.Sorted(maps.Keys(cells)) {
			panes = append(panes, Pane{ID: PaneID(fmt.Sprintf("%%%d", id)), Index: len(panes), Floating: floating&(1<<len(panes)) != 0})
		}
		got, floated, err := StandInLayout(layout, panes)
		if err != nil {
			return
		}
		shape, err := CheckLayout(got)
		if err != nil || shape.Panes != len(panes) {
			t.Fatalf("%s: %s, %v", layout, got, err)
		}
		out, _ := ParseLayout(got)
		for _, id := range floated {
			if r := out[id.Num()]; r.Width != 1 && r.Height != 1 {
				t.Errorf("%s: stand-in for %s is %dx%d", got, id, r.Width, r.Height)
			}
		}
	})
}
