package ui

import (
	"fmt"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// The navigator's actions: what each key asks tmux to do. Each decides from the state the map shows
// (the latest read) and answers with the one change to make (a decision), which
// tmuxctl.Client.Act then makes between two reads of the session, all in
// one tmux command list. Whatever can depend on a change the map has not
// shown yet is left to tmux to decide as the change runs: directional
// moves start from the window's active pane, not from the one the map
// believes focused; swaps keep focus by tmux's state at that moment; a
// restore runs only while the panes are where the map saw them.

func windowGone(id tmux.WindowID) error {
	return &tmux.Error{Kind: tmux.KindGone, Value: string(id), Message: fmt.Sprintf("window %s is gone", id)}
}

// focused is the active pane of window win in st.
func focused(st *tmux.State, win tmux.WindowID) (*tmux.Window, tmux.Pane, error) {
	w, ok := st.Window(win)
	if !ok {
		return nil, tmux.Pane{}, windowGone(win)
	}
	a, ok := w.ActivePane()
	if !ok {
		return nil, tmux.Pane{}, windowGone(win)
	}
	return w, a, nil
}

// onFocused is the opFunc that decides with decide from window win and
// its active pane, as st has them; it fails when the window is gone.
func onFocused(win tmux.WindowID, decide func(st *tmux.State, w *tmux.Window, a tmux.Pane) decision) opFunc {
	return func(st *tmux.State) (decision, error) {
		w, a, err := focused(st, win)
		if err != nil {
			return decision{}, err
		}
		return decide(st, w, a), nil
	}
}

// nudge is a decision to do nothing, saying why.
func nudge(note string) decision { return decision{note: note} }

func isGeometric(d tmux.Direction) bool {
	return d == tmux.DirUp || d == tmux.DirDown || d == tmux.DirLeft || d == tmux.DirRight
}

func edgeNudge(d tmux.Direction) string {
	edge := map[tmux.Direction]string{tmux.DirUp: "top", tmux.DirDown: "bottom", tmux.DirLeft: "left", tmux.DirRight: "right"}[d]
	return fmt.Sprintf("at the %s edge (wrap is off)", edge)
}

// moveFocus moves tmux's focus from the focused pane in direction d.
func moveFocus(win tmux.WindowID, d tmux.Direction, wrap bool) opFunc {
	return onFocused(win, func(st *tmux.State, w *tmux.Window, a tmux.Pane) decision {
		// tmux decides whether there is a pane to move to (see
		// tmuxctl.Op.Stop); the answer says.
		dec := decision{op: &tmuxctl.Op{Kind: tmuxctl.OpSelect, Window: win, Dir: d, Stop: d == tmux.DirLast || !wrap && isGeometric(d)}}
		switch {
		case d == tmux.DirLast:
			dec.unmoved = "no last pane in this window"
		case dec.op.Stop:
			dec.unmoved = edgeNudge(d)
		}
		return dec
	})
}

// focusPane makes p the active pane.
func focusPane(p tmux.PaneID) opFunc {
	return func(*tmux.State) (decision, error) {
		return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpSelect, Pane: p}}, nil
	}
}

// swapDir swaps the focused pane with the pane tmux's select-pane picks
// in direction d (see tmuxctl.Op's OpSwap with a Dir): the one → would
// focus, most recently used among several, which only tmux knows (see
// tmux.Predict), so tmux picks it as the swap runs. The focus stays on
// the pane, so it walks across the layout. Whether there is a pane there
// at all is geometry, known here, so the nudges come without asking
// tmux. A floating pane moves step cells instead.
func swapDir(win tmux.WindowID, d tmux.Direction, wrap bool, step int) opFunc {
	return onFocused(win, func(st *tmux.State, w *tmux.Window, a tmux.Pane) decision {
		if a.Floating {
			return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpFloatMove, Pane: a.ID, Dir: d, Cells: step}}
		}
		panes, wraps := tmux.Adjacent(w, a.ID, d)
		switch {
		case wraps && !wrap:
			return nudge(edgeNudge(d))
		case wraps && len(panes) == 0:
			// One column (left, right) or one row (up, down): tmux's
			// select-pane does nothing there.
			return nudge("no pane to swap with there")
		}
		// Off the window's edge a tiled pane always has a neighbour.
		// Where Adjacent finds none its geometry is short of tmux's: a
		// window read without its layout has no pane scrollbars (3.6+)
		// in its panes' widths, which tmux counts as part of the pane
		// (see tmux.Adjacent). tmux picks, as always.
		return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpSwap, Pane: a.ID, Dir: d}}
	})
}

