package previews

import (
	"context"
	"maps"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/mapview"
)

// onChanged notes the panes that printed and starts a batch.
func (m *Model) onChanged(env Env, msg ChangedMsg) tea.Cmd {
	m.waiting = false
	if msg.Closed {
		// No more notices (the connection went): poll instead, every
		// pane on the map.
		m.notices = false
		return m.tick(env, pollInterval(env.Live))
	}
	for _, p := range msg.Panes {
		if !slices.Contains(m.dirty, p) {
			m.dirty = append(m.dirty[:len(m.dirty):len(m.dirty)], p)
		}
	}
	return m.startBatch(env)
}

// startBatch captures what printed after BatchDelay.
func (m *Model) startBatch(env Env) tea.Cmd {
	if m.batching {
		return nil
	}
	m.batching = true
	return env.After(BatchDelay, func(time.Time) tea.Msg { return DueMsg{} })
}

// onDue captures the panes that printed during the batch (after the
// capture in flight, if there is one).
func (m *Model) onDue(env Env) tea.Cmd {
	m.batching = false
	if m.capturing {
		m.dueAfter = true
		return nil
	}
	return m.captureDirty(env)
}

// captureDirty captures the batch (CapturePrinted): the panes noted,
// those that printed since, and those still printing.
func (m *Model) captureDirty(env Env) tea.Cmd {
	if m.capturing || !m.On() || !m.notices {
		return nil
	}
	printed, onMap := m.dirty, mapPanes(env.Window)
	m.dirty = nil
	return m.startCapture(env, func(ctx context.Context, src Source) CapturedMsg {
		screens, more, _ := src.CapturePrinted(ctx, onMap, printed)
		return CapturedMsg{Screens: screens, More: more}
	})
}

// CaptureMissing captures the map's panes that have no shot yet (a
// window just shown, a pane just split).
func (m *Model) CaptureMissing(env Env) tea.Cmd {
	if !m.On() || m.capturing || env.Stopped {
		return nil
	}
	var missing []tmux.PaneID
	for _, p := range mapPanes(env.Window) {
		if m.shots[p] == nil {
			missing = append(missing, p)
		}
	}
	return m.capture(env, missing)
}

// CaptureNew captures, once each, those of panes (the server view's)
// that have no shot yet. From then on the live previews keep them: on
// 3.7 the panes of the map's session that print are captured again.
func (m *Model) CaptureNew(env Env, panes []tmux.PaneID) tea.Cmd {
	if !m.On() {
		return nil
	}
	var missing []tmux.PaneID
	for _, p := range panes {
		if m.shots[p] == nil && !slices.Contains(missing, p) {
			missing = append(missing, p)
		}
	}
	return m.capture(env, missing)
}

// CaptureActive captures, of shown, the panes whose windows printed at
// or after the Unix second since (active answers which): the check of
// what printed elsewhere. The answer's Since is the second the check
// began, or 0 when active failed (ask from the same second next time).
func (m *Model) CaptureActive(env Env, active func(ctx context.Context, since int64) ([]tmux.PaneID, error), since int64, shown map[tmux.PaneID]bool) tea.Cmd {
	return m.startCapture(env, func(ctx context.Context, src Source) CapturedMsg {
		now := time.Now().Unix()
		printed, err := active(ctx, since)
		if err != nil {
			return CapturedMsg{}
		}
		var panes []tmux.PaneID
		for _, p := range printed {
			if shown[p] {
				panes = append(panes, p)
			}
		}
		if len(panes) == 0 {
			return CapturedMsg{Since: now}
		}
		screens, err := src.Capture(ctx, panes)
		if err != nil {
			return CapturedMsg{}
		}
		return CapturedMsg{Screens: screens, Since: now}
	})
}

// capture reads panes' screens (and arms them, with notices); nil when
// there is nothing to read or a capture is in flight (its answer comes
// first).
func (m *Model) capture(env Env, panes []tmux.PaneID) tea.Cmd {
	if len(panes) == 0 || m.capturing || !m.On() {
		return nil
	}
	return m.startCapture(env, func(ctx context.Context, src Source) CapturedMsg {
		screens, _ := src.Capture(ctx, panes)
		return CapturedMsg{Screens: screens}
	})
}

// startCapture marks a capture in flight and runs read on a command of
// its own (env.Call); its answer ends the flight (Captured).
func (m *Model) startCapture(env Env, read func(ctx context.Context, src Source) CapturedMsg) tea.Cmd {
	m.capturing = true
	src := m.src
	return env.Call(func(ctx context.Context) tea.Msg { return read(ctx, src) })
}

// Captured keeps a capture's screens and answers the panes whose screen
// changed (a pane whose capture is unchanged keeps its shot, so nothing
// about it is redrawn), and what to capture next: the batch that ended
// meanwhile, the map's panes still without a shot, those of shown (the
// server view's), the next batch while panes go on printing; else it
// waits for the next panes to print.
func (m Model) Captured(msg CapturedMsg, env Env, shown []tmux.PaneID) (Model, []tmux.PaneID, tea.Cmd) {
	m.capturing = false
	var cmd tea.Cmd
	if m.dueAfter {
		m.dueAfter = false
		cmd = m.captureDirty(env)
	}
	var printed []tmux.PaneID
	for _, ps := range msg.Screens {
		old := m.shots[ps.Pane]
		if old != nil && old.Raw == ps {
			continue
		}
		if printed == nil {
			m.shots = cloneShots(m.shots) // model copies never share a map being written
		}
		m.shots[ps.Pane] = mapview.NewShot(ps, old)
		printed = append(printed, ps.Pane)
	}
	if cmd == nil {
		cmd = m.CaptureMissing(env)
	}
	if cmd == nil {
		cmd = m.CaptureNew(env, shown) // what the server view asked while this ran
	}
	switch {
	case msg.More:
		// Panes are still printing: capture them again after a batch
		// delay, whatever the notices say.
		cmd = tea.Batch(cmd, m.startBatch(env))
	case cmd == nil && !m.batching:
		// Nothing taken is still being captured: wait for the next
		// panes to print.
		cmd = m.waitPrinted(env)
	}
	return m, printed, cmd
}

// mapPanes are the panes of the window on the map.
func mapPanes(w *tmux.Window) []tmux.PaneID {
	if w == nil {
		return nil
	}
	ids := make([]tmux.PaneID, len(w.Panes))
	for i, p := range w.Panes {
		ids[i] = p.ID
	}
	return ids
}

func cloneShots(in map[tmux.PaneID]*mapview.Shot) map[tmux.PaneID]*mapview.Shot {
	out := make(map[tmux.PaneID]*mapview.Shot, len(in)+1)
	maps.Copy(out, in)
	return out
}
