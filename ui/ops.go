package ui

import (
	"context"
	"fmt"

	"github.com/panemap/panemap/tmuxctl"
)

// The navigator's operations. Each works from the state read just before
// it runs, so a decision (which pane is focused, who is the neighbour)
// is never based on a stale map.

func windowGone(id tmuxctl.WindowID) error {
	return &tmuxctl.Error{Kind: tmuxctl.KindGone, Value: string(id), Message: fmt.Sprintf("window %s is gone", id)}
}

// focused is the active pane of window win in st.
func focused(st *tmuxctl.State, win tmuxctl.WindowID) (*tmuxctl.Window, tmuxctl.Pane, error) {
	w, ok := st.Window(win)
	if !ok {
		return nil, tmuxctl.Pane{}, windowGone(win)
	}
	a, ok := w.ActivePane()
	if !ok {
		return nil, tmuxctl.Pane{}, windowGone(win)
	}
	return w, a, nil
}

func isGeometric(d tmuxctl.Direction) bool {
	return d == tmuxctl.DirUp || d == tmuxctl.DirDown || d == tmuxctl.DirLeft || d == tmuxctl.DirRight
}

func edgeNudge(d tmuxctl.Direction) string {
	edge := map[tmuxctl.Direction]string{tmuxctl.DirUp: "top", tmuxctl.DirDown: "bottom", tmuxctl.DirLeft: "left", tmuxctl.DirRight: "right"}[d]
	return fmt.Sprintf("at the %s edge (wrap is off)", edge)
}

// moveFocus moves tmux's focus from the focused pane in direction d.
func moveFocus(win tmuxctl.WindowID, d tmuxctl.Direction, wrap bool) opFunc {
	return func(ctx context.Context, c Core, st *tmuxctl.State) (string, tmuxctl.WindowID, error) {
		w, a, err := focused(st, win)
		if err != nil {
			return "", "", err
		}
		if isGeometric(d) && !wrap && tmuxctl.AtEdge(w, a, d) {
			return edgeNudge(d), "", nil
		}
		if d == tmuxctl.DirLast {
			if _, ok := w.LastPane(); !ok && len(w.Panes) != 2 {
				return "no last pane in this window", "", nil
			}
		}
		_, err = c.SelectPane(ctx, a.ID, d)
		return "", "", err
	}
}

// focusPane makes p the active pane.
func focusPane(p tmuxctl.PaneID) opFunc {
	return func(ctx context.Context, c Core, st *tmuxctl.State) (string, tmuxctl.WindowID, error) {
		_, err := c.SelectPane(ctx, p, tmuxctl.DirNone)
		return "", "", err
	}
}

// swapDir swaps the focused pane with its neighbour in direction d; the
// focus stays on the pane, so it walks across the layout.
func swapDir(win tmuxctl.WindowID, d tmuxctl.Direction, wrap bool) opFunc {
	return func(ctx context.Context, c Core, st *tmuxctl.State) (string, tmuxctl.WindowID, error) {
		w, a, err := focused(st, win)
		if err != nil {
			return "", "", err
		}
		n, ok := tmuxctl.Neighbour(w, a.ID, d, wrap)
		if !ok {
			if !wrap && tmuxctl.AtEdge(w, a, d) {
				return edgeNudge(d), "", nil
			}
			return "no pane to swap with there", "", nil
		}
		_, err = c.SwapPane(ctx, a.ID, n)
		return "", "", err
	}
}

// swapPanes swaps a and b (a mouse drag).
func swapPanes(a, b tmuxctl.PaneID) opFunc {
	return func(ctx context.Context, c Core, st *tmuxctl.State) (string, tmuxctl.WindowID, error) {
		_, err := c.SwapPane(ctx, a, b)
		return "", "", err
	}
}

// swapMarked swaps the focused pane with tmux's marked pane, wherever it is.
func swapMarked(win tmuxctl.WindowID) opFunc {
	return func(ctx context.Context, c Core, st *tmuxctl.State) (string, tmuxctl.WindowID, error) {
		_, a, err := focused(st, win)
		if err != nil {
			return "", "", err
		}
		switch st.Marked {
		case "":
			return "no marked pane: press m on a pane to mark it", "", nil
		case a.ID:
			return "the focused pane is the marked pane", "", nil
		}
		_, err = c.SwapPane(ctx, a.ID, st.Marked)
		return "", "", err
	}
}

// toggleMark marks or unmarks the focused pane.
func toggleMark(win tmuxctl.WindowID) opFunc {
	return func(ctx context.Context, c Core, st *tmuxctl.State) (string, tmuxctl.WindowID, error) {
		_, a, err := focused(st, win)
		if err != nil {
			return "", "", err
		}
		return "", "", c.ToggleMark(ctx, a.ID)
	}
}

// toggleZoom zooms or unzooms the focused pane.
func toggleZoom(win tmuxctl.WindowID) opFunc {
	return func(ctx context.Context, c Core, st *tmuxctl.State) (string, tmuxctl.WindowID, error) {
		_, a, err := focused(st, win)
		if err != nil {
			return "", "", err
		}
		return "", "", c.ToggleZoom(ctx, a.ID)
	}
}

// stepWindow selects the window delta steps from win, wrapping.
func stepWindow(win tmuxctl.WindowID, delta int) opFunc {
	return func(ctx context.Context, c Core, st *tmuxctl.State) (string, tmuxctl.WindowID, error) {
		n := len(st.Windows)
		if n < 2 {
			return "this session has one window", "", nil
		}
		i := 0
		for j, w := range st.Windows {
			if w.ID == win {
				i = j
			}
		}
		to := st.Windows[((i+delta)%n+n)%n].ID
		return "", to, c.SelectWindow(ctx, st.Session, to)
	}
}

// gotoWindow selects window to (a click on its tab).
func gotoWindow(to tmuxctl.WindowID) opFunc {
	return func(ctx context.Context, c Core, st *tmuxctl.State) (string, tmuxctl.WindowID, error) {
		return "", to, c.SelectWindow(ctx, st.Session, to)
	}
}

// restoreTo puts a snapshot back (undo).
func restoreTo(e undoEntry) opFunc {
	return func(ctx context.Context, c Core, st *tmuxctl.State) (string, tmuxctl.WindowID, error) {
		return "", e.win, c.Restore(ctx, e.state)
	}
}

// keepHistory is the closing work of q and Enter. Every select-pane pushes
// tmux's last-pane history, so a walk A→B→C leaves last-pane at B; this
// leaves it as if the person had jumped from A to C directly.
func keepHistory(sess tmuxctl.SessionID, initial *tmuxctl.State, win tmuxctl.WindowID) func(context.Context, Core) error {
	return func(ctx context.Context, c Core) error {
		st, err := c.ReadState(ctx, sess)
		if err != nil {
			return err
		}
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
		if _, err := c.SelectPane(ctx, ia.ID, tmuxctl.DirNone); err != nil {
			return err
		}
		_, err = c.SelectPane(ctx, a.ID, tmuxctl.DirNone)
		return err
	}
}

// revert is the closing work of Esc: everything back as it was at open.
func revert(initial *tmuxctl.State) func(context.Context, Core) error {
	return func(ctx context.Context, c Core) error {
		return c.Restore(ctx, initial)
	}
}
