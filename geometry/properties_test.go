package geometry

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// layoutCell is a node of a random layout tree: a pane, or a split of
// its area into children one border cell apart.
type layoutCell struct {
	x, y, w, h int
	across     bool // children side by side ({}), else stacked ([])
	children   []*layoutCell
	id         int
}

// randomLayout is a tmux layout string for a w x h window split at random
// (splits times at most), with pane ids from firstID on.
func randomLayout(r *rand.Rand, w, h, splits, firstID int) string {
	root := &layoutCell{w: w, h: h, id: firstID}
	leaves := []*layoutCell{root}
	next := firstID + 1
	for range splits {
		i := r.IntN(len(leaves))
		c := leaves[i]
		across := r.IntN(2) == 0
		size := c.h
		if across {
			size = c.w
		}
		k := 2 + r.IntN(3)
		if size < 2*k-1 {
			continue
		}
		// k parts of at least one cell, k-1 borders.
		cuts := r.Perm(size - k)[:k-1]
		parts := partSizes(cuts, size-(k-1))
		c.across = across
		pos := 0
		for j, n := range parts {
			child := &layoutCell{x: c.x, y: c.y, w: c.w, h: c.h, id: c.id}
			if j > 0 {
				child.id, next = next, next+1
			}
			if across {
				child.x, child.w = c.x+pos, n
			} else {
				child.y, child.h = c.y+pos, n
			}
			pos += n + 1
			c.children = append(c.children, child)
		}
		leaves = append(append(leaves[:i:i], leaves[i+1:]...), c.children...)
	}
	return "abcd," + root.String()
}

// partSizes splits total into len(cuts)+1 sizes of at least one, at the
// distinct cut points cuts (each in [0, total-1)).
func partSizes(cuts []int, total int) []int {
	marks := make([]bool, total)
	for _, c := range cuts {
		marks[c] = true
	}
	var parts []int
	n := 0
	for i := range total {
		n++
		if marks[i] {
			parts, n = append(parts, n), 0
		}
	}
	return append(parts, n)
}

func (c *layoutCell) String() string {
	head := fmt.Sprintf("%dx%d,%d,%d", c.w, c.h, c.x, c.y)
	if len(c.children) == 0 {
		return fmt.Sprintf("%s,%d", head, c.id)
	}
	open, end := "[", "]"
	if c.across {
		open, end = "{", "}"
	}
	kids := make([]string, len(c.children))
	for i, k := range c.children {
		kids[i] = k.String()
	}
	return head + open + strings.Join(kids, ",") + end
}

// labelAt is where a pane's label was found on the map.
type labelAt struct{ row, first, last int }

// readTextMap finds each pane in a text map: by its label on the map
// (through the legend or the number note), in the note of labels under
// floating panes (at row -1), or in the pane list. It fails the test on a
// label that names no pane or names one twice, and on a label whose
// floating mark '^' is wrong.
func readTextMap(t *testing.T, w *tmux.Window, text string) (found map[tmux.PaneID]labelAt, active []tmux.PaneID, drawn bool) {
	t.Helper()
	lines := strings.Split(text, "\n")
	legend := map[string]tmux.PaneID{}
	numbers := false
	for _, l := range lines {
		numbers = numbers || strings.Contains(l, "without the %")
	}
	inLegend := false
	for _, l := range lines {
		if strings.HasPrefix(l, "legend: ") {
			inLegend, l = true, strings.TrimPrefix(l, "legend: ")
		}
		if !inLegend || isMapRow(l) {
			continue
		}
		for _, e := range strings.Fields(l) {
			letter, id, ok := strings.Cut(e, "=")
			if !ok {
				t.Fatalf("legend entry %q", e)
			}
			legend[letter] = tmux.PaneID(id)
		}
	}
	paneOf := func(label string) tmux.PaneID {
		switch {
		case len(legend) > 0:
			return legend[label]
		case numbers:
			return tmux.PaneID("%" + label)
		}
		return tmux.PaneID(label)
	}
	found = map[tmux.PaneID]labelAt{}
	add := func(label string, at labelAt) {
		star := strings.HasPrefix(label, "*")
		name, floating := strings.CutPrefix(strings.TrimPrefix(label, "*"), "^")
		id := paneOf(name)
		p, ok := w.Pane(id)
		if !ok {
			t.Fatalf("label %q names no pane:\n%s", label, text)
		}
		if p.Floating != floating {
			t.Fatalf("label %q: pane %s floating %v:\n%s", label, id, p.Floating, text)
		}
		if _, dup := found[id]; dup {
			t.Fatalf("pane %s twice:\n%s", id, text)
		}
		found[id] = at
		if star {
			active = append(active, id)
		}
	}
	list, under := false, false
	for row, l := range lines {
		switch {
		case strings.HasPrefix(l, "too many panes"):
			list = true
		case strings.HasPrefix(l, "under floating panes: "):
			under, l = true, strings.TrimPrefix(l, "under floating panes: ")
		case strings.HasPrefix(l, "legend: ") || strings.HasPrefix(l, "labels are"):
			under = false
		}
		switch {
		case under:
			for _, label := range strings.Fields(l) {
				add(label, labelAt{-1, 0, 0})
			}
		case isMapRow(l):
			drawn = true
			for x := 0; x < len(l); x++ {
				if strings.IndexByte("+-|# ", l[x]) >= 0 {
					continue
				}
				end := x
				for end < len(l) && strings.IndexByte("+-|# ", l[end]) < 0 {
					end++
				}
				add(l[x:end], labelAt{row, x, end - 1})
				x = end
			}
		case list && strings.HasPrefix(strings.TrimLeft(l, "*^"), "%"):
			add(strings.Fields(l)[0], labelAt{row, 0, 0})
		}
	}
	return found, active, drawn
}