func swapOp(a, b tmux.PaneID) *tmuxctl.Op {
	return &tmuxctl.Op{Kind: tmuxctl.OpSwap, Pane: a, With: b}
}

// swapPanes swaps a and b (a mouse drag).
func swapPanes(a, b tmux.PaneID) opFunc {
	return func(*tmux.State) (decision, error) {
		return decision{op: swapOp(a, b)}, nil
	}
}

// swapMarked swaps the focused pane with tmux's marked pane, wherever it
// is. A marked pane in another window of the session takes the focused
// pane there: the focus and the map go with it, as with a move.
func swapMarked(win tmux.WindowID) opFunc {
	return onFocused(win, func(st *tmux.State, w *tmux.Window, a tmux.Pane) decision {
		switch st.Marked {
		case "":
			return nudge("no marked pane: press m on a pane to mark it")
		case a.ID:
			return nudge("the focused pane is the marked pane")
		}
		op := swapOp(a.ID, st.Marked)
		op.Follow = true
		return decision{op: op}
	})
}

// toggleMark marks or unmarks the focused pane.
func toggleMark(win tmux.WindowID) opFunc {
	return onFocused(win, func(st *tmux.State, w *tmux.Window, a tmux.Pane) decision {
		return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpMark, Pane: a.ID}}
	})
}

// toggleZoom zooms or unzooms the focused pane.
func toggleZoom(win tmux.WindowID) opFunc {
	return onFocused(win, func(st *tmux.State, w *tmux.Window, a tmux.Pane) decision {
		return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpZoom, Pane: a.ID}}
	})
}

// stepWindow selects the window delta steps from win, wrapping.
func stepWindow(win tmux.WindowID, delta int) opFunc {
	return func(st *tmux.State) (decision, error) {
		to, ok := windowStep(st, win, delta)
		if !ok {
			return nudge("this session has one window"), nil
		}
		return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpSelectWindow, Window: to}, toWin: to}, nil
	}
}

// windowStep is the session's window delta steps from win, wrapping;
// false when the session has one window.
func windowStep(st *tmux.State, win tmux.WindowID, delta int) (tmux.WindowID, bool) {
	n := len(st.Windows)
	if n < 2 {
		return "", false
	}
	i := 0
	for j, w := range st.Windows {
		if w.ID == win {
			i = j
		}
	}
	return st.Windows[((i+delta)%n+n)%n].ID, true
}

// gotoWindow selects window to (a click on its tab).
func gotoWindow(to tmux.WindowID) opFunc {
	return func(*tmux.State) (decision, error) {
		return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpSelectWindow, Window: to}, toWin: to}, nil
	}
}

// restoreTo puts a snapshot back (undo), with the names and titles of
// named.
func restoreTo(e undoEntry, named map[string]bool) opFunc {
	return func(st *tmux.State) (decision, error) {
		return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpRestore, From: st, Want: e.state, Names: named}, toWin: e.win}, nil
	}
}

