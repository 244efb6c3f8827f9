package layouts

import (
	"fmt"
	"math"
	"time"

	"github.com/panemap/panemap/tmux"
)

// Version is the file format's version; a file of another version is
// listed as broken, never read as this one.
const Version = 1

// Layout is a window's arrangement as saved under a name: its tiled split
// tree with each cell's share of its parent, what each pane was, and its
// floating panes' places as shares of the window.
type Layout struct {
	Version  int       `json:"version"`
	Name     string    `json:"name"`
	SavedAt  time.Time `json:"saved_at"`
	Tmux     string    `json:"tmux"`          // the server's version when saved
	Width    int       `json:"width"`         // the window's size when saved
	Height   int       `json:"height"`        //
	Raw      string    `json:"window_layout"` // #{window_layout} as saved (with its checksum)
	Tree     *Node     `json:"tree"`          // the tiled split tree with shares
	Slots    []Slot    `json:"slots"`         // tiled slots in the tree's reading order (tmux's cell order = pane index order)
	Active   int       `json:"active"`        // index into Slots, or -1 when the active pane floated
	Zoomed   bool      `json:"zoomed"`
	Floating []Float   `json:"floating,omitempty"` // tmux 3.7+: floating panes, topmost first
}

// Node is a cell of the tiled split tree.
type Node struct {
	Split string `json:"split,omitempty"` // "" a slot, "h" children side by side (left to right), "v" stacked (top to bottom)
	// Share is the cell's share of the room its parent's children share
	// along the parent's split (the parent's size less the borders
	// between them): the shares of siblings add up to 1. 1 for the root.
	Share float64 `json:"share"`
	// Cells is its size in cells along the parent's split when saved
	// (0 for the root): at that size the layout comes back exactly.
	Cells    int     `json:"cells"`
	Slot     int     `json:"slot"` // a slot's index into Layout.Slots
	Children []*Node `json:"children,omitempty"`
}

// Split values of Node.
const (
	SplitH = "h" // side by side, tmux's '{'
	SplitV = "v" // stacked, tmux's '['
)

// Slot is what a pane was when saved, to match a pane to it.
type Slot struct {
	Pane    string `json:"pane"` // the pane id when saved, "%3"
	Title   string `json:"title"`
	Command string `json:"command"`
	Cwd     string `json:"cwd"`
}

