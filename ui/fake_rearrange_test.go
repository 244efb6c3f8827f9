package ui

import (
	"fmt"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// rearrange is the fake's resize, layout, rotate and move. It records
// each op and changes the state just enough for the map to see a change:
// geometry is not tmux's (tmuxctl's tests check that against tmux).
func (f *fakeCore) rearrange(op tmuxctl.Op) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch op.Kind {
	case tmuxctl.OpResize:
		f.record("resize %s %s %d", op.Pane, op.Dir, op.Cells)
		w, i, ok := f.find(op.Pane)
		if !ok {
			return paneGone(op.Pane)
		}
		w.Panes[i].Width += op.Cells
	case tmuxctl.OpFloat, tmuxctl.OpTile, tmuxctl.OpFloatMove, tmuxctl.OpFloatResize:
		return f.floating(op)
	case tmuxctl.OpLayout:
		f.record("layout %s %s", op.Window, op.Layout)
		w, ok := f.st.Window(op.Window)
		if !ok {
			return &tmux.Error{Kind: tmux.KindGone, Message: "window gone"}
		}
		w.Panes[0].Height--
	case tmuxctl.OpRotate:
		f.record("rotate %s %s", op.Window, op.Dir)
		w, ok := f.st.Window(op.Window)
		if !ok {
			return &tmux.Error{Kind: tmux.KindGone, Message: "window gone"}
		}
		n := len(w.Panes)
		ids := make([]tmux.Pane, n)
		for i, p := range w.Panes {
			ids[(i+1)%n] = p
		}
		for i := range w.Panes {
			q := ids[i]
			w.Panes[i].ID, w.Panes[i].Command, w.Panes[i].Active, w.Panes[i].Last = q.ID, q.Command, q.Active, q.Last
		}
	case tmuxctl.OpMove:
		f.record("move %s %q follow=%v", op.Pane, op.Window, op.Follow)
		from, i, ok := f.find(op.Pane)
		if !ok {
			return paneGone(op.Pane)
		}
		p := from.Panes[i]
		from.Panes = append(from.Panes[:i:i], from.Panes[i+1:]...)
		to, ok := f.st.Window(op.Window)
		if op.Window == "" {
			to = &tmux.Window{ID: tmux.WindowID(fmt.Sprintf("@%d", 90+len(f.st.Windows))), Index: 90 + len(f.st.Windows),
				Name: "new", SessionID: "$1", SessionName: "main", Width: from.Width, Height: from.Height}
			f.st.Windows = append(f.st.Windows, to)
		} else if !ok {
			return &tmux.Error{Kind: tmux.KindGone, Message: "window gone"}
		}
		for j := range to.Panes {
			to.Panes[j].Active = false
		}
		wasActive := p.Active
		p.WindowID, p.Active, p.Index = to.ID, true, len(to.Panes)
		to.Panes = append(to.Panes, p)
		if len(from.Panes) == 0 {
			ws := f.st.Windows[:0:0]
			for _, w := range f.st.Windows {
				if w != from {
					ws = append(ws, w)
				}
			}
			f.st.Windows = ws
		} else if wasActive {
			from.Panes[0].Active = true
		}
		for _, w := range f.st.Windows {
			w.Active = w == to
		}
		f.st.Current = to.ID
	}
	return nil
}

// floating is the fake's float, tile, move and resize of a floating pane,
// as tmux 3.8 does them (tmuxctl's tests check them against tmux); with
// f.noFloating it refuses them as tmuxctl does before 3.8.
func (f *fakeCore) floating(op tmuxctl.Op) error {
	name := map[tmuxctl.OpKind]string{tmuxctl.OpFloat: "float", tmuxctl.OpTile: "tile", tmuxctl.OpFloatMove: "float-move", tmuxctl.OpFloatResize: "float-resize"}[op.Kind]
	if f.noFloating {
		return &tmux.Error{Kind: tmux.KindUnsupported, Message: "tmux 3.7c cannot " + name}
	}
	f.record("%s %s %s %d", name, op.Pane, op.Dir, op.Cells)
	w, i, ok := f.find(op.Pane)
	if !ok {
		return paneGone(op.Pane)
	}
	p := &w.Panes[i]
	unit := map[tmux.Direction][2]int{tmux.DirLeft: {-1, 0}, tmux.DirRight: {1, 0}, tmux.DirUp: {0, -1}, tmux.DirDown: {0, 1}}[op.Dir]
	dx, dy := unit[0]*op.Cells, unit[1]*op.Cells
	switch op.Kind {
	case tmuxctl.OpFloat:
		p.Floating, p.Width, p.Height = true, w.Width/2, w.Height/4
	case tmuxctl.OpTile:
		p.Floating = false
	case tmuxctl.OpFloatMove:
		p.Left, p.Top = p.Left+dx, p.Top+dy
	case tmuxctl.OpFloatResize:
		p.Width, p.Height = p.Width+dx, p.Height+dy
	}
	return nil
}

// follow takes the focus along to pane p in another window, as
// scripts.Follow does after a swap: its window current, p active there.
func (f *fakeCore) follow(p tmux.PaneID) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w, _, ok := f.find(p)
	if !ok || w == f.st.Foreign || w.ID == f.st.Current {
		return // in another session, or in the session's current window already
	}
	f.st.LastWindow, f.st.Current = f.st.Current, w.ID
	for _, x := range f.st.Windows {
		x.Active = x.ID == f.st.Current
		x.Last = x.ID == f.st.LastWindow
	}
	setActive(w, p)
}
