package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui/mapview"
)

// PreviewSource is where the map's live previews come from: tmux's
// captures of the panes (panetext.Previews). The navigator polls it, or,
// when the source can say which panes printed, waits for that.
type PreviewSource interface {
	// Capture reads the screens of panes, all in one tmux command list,
	// and, with notices, arms them first: each is reported the next
	// time it prints.
	Capture(ctx context.Context, panes []tmux.PaneID) ([]tmux.PaneScreen, error)
	// Notices reports whether the source says which panes printed
	// (WaitPrinted); without, the map polls.
	Notices() bool
	// WaitPrinted blocks until armed panes have printed and returns all
	// that have; false when the source can no longer say (the map then
	// polls) or ctx is done.
	WaitPrinted(ctx context.Context) ([]tmux.PaneID, bool)
	// CapturePrinted captures the panes that printed (printed, and any
	// since) or may still be printing, those on the map (onMap) without
	// arming them while they print; more asks to be called again after
	// PreviewBatchDelay without waiting for a notice
	// (panetext.Previews.CapturePrinted).
	CapturePrinted(ctx context.Context, onMap, printed []tmux.PaneID) (screens []tmux.PaneScreen, more bool, err error)
}

// StateCapturer is a PreviewSource that can also read the session in
// the same tmux command list as its captures. Where previews are polled
// (tmux before 3.7, where every call is a tmux process) the map's poll
// then refreshes the session and the previews at once: one process per
// refresh rather than two, which is most of what live previews cost
// there.
type StateCapturer interface {
	CaptureWithState(ctx context.Context, s tmux.SessionID, panes []tmux.PaneID) (*tmux.State, []tmux.PaneScreen, error)
}

// How often previews are refreshed. Without change notices (tmux before
// 3.7) the map's poll reads the session and captures every pane on the
// map in one tmux process (StateCapturer), two and a half times a
// second: what a pane prints shows within the poll plus one process
// (some 20 ms on a loaded machine), under half a second. A tmux process
// costs ~10-20 ms of CPU, so the rate is most of what previews cost
// there (BENCHMARKS.md); over control mode without notices they are
// polled every PreviewBatchDelay (previewPollInterval). With notices
// only the panes that printed are captured, batched for a moment so a
// pane that prints continuously costs one capture per batch, and a slow
// poll remains as a safety net.
const (
	PreviewPollInterval   = 400 * time.Millisecond
	PreviewBatchDelay     = 250 * time.Millisecond
	PreviewSafetyInterval = 2 * time.Second
)

// previewTickMsg is the preview poll's tick.
type previewTickMsg struct{}

// previewDueMsg ends a batch of change notices: capture what printed.
type previewDueMsg struct{}

// paneChangedMsg is a change notice; closed means the notices ended.
type paneChangedMsg struct {
	panes  []tmux.PaneID
	closed bool
}

// previewMsg answers a capture.
type previewMsg struct {
	screens []tmux.PaneScreen
	err     error
	more    bool // panes may still be printing: capture again after a batch delay
	// since, when not 0, is the Unix second a check of what printed
	// elsewhere began (checkServer).
	since int64
}

// previewsOn reports whether the map shows previews.
func (m *Model) previewsOn() bool { return m.opts.Preview && m.opts.Previews != nil }

// startPreviews starts the poll, or waiting for panes to print.
func (m *Model) startPreviews() tea.Cmd {
	if !m.previewsOn() {
		return nil
	}
	if m.notices {
		return tea.Batch(m.waitPrinted(), m.previewTick(PreviewSafetyInterval))
	}
	return m.previewTick(m.previewPollInterval())
}

// previewPollInterval is how often previews are polled without change
// notices. Where tmux's events flow (control mode: 3.7 and later by
// default) a capture is a round trip on the open connection, not a
// process, and they are polled as often as batches are taken with
// notices, so that output shows as soon (within 300 ms): the watch may
// be unavailable while control mode is up.
func (m *Model) previewPollInterval() time.Duration {
	if m.live {
		return PreviewBatchDelay
	}
	return PreviewPollInterval
}

func (m *Model) previewTick(d time.Duration) tea.Cmd {
	return m.after(d, func(time.Time) tea.Msg { return previewTickMsg{} })
}

// waitPrinted waits for panes to print. It is not waited for again
// until the batch it starts has been captured, and while panes go on
// printing (CapturePrinted's more) the batches follow one another
// without waiting: a batch costs the navigator one wake-up, not one per
// pane (on 3.7c, nine panes printing every 10 ms made ~40 messages a
// second, each a wake-up of every goroutine on the way).
func (m *Model) waitPrinted() tea.Cmd {
	if m.waiting || !m.notices {
		return nil
	}
	m.waiting = true
	src, ctx := m.opts.Previews, m.ctx
	return func() tea.Msg {
		panes, ok := src.WaitPrinted(ctx)
		return paneChangedMsg{panes: panes, closed: !ok}
	}
}

// onPreviewTick captures every pane on the map (the poll, or the safety
// net) and schedules the next tick.
func (m Model) onPreviewTick() (tea.Model, tea.Cmd) {
	if m.quitting || m.fatal != nil {
		return m, nil
	}
	next := m.previewPollInterval()
	if m.notices {
		next = PreviewSafetyInterval
	}
	if m.pollsWithCaptures() {
		// The map's poll captures (refresh): the tick only stays
		// ready for when that stops (events that come up later).
		return m, m.previewTick(next)
	}
	return m, tea.Batch(m.previewTick(next), m.capture(m.mapPanes()))
}

