package layouts

import (
	"fmt"
	"math"
	"slices"

	"github.com/panemap/panemap/tmux"
)

// Plan fits a layout to a window as it is now: what MakePlan answers and
// tmuxctl's OpApplyLayout carries out.
type Plan struct {
	Window tmux.WindowID
	// Layout is the tiled layout string (with checksum) to give the
	// window, built for its size now: its cells are Order's, in order.
	Layout string
	// Order is the window's tiled panes in the order they must be (pane
	// index order, the string's cell order), "" where Create makes one.
	Order []tmux.PaneID
	Moves []Move // which pane goes to which slot, by slot
	// Create is the slots to make new panes for (create only), in the
	// order of Order's "" places: the k-th "" is Create[k].
	Create  []Slot
	Dropped []int         // slots closed (fewer panes than slots): their room went to a neighbour
	Extra   []tmux.PaneID // panes beyond the slots: each got a share of the largest slot
	// Active is the pane to make active: the saved active slot's, else
	// the window's active pane. "" when the saved active slot is one
	// Create makes a pane for: the caller selects the pane it made.
	Active   tmux.PaneID
	Zoomed   bool
	Floating []FloatPlace // floating panes back to their places, in cells for the window's size now
	LeftOut  []string     // what could not be applied, in words
}

// Move is a pane going to a slot, and what matched it: "id", "title",
// "command", "cwd" or "place".
type Move struct {
	Pane tmux.PaneID
	Slot int
	From string
}

// FloatPlace is a floating pane's place and size in cells, inside its
// border, as tmux.Pane has them.
type FloatPlace struct {
	Pane                     tmux.PaneID
	Left, Top, Width, Height int
}

// MakePlan fits l to window w as it is now (w as tmuxctl reads it). The
// window's tiled panes are matched to l's slots (see match); slots left
// without a pane are closed, their room going to a neighbour (the one
// tmux gives a closed pane's room to, so at the saved size the layout is
// the one tmux leaves when those panes are killed), or with create get a
// new pane each; panes left without a slot share the largest slot. The
// shares are scaled to w's size. floatingOK: the server is tmux 3.8 or
// later, which puts floating panes back (w's floating panes are matched
// to l's) and gives a closed pane's room to the cell after it first. A
// layout that cannot fit w is a KindInvalidInput error naming both sizes.
func MakePlan(l *Layout, w *tmux.Window, create, floatingOK bool) (*Plan, error) {
	if why := l.check(); why != "" {
		return nil, &tmux.Error{Kind: tmux.KindInvalidInput, Value: l.Name, Message: fmt.Sprintf("layout %s cannot be applied: %s", tmux.Quote(l.Name), why)}
	}
	var tiled, floating []tmux.Pane
	for _, p := range w.Panes {
		if p.Floating {
			floating = append(floating, p)
		} else {
			tiled = append(tiled, p)
		}
	}
	if len(tiled) == 0 || w.Width < 1 || w.Height < 1 {
		return nil, &tmux.Error{Kind: tmux.KindInvalidInput, Value: string(w.ID), Message: fmt.Sprintf("window %s (%dx%d) has no tiled pane to lay out", w.ID, w.Width, w.Height)}
	}
	slices.SortStableFunc(tiled, func(a, b tmux.Pane) int { return a.Index - b.Index })
	slots := map[int]box{}
	slotBoxes(l.Tree, box{0, 0, 1, 1}, slots)
	slotAt := make([]box, len(l.Slots))
	for i := range slotAt {
		slotAt[i] = slots[i]
	}
	paneOf, from := match(l.Slots, slotAt, tiled, boxesOf(tiled, w))

	p := &Plan{Window: w.ID, Zoomed: l.Zoomed}
	root := cellsOf(l.Tree, func(slot int) tmux.PaneID {
		if paneOf[slot] < 0 {
			return ""
		}
		return tiled[paneOf[slot]].ID
	})
	for _, c := range root.leaves(nil) {
		if paneOf[c.slot] >= 0 {
			continue
		}
		if !create {
			root = drop(root, c, floatingOK)
			p.Dropped = append(p.Dropped, c.slot)
		}
	}
	slices.Sort(p.Dropped)
	for slot, j := range paneOf {
		if j >= 0 {
			p.Moves = append(p.Moves, Move{Pane: tiled[j].ID, Slot: slot, From: from[slot]})
		}
	}
	window := tmux.Rect{Width: w.Width, Height: w.Height}
	if err := fits(l, root, w); err != nil {
		return nil, err
	}
	root.fit(window)
	for _, t := range tiled {
		if !slices.ContainsFunc(p.Moves, func(m Move) bool { return m.Pane == t.ID }) {
			p.Extra = append(p.Extra, t.ID)
		}
	}
	if len(p.Extra) > 0 {
		root = splitFor(root, largest(root), p.Extra)
		if err := fits(l, root, w); err != nil {
			return nil, err
		}
		root.fit(window)
	}
	p.layout(l, root, w)
	p.activePane(l, w)
	p.floating(l, w, floating, floatingOK)
	return p, nil
}