// Float is a floating pane: its slot and its box (the pane inside its
// border, as tmux.Pane has it) as shares of the window's width and height.
type Float struct {
	Slot
	Left   float64 `json:"left"`
	Top    float64 `json:"top"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// FromWindow makes a layout of w as it is (w as tmuxctl reads it: panes
// with ids, titles, commands, paths, and its Layout string, whose tree
// keeps the unzoomed cells of a zoomed window).
func FromWindow(name string, w *tmux.Window, v tmux.Version, now time.Time) (*Layout, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	root, err := tmux.ParseLayoutTree(w.Layout)
	if err != nil {
		return nil, err
	}
	panes := map[int]tmux.Pane{}
	for _, p := range w.Panes {
		panes[p.ID.Num()] = p
	}
	l := &Layout{Version: Version, Name: name, SavedAt: now, Tmux: v.Raw, Width: root.Width, Height: root.Height, Raw: w.Layout, Active: -1, Zoomed: w.Zoomed}
	tiled := map[int]bool{}
	var build func(c *tmux.LayoutNode, share float64, cells int) (*Node, error)
	build = func(c *tmux.LayoutNode, share float64, cells int) (*Node, error) {
		n := &Node{Share: share, Cells: cells}
		if c.Split == 0 {
			p, ok := panes[c.Pane]
			if !ok {
				return nil, &tmux.Error{Kind: tmux.KindInvalidInput, Value: w.Layout, Message: fmt.Sprintf("window %s's layout %s has pane %%%d, which the window does not list", w.ID, tmux.Quote(w.Layout), c.Pane)}
			}
			tiled[c.Pane] = true
			n.Slot = len(l.Slots)
			if p.Active {
				l.Active = n.Slot
			}
			l.Slots = append(l.Slots, slotOf(p))
			return n, nil
		}
		n.Split = SplitH
		if c.Split == '[' {
			n.Split = SplitV
		}
		room := 0
		for _, k := range c.Children {
			room += along(n.Split, k.Rect)
		}
		for _, k := range c.Children {
			kid, err := build(k, float64(along(n.Split, k.Rect))/float64(room), along(n.Split, k.Rect))
			if err != nil {
				return nil, err
			}
			n.Children = append(n.Children, kid)
		}
		return n, nil
	}
	if l.Tree, err = build(root, 1, 0); err != nil {
		return nil, err
	}
	for _, p := range w.FloatingPanes() {
		if tiled[p.ID.Num()] {
			continue
		}
		l.Floating = append(l.Floating, Float{
			Slot: slotOf(p),
			Left: float64(p.Left) / float64(l.Width), Top: float64(p.Top) / float64(l.Height),
			Width: float64(p.Width) / float64(l.Width), Height: float64(p.Height) / float64(l.Height),
		})
	}
	return l, nil
}

func slotOf(p tmux.Pane) Slot {
	return Slot{Pane: string(p.ID), Title: p.Title, Command: p.Command, Cwd: p.Path}
}

// along is r's size along a split: its width side by side, its height
// stacked.
func along(split string, r tmux.Rect) int {
	if split == SplitH {
		return r.Width
	}
	return r.Height
}

// maxDepth bounds a saved tree's depth, as tmux bounds a layout string's.
const maxDepth = 64

// check says why l cannot be a layout ("" when it can): what Save
// refuses and List calls broken, so a hand-edited or damaged file never
// reaches MakePlan.
func (l *Layout) check() string {
	switch {
	case l.Version != Version:
		return fmt.Sprintf("it is of version %d; this panemap reads version %d", l.Version, Version)
	case CheckName(l.Name) != nil:
		return CheckName(l.Name).Error()
	case l.Width < 1 || l.Height < 1:
		return fmt.Sprintf("its window size %dx%d is not a size", l.Width, l.Height)
	case l.Tree == nil:
		return "it has no tree"
	case len(l.Slots) == 0:
		return "it has no slots"
	case l.Active < -1 || l.Active >= len(l.Slots):
		return fmt.Sprintf("its active slot %d is not one of its %d slots", l.Active, len(l.Slots))
	}
	used := make([]bool, len(l.Slots))
	if why := l.Tree.check(used, 0); why != "" {
		return why
	}
	for i, u := range used {
		if !u {
			return fmt.Sprintf("its slot %d is in no cell of its tree", i)
		}
	}
	seen := map[string]string{}
	for i, s := range l.Slots {
		if why := s.check(fmt.Sprintf("slot %d", i), seen); why != "" {
			return why
		}
	}
	for i, f := range l.Floating {
		if why := f.check(fmt.Sprintf("floating pane %d", i), seen); why != "" {
			return why
		}
		if !share(f.Width) || !share(f.Height) || !finite(f.Left) || !finite(f.Top) {
			return fmt.Sprintf("its floating pane %d has a box (%g, %g, %g, %g) that is not shares of a window", i, f.Left, f.Top, f.Width, f.Height)
		}
	}
	return ""
}

// check says why s, which l calls what ("slot 2"), cannot be: its pane
// is not a pane id, or is one of those seen (by what has it).
func (s Slot) check(what string, seen map[string]string) string {
	if _, err := tmux.ParsePaneID(s.Pane); err != nil {
		return fmt.Sprintf("its %s has pane %s, not a pane id", what, tmux.Quote(s.Pane))
	}
	if seen[s.Pane] != "" {
		return fmt.Sprintf("its %s and %s are both pane %s", seen[s.Pane], what, s.Pane)
	}
	seen[s.Pane] = what
	return ""
}

func (n *Node) check(used []bool, depth int) string {
	switch {
	case depth > maxDepth:
		return fmt.Sprintf("its tree nests cells more than %d deep", maxDepth)
	case !finite(n.Share) || n.Share <= 0:
		return fmt.Sprintf("its tree has a cell with share %g; shares are above 0", n.Share)
	case n.Cells < 0:
		return fmt.Sprintf("its tree has a cell of %d cells", n.Cells)
	case n.Split == "" && len(n.Children) > 0:
		return "its tree has a slot with children"
	case n.Split == "" && (n.Slot < 0 || n.Slot >= len(used)):
		return fmt.Sprintf("its tree has slot %d, not one of its %d slots", n.Slot, len(used))
	case n.Split == "" && used[n.Slot]:
		return fmt.Sprintf("its tree has slot %d twice", n.Slot)
	case n.Split == "":
		used[n.Slot] = true
		return ""
	case n.Split != SplitH && n.Split != SplitV:
		return fmt.Sprintf("its tree has split %s; splits are %q and %q", tmux.Quote(n.Split), SplitH, SplitV)
	case len(n.Children) < 2:
		return "its tree has a split with fewer than two cells"
	}
	for _, k := range n.Children {
		if k == nil {
			return "its tree has an empty cell"
		}
		if why := k.check(used, depth+1); why != "" {
			return why
		}
	}
	return ""
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// share is a positive size no larger than a window's (a little over 1
// for a floating pane whose border reaches past it).
func share(f float64) bool { return finite(f) && f > 0 && f <= 2 }
