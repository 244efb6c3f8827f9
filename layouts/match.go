package layouts

import (
	"cmp"
	"math"
	"slices"

	"github.com/panemap/panemap/tmux"
)

// box is a rectangle as shares of the window: where a slot was, or where
// a pane is, whatever the window's size.
type box struct{ left, top, width, height float64 }

func paneBox(p tmux.Pane, w *tmux.Window) box {
	return box{float64(p.Left) / float64(w.Width), float64(p.Top) / float64(w.Height), float64(p.Width) / float64(w.Width), float64(p.Height) / float64(w.Height)}
}

// distance is how far apart a and b are: the sum of how far each edge
// moved, so both place and size count.
func (a box) distance(b box) float64 {
	return math.Abs(a.left-b.left) + math.Abs(a.top-b.top) +
		math.Abs(a.left+a.width-b.left-b.width) + math.Abs(a.top+a.height-b.top-b.height)
}

// slotBoxes are where the tree under n puts each slot, by slot, in a
// window of size 1x1 (borders left out).
func slotBoxes(n *Node, b box, out map[int]box) {
	if n.Split == "" {
		out[n.Slot] = b
		return
	}
	sum := 0.0
	for _, k := range n.Children {
		sum += k.Share
	}
	for _, k := range n.Children {
		kb := b
		if n.Split == SplitH {
			kb.width = b.width * k.Share / sum
			b.left += kb.width
		} else {
			kb.height = b.height * k.Share / sum
			b.top += kb.height
		}
		slotBoxes(k, kb, out)
	}
}

// candidate is a slot and a pane that might go together.
type candidate struct {
	slot, pane int
	same       [4]bool // same id, title, command, working directory
	far        float64 // distance between the slot and the pane
}

// matchFrom names what matched, by the first of candidate.same that is
// true.
var matchFrom = [4]string{"id", "title", "command", "cwd"}

// match pairs slots with panes, both in reading order (tmux's cell
// order): first every pair with the same pane id, then the same title,
// command, working directory, then the nearest place; a pair that agrees
// on more of these goes first, so where every pane has the same title
// (tmux's default is the host's name) the command still counts. Ties go
// to the first slot, then the first pane. It answers the pane each slot
// gets (-1 for none) and what matched.
func match(slots []Slot, slotAt []box, panes []tmux.Pane, paneAt []box) (paneOf []int, from []string) {
	var cs []candidate
	for i, s := range slots {
		for j, p := range panes {
			cs = append(cs, candidate{slot: i, pane: j, far: slotAt[i].distance(paneAt[j]), same: [4]bool{
				s.Pane != "" && s.Pane == string(p.ID),
				s.Title != "" && s.Title == p.Title,
				s.Command != "" && s.Command == p.Command,
				s.Cwd != "" && s.Cwd == p.Path,
			}})
		}
	}
	slices.SortStableFunc(cs, func(a, b candidate) int {
		for k := range a.same {
			if a.same[k] != b.same[k] {
				if a.same[k] {
					return -1
				}
				return 1
			}
		}
		return cmp.Or(cmp.Compare(a.far, b.far), cmp.Compare(a.slot, b.slot), cmp.Compare(a.pane, b.pane))
	})
	paneOf, from = make([]int, len(slots)), make([]string, len(slots))
	for i := range paneOf {
		paneOf[i] = -1
	}
	taken := make([]bool, len(panes))
	for _, c := range cs {
		if paneOf[c.slot] >= 0 || taken[c.pane] {
			continue
		}
		paneOf[c.slot], taken[c.pane] = c.pane, true
		from[c.slot] = "place"
		if k := slices.Index(c.same[:], true); k >= 0 {
			from[c.slot] = matchFrom[k]
		}
	}
	return paneOf, from
}
