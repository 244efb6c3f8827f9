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
