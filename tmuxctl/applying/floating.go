package applying

import (
	"fmt"
	"slices"

	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/restoring"
)

// A window with floating panes (tmux 3.8): select-layout deals its cells
// to every pane, floating ones included (layout-custom.c), so the plan's
// tiled string cannot be given as it is. The swaps put the tiled panes in
// order among the floating ones, which keep their indices; then the
// window is given the plan's cells and each floating pane its place as a
// restore gives them back (restoring.Refloat: the tiled string with a
// stand-in cell for each floating pane, then each floated again and
// placed, and the stack set).

// CheckWindow refuses window w (as read) with floating panes when the
// server cannot put them back (floatingOK false: tmux 3.7), where
// select-layout would tile them, or when the plan's cells cannot be
// given back around them (see restoring.Refloat).
func CheckWindow(p *layouts.Plan, w *tmux.Window, floatingOK bool) error {
	fl := w.FloatingPanes()
	if len(fl) == 0 {
		return nil
	}
	refuse := func(why string) error {
		return &tmux.Error{Kind: tmux.KindUnsupported, Value: string(w.ID), Message: fmt.Sprintf("window %s has floating panes (%s first), and %s. Nothing changed", w.ID, fl[0].ID, why)}
	}
	if !floatingOK {
		return refuse("this tmux would tile them with the layout (tmux 3.8 keeps them floating): tile them, or apply the layout to another window")
	}
	if _, err := refloat(p, w); err != nil {
		return refuse(fmt.Sprintf("the layout's cells cannot be given back around them (%v)", err))
	}
	return nil
}

// refloat is the command list that gives window w, its tiled panes in
// p.Order among its floating ones (as the swaps leave them), p's cells,
// and its floating panes p's places (their own where p has none).
func refloat(p *layouts.Plan, w *tmux.Window) ([][]string, error) {
	root, err := tmux.ParseLayoutTree(p.Layout)
	if err != nil {
		return nil, err
	}
	order := slices.Clone(p.Order)
	var number func(n *tmux.LayoutNode) // the cells get the ids they will have (a pane made has one now)
	number = func(n *tmux.LayoutNode) {
		if n.Split == 0 && len(order) > 0 {
			n.Pane, order = order[0].Num(), order[1:]
		}
		for _, k := range n.Children {
			number(k)
		}
	}
	number(root)
	want := *w
	want.Layout, want.Panes = root.String(), nil
	next := 0
	for _, q := range w.Panes {
		if !q.Floating {
			if next < len(p.Order) {
				want.Panes = append(want.Panes, tmux.Pane{ID: p.Order[next], Index: q.Index, WindowID: w.ID})
			}
			next++
			continue
		}
		q.Z += len(p.Floating)
		if i := slices.IndexFunc(p.Floating, func(f layouts.FloatPlace) bool { return f.Pane == q.ID }); i >= 0 {
			f := p.Floating[i]
			q.Left, q.Top, q.Width, q.Height, q.Z = f.Left, f.Top, f.Width, f.Height, i
		}
		want.Panes = append(want.Panes, q)
	}
	return restoring.Refloat(&want)
}
