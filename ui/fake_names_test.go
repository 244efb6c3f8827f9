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
		if err := f.check("rename"); err != nil {
			return err
		}
		w, ok := f.st.Window(op.Window)
		if !ok {
			return windowGone(op.Window)
		}
		w.Name, w.AutoRename = op.Text, false
		return nil
	}
	f.record("title %s %q", op.Pane, op.Text)
	if err := f.check("title"); err != nil {
		return err
	}
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

// List is the fake's server listing: its session's windows, then the
// other sessions' (others).
func (f *fakeCore) List(ctx context.Context, req tmuxctl.ListRequest) (*tmuxctl.Listing, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("list %s", req.Scope)
	if err := f.check("list"); err != nil {
		return nil, err
	}
	var l tmuxctl.Listing
	for _, w := range f.st.Windows {
		c := cloneWindow(w)
		c.SessionID, c.SessionName = f.st.Session, f.st.SessionName
		l.Windows = append(l.Windows, c)
	}
	for _, w := range f.others {
		l.Windows = append(l.Windows, cloneWindow(w))
	}
	return &l, nil
}

// jump records a switch of the client; a window of the fake's own
// session also becomes its current window.
func (f *fakeCore) jump(op tmuxctl.Op) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	pane := ""
	if op.Pane != "" {
		pane = " " + string(op.Pane)
	}
	f.record("jump %s %s%s client=%q", op.Session, op.Window, pane, op.Client)
	if err := f.check("jump"); err != nil {
		return err
	}
	if op.Session == f.st.Session {
		for _, w := range f.st.Windows {
			w.Active = w.ID == op.Window
		}
		f.st.Current = op.Window
	}
	return nil
}

// inOthers reports whether pane p is in another session's window.
func (f *fakeCore) inOthers(p tmux.PaneID) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, w := range f.others {
		if _, ok := w.Pane(p); ok {
			return true
		}
	}
	return false
}

// ActiveSince answers the panes the test says printed.
func (f *fakeCore) ActiveSince(ctx context.Context, since int64) ([]tmux.PaneID, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("active since")
	return f.active, nil
}