// pollsWithCaptures reports whether the map's poll captures the previews
// in the same command list as its read (see StateCapturer): previews
// polled, not told of changes, and no tmux events either.
func (m *Model) pollsWithCaptures() bool {
	if !m.previewsOn() || m.notices || m.live {
		return false
	}
	_, ok := m.opts.Previews.(StateCapturer)
	return ok
}

// readCapturing is read with the panes' captures in the same command
// list; the answer carries both.
func (m *Model) readCapturing(seq int, panes []tmux.PaneID) tea.Cmd {
	src, sess := m.opts.Previews.(StateCapturer), m.opts.Session
	ctx, timeout := m.ctx, m.opts.OpTimeout
	return m.tracked(func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		st, screens, err := src.CaptureWithState(ctx, sess, panes)
		return stateMsg{seq: seq, state: st, err: err, preview: &previewMsg{screens: screens, err: err}}
	})
}

// onPaneChanged notes the panes that printed and starts a batch.
func (m Model) onPaneChanged(msg paneChangedMsg) (tea.Model, tea.Cmd) {
	m.waiting = false
	if msg.closed {
		// No more notices (the connection went): poll instead, every
		// pane on the map.
		m.notices = false
		return m, m.previewTick(m.previewPollInterval())
	}
	for _, p := range msg.panes {
		m.dirty = appendUnique(m.dirty, p)
	}
	return m, m.startBatch()
}

// startBatch captures what printed after PreviewBatchDelay.
func (m *Model) startBatch() tea.Cmd {
	if m.batching {
		return nil
	}
	m.batching = true
	return m.after(PreviewBatchDelay, func(time.Time) tea.Msg { return previewDueMsg{} })
}

// onPreviewDue captures the panes that printed during the batch (after
// the capture in flight, if there is one).
func (m Model) onPreviewDue() (tea.Model, tea.Cmd) {
	m.batching = false
	if m.capturing {
		m.dueAfter = true
		return m, nil
	}
	return m, m.captureDirty()
}

// captureDirty captures the batch (CapturePrinted): the panes noted,
// those that printed since, and those still printing.
func (m *Model) captureDirty() tea.Cmd {
	if m.capturing || !m.previewsOn() || !m.notices {
		return nil
	}
	printed, onMap := m.dirty, m.mapPanes()
	m.dirty = nil
	return m.startCapture(func(ctx context.Context, src PreviewSource) previewMsg {
		screens, more, err := src.CapturePrinted(ctx, onMap, printed)
		return previewMsg{screens: screens, err: err, more: more}
	})
}

// captureMissing captures the map's panes that have no shot yet (a
// window just shown, a pane just split).
func (m *Model) captureMissing() tea.Cmd {
	if !m.previewsOn() || m.capturing || m.quitting || m.fatal != nil {
		return nil
	}
	var missing []tmux.PaneID
	for _, p := range m.mapPanes() {
		if m.shots[p] == nil {
			missing = append(missing, p)
		}
	}
	return m.capture(missing)
}

// capture reads panes' screens (and arms them, with notices); nil when
// there is nothing to read or a capture is in flight (its answer comes
// first).
func (m *Model) capture(panes []tmux.PaneID) tea.Cmd {
	if len(panes) == 0 || m.capturing || !m.previewsOn() {
		return nil
	}
	return m.startCapture(func(ctx context.Context, src PreviewSource) previewMsg {
		screens, err := src.Capture(ctx, panes)
		return previewMsg{screens: screens, err: err}
	})
}

// startCapture marks a capture in flight and runs read on a command of
// its own, bounded by the operation timeout; its answer ends the flight
// (onPreview).
func (m *Model) startCapture(read func(ctx context.Context, src PreviewSource) previewMsg) tea.Cmd {
	m.capturing = true
	src, ctx, timeout := m.opts.Previews, m.ctx, m.opts.OpTimeout
	return m.tracked(func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		return read(ctx, src)
	})
}

// onPreview keeps the new captures; a pane whose capture is unchanged
// keeps its shot, so nothing about it is redrawn.
func (m Model) onPreview(msg previewMsg) (tea.Model, tea.Cmd) {
	m.capturing = false
	if msg.since != 0 {
		m.elsewhere.since = msg.since
	}
	var cmd tea.Cmd
	if m.dueAfter {
		m.dueAfter = false
		cmd = m.captureDirty()
	}
	changed := false
	var printed []tmux.PaneID
	for _, ps := range msg.screens {
		old := m.shots[ps.Pane]
		if old != nil && old.Raw == ps {
			continue
		}
		if !changed {
			m.shots = cloneShots(m.shots) // model copies never share a map being written
			changed = true
		}
		m.shots[ps.Pane] = mapview.NewShot(ps, old)
		printed = append(printed, ps.Pane)
	}
	if changed {
		m.layout()
	}
	// Find's text of the panes that printed is read again.
	findCmd := m.refreshFind(printed)
	if cmd == nil {
		cmd = m.captureMissing()
	}
	if cmd == nil {
		cmd = m.captureServer() // what the server view asked while this ran
	}
	switch {
	case msg.more:
		// Panes are still printing: capture them again after a batch
		// delay, whatever the notices say.
		cmd = tea.Batch(cmd, m.startBatch())
	case cmd == nil && !m.batching:
		// Nothing taken is still being captured: wait for the next
		// panes to print.
		cmd = m.waitPrinted()
	}
	return m, tea.Batch(cmd, findCmd)
}

// mapPanes are the panes of the window on the map.
func (m *Model) mapPanes() []tmux.PaneID {
	w := m.window()
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
	for k, v := range in {
		out[k] = v
	}
	return out
}

func appendUnique(ids []tmux.PaneID, id tmux.PaneID) []tmux.PaneID {
	for _, x := range ids {
		if x == id {
			return ids
		}
	}
	return append(ids[:len(ids):len(ids)], id)
}