// isMapRow reports whether a line of a text map is a row of the map.
func isMapRow(l string) bool { return l != "" && strings.IndexByte("+|#", l[0]) >= 0 }

// Every line fits, every pane is on the map once (or in the list), the
// active one is marked, and the map keeps tmux's left/right and
// above/below order.
func TestTextMapProperties(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	styles := map[string]int{}
	for n := range 800 {
		layout := randomLayout(r, 10+r.IntN(300), 5+r.IntN(100), r.IntN(30), r.IntN(120))
		w := windowFromLayout(t, layout, "", r.IntN(4) == 0)
		if r.IntN(5) > 0 {
			w.Panes[r.IntN(len(w.Panes))].Active = true
		}
		for _, maxCols := range []int{40, 60, 80, 120} {
			text := TextMap(w, maxCols)
			if again := TextMap(w, maxCols); again != text {
				t.Fatalf("layout %d: not deterministic", n)
			}
			for _, l := range strings.Split(text, "\n") {
				if len(l) > maxCols || strings.TrimRight(l, " ") != l || l == "" {
					t.Fatalf("layout %d, %d columns: line %q:\n%s", n, maxCols, l, text)
				}
			}
			found, marked, drawn := readTextMap(t, w, text)
			if len(found) != len(w.Panes) {
				t.Fatalf("layout %s, %d columns: %d of %d panes:\n%s", layout, maxCols, len(found), len(w.Panes), text)
			}
			want, hasActive := w.ActivePane()
			if hasActive != (len(marked) == 1) || len(marked) > 1 || (hasActive && marked[0] != want.ID) {
				t.Fatalf("layout %d: active %q, marked %v:\n%s", n, want.ID, marked, text)
			}
			styles[labelStyleOf(text)]++
			if drawn {
				checkOrder(t, w, found, text)
			}
		}
	}
	for _, style := range []string{"ids", "numbers", "letters", "list"} {
		if styles[style] < 10 {
			t.Errorf("labels: %v; the layouts do not cover %s", styles, style)
		}
	}
}

// labelStyleOf says how a text map names its panes.
func labelStyleOf(text string) string {
	switch {
	case strings.Contains(text, "\nlegend: "):
		return "letters"
	case strings.Contains(text, "\nlabels are pane ids without the %"):
		return "numbers"
	case strings.Contains(text, "\ntoo many panes"):
		return "list"
	}
	return "ids"
}

// checkOrder: a pane entirely left of (above) another in tmux has its
// label at or left of (above) the other's; strictly when their boxes,
// borders included, do not overlap (sharing a border is not overlapping).
func checkOrder(t *testing.T, w *tmux.Window, found map[tmux.PaneID]labelAt, text string) {
	t.Helper()
	for _, a := range w.Panes {
		for _, b := range w.Panes {
			la, lb := found[a.ID], found[b.ID]
			if a.Right() < b.Left && la.first > lb.first {
				t.Fatalf("%s is left of %s but its label is right:\n%s", a.ID, b.ID, text)
			}
			if a.Right()+1 < b.Left && la.last >= lb.first {
				t.Fatalf("%s's box is left of %s's but its label is not:\n%s", a.ID, b.ID, text)
			}
			if a.Bottom() < b.Top && la.row > lb.row {
				t.Fatalf("%s is above %s but its label is below:\n%s", a.ID, b.ID, text)
			}
			if a.Bottom()+1 < b.Top && la.row >= lb.row {
				t.Fatalf("%s's box is above %s's but its label is not:\n%s", a.ID, b.ID, text)
			}
		}
	}
}