// keepHistory is the closing work of q and Enter. Every select-pane pushes
// tmux's last-pane history, so a walk A→B→C leaves last-pane at B; this
// leaves it as if the person had jumped from A to C directly.
func keepHistory(initial *tmux.State, win tmux.WindowID) closeFunc {
	return func(st *tmux.State) *tmuxctl.Op {
		w, ok1 := st.Window(win)
		iw, ok2 := initial.Window(win)
		if !ok1 || !ok2 {
			return nil
		}
		a, ok1 := w.ActivePane()
		ia, ok2 := iw.ActivePane()
		if !ok1 || !ok2 || a.ID == ia.ID {
			return nil
		}
		if _, ok := w.Pane(ia.ID); !ok {
			return nil
		}
		if l, ok := w.LastPane(); ok && l.ID == ia.ID {
			return nil
		}
		return &tmuxctl.Op{Kind: tmuxctl.OpRefocus, Pane: ia.ID, With: a.ID}
	}
}

// revert is the closing work of Esc: everything back as it was at open,
// the names and titles of named included.
func revert(initial *tmux.State, named map[string]bool) closeFunc {
	return func(st *tmux.State) *tmuxctl.Op {
		return &tmuxctl.Op{Kind: tmuxctl.OpRestore, From: st, Want: initial, Names: named}
	}
}

// resizePane moves the focused pane's edge in direction d by cells. A
// floating pane grows or shrinks instead, its top-left corner staying:
// narrower (left), wider (right), shorter (up) or taller (down).
func resizePane(win tmux.WindowID, d tmux.Direction, cells int) opFunc {
	return onFocused(win, func(st *tmux.State, w *tmux.Window, a tmux.Pane) decision {
		if a.Floating {
			return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpFloatResize, Pane: a.ID, Dir: d, Cells: cells}}
		}
		if len(w.Panes) == 1 {
			return nudge("one pane fills the window: nothing to resize")
		}
		return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpResize, Pane: a.ID, Dir: d, Cells: cells}}
	})
}

// applyLayout gives the window a layout: tmux's next or previous preset,
// or the focused pane and its neighbours spread evenly.
func applyLayout(win tmux.WindowID, choice string) opFunc {
	return onFocused(win, func(st *tmux.State, w *tmux.Window, a tmux.Pane) decision {
		if len(w.Panes) == 1 {
			return nudge("one pane: no layout to change")
		}
		return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpLayout, Window: win, Layout: choice}}
	})
}

// rotate moves every pane of the window one place, down or up; the focus
// stays with the pane that has it.
func rotate(win tmux.WindowID, d tmux.Direction) opFunc {
	return onFocused(win, func(st *tmux.State, w *tmux.Window, a tmux.Pane) decision {
		if len(w.Panes) == 1 {
			return nudge("one pane: nothing to rotate")
		}
		return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpRotate, Window: win, Dir: d}}
	})
}

// moveToWindow moves the focused pane into the window delta steps away
// (wrapping), next to its active pane. The map follows the pane.
func moveToWindow(win tmux.WindowID, delta int) opFunc {
	return onFocused(win, func(st *tmux.State, w *tmux.Window, a tmux.Pane) decision {
		to, ok := windowStep(st, win, delta)
		if !ok {
			return nudge("this session has one window")
		}
		return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpMove, Pane: a.ID, Window: to, Follow: true}}
	})
}

// movePaneTo moves pane p into window to (a pane dropped on a tab).
func movePaneTo(p tmux.PaneID, to tmux.WindowID) opFunc {
	return func(st *tmux.State) (decision, error) {
		if _, w, ok := st.FindPane(p); ok && w.ID == to {
			return nudge("the pane is in that window already"), nil
		}
		return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpMove, Pane: p, Window: to, Follow: true}}, nil
	}
}

// breakOut moves the focused pane into a new window of its own.
func breakOut(win tmux.WindowID) opFunc {
	return onFocused(win, func(st *tmux.State, w *tmux.Window, a tmux.Pane) decision {
		if len(w.Panes) == 1 {
			return nudge("the pane has this window to itself already")
		}
		return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpMove, Pane: a.ID, Follow: true}}
	})
}
