package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/ui/layoutlist"
)

// Named layouts (package layoutlist): S saves the window's layout under a
// name, o lists the saved ones in the map's place; Enter there applies
// one through Act as every key's change, so u and Esc put it back.

// openLayouts opens the layouts view, with the name prompt for save.
func (m *Model) openLayouts(save bool) tea.Cmd {
	store, err := layouts.DefaultStore()
	if err != nil {
		m.status = status{text: errorText(err), kind: statusError}
		return nil
	}
	lv := layoutlist.New(store, m.window(), m.mark.Version, save, m.styles.Layouts)
	m.layouts = &lv
	return lv.Init()
}

// layoutsKey gives a key, a paste or a store's answer to the view.
func (m *Model) layoutsKey(msg tea.Msg) tea.Cmd {
	lv, cmd, act := m.layouts.Update(msg)
	m.layouts = &lv
	switch act {
	case layoutlist.Saved:
		return tea.Batch(cmd, m.readMark(lv.Selected().Name))
	case layoutlist.Apply:
		m.layouts, m.markStale = nil, true
		win := m.win
		return tea.Batch(cmd, m.startOp(func(st *tmux.State) (decision, error) {
			p, name, err := lv.ApplyPlan(st, win)
			if err != nil {
				return decision{}, err
			}
			return decision{op: &tmuxctl.Op{Kind: tmuxctl.OpApplyLayout, Window: win, Plan: p, Text: name}}, nil
		}))
	case layoutlist.Back:
		m.layouts = nil
	}
	return cmd
}

// readMark reads the layout name of the window on the map (its options,
// for the title), once a window or when markStale (after an apply; a
// restore leaves the options as they are); a save names it first. Only
// the session's current window's can be read.
func (m *Model) readMark(saved string) tea.Cmd {
	t, ok := m.core.(layoutlist.Tmux)
	if !ok || m.state == nil || m.win != m.state.Current || (saved == "" && !m.markStale && m.mark.Window == m.win) {
		return nil
	}
	m.mark.Window, m.markStale = m.win, false
	sess, win := m.opts.Session, m.win
	return m.tmuxCall(func(ctx context.Context) tea.Msg { return layoutlist.ReadMark(ctx, t, sess, win, saved) })
}