func boxesOf(panes []tmux.Pane, w *tmux.Window) []box {
	out := make([]box, len(panes))
	for i, p := range panes {
		out[i] = paneBox(p, w)
	}
	return out
}

// fits says whether the tree under root fits w, naming both sizes.
func fits(l *Layout, root *cell, w *tmux.Window) error {
	mw, mh := root.minSize(SplitH), root.minSize(SplitV)
	if mw <= w.Width && mh <= w.Height {
		return nil
	}
	return &tmux.Error{Kind: tmux.KindInvalidInput, Value: l.Name, Message: fmt.Sprintf("layout %s does not fit window %s: its %d panes need at least %dx%d cells, and the window is %dx%d", tmux.Quote(l.Name), w.ID, len(root.leaves(nil)), mw, mh, w.Width, w.Height)}
}

// largest is the leaf with the most cells, the first among equals.
func largest(root *cell) *cell {
	var best *cell
	for _, c := range root.leaves(nil) {
		if best == nil || c.box.Width*c.box.Height > best.box.Width*best.box.Height {
			best = c
		}
	}
	return best
}

// layout sets Order, Create and Layout from the fitted tree. A pane
// Create makes has no id yet: its cell gets a number no pane of w has
// (tmux ignores the numbers in a layout it applies).
func (p *Plan) layout(l *Layout, root *cell, w *tmux.Window) {
	fresh := 0
	for _, q := range w.Panes {
		fresh = max(fresh, q.ID.Num()+1)
	}
	for _, c := range root.leaves(nil) {
		p.Order = append(p.Order, c.pane)
		if c.pane == "" {
			p.Create = append(p.Create, l.Slots[c.slot])
		}
	}
	p.Layout = root.node(func(c *cell) int {
		if c.pane != "" {
			return c.pane.Num()
		}
		fresh++
		return fresh - 1
	}).String()
}

// activePane sets Active: the pane in the saved active slot, else (the
// slot was closed, or the active pane floated) the window's active pane.
func (p *Plan) activePane(l *Layout, w *tmux.Window) {
	if l.Active >= 0 {
		if i := slices.IndexFunc(p.Moves, func(m Move) bool { return m.Slot == l.Active }); i >= 0 {
			p.Active = p.Moves[i].Pane
			return
		}
		if !slices.Contains(p.Dropped, l.Active) {
			return // a pane Create makes
		}
	}
	if a, ok := w.ActivePane(); ok {
		p.Active = a.ID
	}
}

// floating matches w's floating panes to l's and places them, or says
// what is left out.
func (p *Plan) floating(l *Layout, w *tmux.Window, floating []tmux.Pane, floatingOK bool) {
	if len(l.Floating) == 0 {
		return
	}
	if !floatingOK {
		for _, f := range l.Floating {
			p.LeftOut = append(p.LeftOut, fmt.Sprintf("floating pane %s (%s): this tmux cannot put floating panes back (tmux 3.8 and later can); the tiled part is applied", f.Pane, f.Command))
		}
		return
	}
	slots := make([]Slot, len(l.Floating))
	at := make([]box, len(l.Floating))
	for i, f := range l.Floating {
		slots[i], at[i] = f.Slot, box{f.Left, f.Top, f.Width, f.Height}
	}
	paneOf, _ := match(slots, at, floating, boxesOf(floating, w))
	for i, f := range l.Floating {
		if paneOf[i] < 0 {
			p.LeftOut = append(p.LeftOut, fmt.Sprintf("floating pane %s (%s): the window has no floating pane to put in its place", f.Pane, f.Command))
			continue
		}
		id := floating[paneOf[i]].ID
		p.Floating = append(p.Floating, FloatPlace{Pane: id,
			Left: cellsAt(f.Left, w.Width), Top: cellsAt(f.Top, w.Height),
			Width: max(1, cellsAt(f.Width, w.Width)), Height: max(1, cellsAt(f.Height, w.Height))})
		if l.Active < 0 && i == 0 {
			p.Active = id
		}
	}
}

