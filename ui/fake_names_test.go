package ui

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// setName is the fake's rename-window (automatic-rename goes off, as
// tmux does) and select-pane -T.
func (f *fakeCore) setName(op tmuxctl.Op) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if op.Kind == tmuxctl.OpRenameWindow {
		f.record("rename %s %q", op.Window, op.Text)
		w, ok := f.st.Window(op.Window)
		if !ok {
			return windowGone(op.Window)
		}
		w.Name, w.AutoRename = op.Text, false
		return nil
	}
	f.record("title %s %q", op.Pane, op.Text)
	w, i, ok := f.find(op.Pane)
	if !ok {
		return paneGone(op.Pane)
	}
	w.Panes[i].Title = op.Text
	return nil
}

// restoreNamed is Restore giving back the names and titles of names
// only, as tmuxctl's restore does: every other window keeps its name and
// automatic-rename, every other pane its title.
func (f *fakeCore) restoreNamed(ctx context.Context, want *tmux.State, names map[string]bool) error {
	f.mu.Lock()
	cur := cloneState(f.st)
	f.mu.Unlock()
	if err := f.Restore(ctx, want); err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, w := range allWindows(f.st) {
		cw, ok := cur.Window(w.ID)
		if !ok {
			continue
		}
		if !names[string(w.ID)] {
			w.Name, w.AutoRename = cw.Name, cw.AutoRename
		}
		for i, p := range w.Panes {
			if cp, ok := cw.Pane(p.ID); ok && !names[string(p.ID)] {
				w.Panes[i].Title = cp.Title
			}
		}
	}
	return nil
}