func cellsAt(share float64, size int) int { return int(math.Round(share * float64(size))) }

// After is the window as the plan leaves it: its tiled panes in Order
// with the cells of Layout (a pane Create makes has no id, and its
// slot's title, command and directory), the floating panes in their
// places, the active pane and zoom. It draws the plan before it is
// carried out, and the map of the result.
func (p *Plan) After(w *tmux.Window) *tmux.Window {
	out := *w
	out.Layout, out.Zoomed, out.Panes = p.Layout, p.Zoomed, nil
	root, err := tmux.ParseLayoutTree(p.Layout)
	if err != nil {
		return &out
	}
	cells := root.Leaves()
	made := 0
	for i, id := range p.Order {
		q, ok := w.Pane(id)
		if !ok {
			s := p.Create[made]
			made++
			q = tmux.Pane{WindowID: w.ID, Title: s.Title, Command: s.Command, Path: s.Cwd, DeadStatus: -1}
		}
		q.Index, q.Active = i, id == p.Active && id != ""
		q.Left, q.Top, q.Width, q.Height = cells[i].Left, cells[i].Top, cells[i].Width, cells[i].Height
		out.Panes = append(out.Panes, q)
	}
	for _, q := range w.Panes {
		if !q.Floating {
			continue
		}
		if i := slices.IndexFunc(p.Floating, func(f FloatPlace) bool { return f.Pane == q.ID }); i >= 0 {
			f := p.Floating[i]
			q.Left, q.Top, q.Width, q.Height, q.Z = f.Left, f.Top, f.Width, f.Height, i
		} else {
			q.Z += len(p.Floating)
		}
		q.Index, q.Active = len(out.Panes), q.ID == p.Active
		out.Panes = append(out.Panes, q)
	}
	return &out
}

// Preview is l drawn into a width×height window: its slots as panes
// with their saved ids, titles, commands and directories, its floating
// panes in their places. A size too small for it is grown to the
// smallest it fits.
func (l *Layout) Preview(width, height int) *tmux.Window {
	root := cellsOf(l.Tree, func(slot int) tmux.PaneID { return tmux.PaneID(l.Slots[slot].Pane) })
	width, height = max(width, root.minSize(SplitH)), max(height, root.minSize(SplitV))
	root.fit(tmux.Rect{Width: width, Height: height})
	w := &tmux.Window{Name: l.Name, Width: width, Height: height, Zoomed: l.Zoomed, Layout: root.node(func(c *cell) int { return c.pane.Num() }).String()}
	for i, c := range root.leaves(nil) {
		s := l.Slots[c.slot]
		w.Panes = append(w.Panes, tmux.Pane{ID: c.pane, Index: i, Active: c.slot == l.Active, DeadStatus: -1,
			Left: c.box.Left, Top: c.box.Top, Width: c.box.Width, Height: c.box.Height, Title: s.Title, Command: s.Command, Path: s.Cwd})
	}
	for i, f := range l.Floating {
		w.Panes = append(w.Panes, tmux.Pane{ID: tmux.PaneID(f.Pane), Index: len(w.Panes), Floating: true, Z: i, Active: l.Active < 0 && i == 0, DeadStatus: -1,
			Left: cellsAt(f.Left, width), Top: cellsAt(f.Top, height), Width: max(1, cellsAt(f.Width, width)), Height: max(1, cellsAt(f.Height, height)), Title: f.Title, Command: f.Command, Path: f.Cwd})
	}
	return w
}
