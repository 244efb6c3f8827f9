// Package previews is the navigator's live previews: the latest capture
// of each pane it shows (the map's window, and the server view's panes),
// kept fresh by polling tmux or, where tmux says which panes printed
// (3.7 and later), by capturing only those, in batches.
//
// The captures run in commands (tea.Cmd) that answer with this
// package's messages; Update only keeps what they bring and decides
// what to capture next. The navigator routes the messages here and
// tells each update what it shows (Env).
package previews

import (
	"context"
	"time"

	"github.com/panemap/panemap/tmux"
)

// Source is where the previews come from: tmux's captures of the panes
// (panetext.Previews). The navigator polls it, or, when the source can
// say which panes printed, waits for that.
type Source interface {
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
	// BatchDelay without waiting for a notice
	// (panetext.Previews.CapturePrinted).
	CapturePrinted(ctx context.Context, onMap, printed []tmux.PaneID) (screens []tmux.PaneScreen, more bool, err error)
}

// StateCapturer is a Source that can also read the session in the same
// tmux command list as its captures. Where previews are polled (tmux
// before 3.7, where every call is a tmux process) the map's poll then
// refreshes the session and the previews at once: one process per
// refresh rather than two, which is most of what live previews cost
// there.
//
// changed are the panes of panes that certainly changed since the last
// read (the poll's stamp says so: Model.NoteChanged); they are captured
// first.
type StateCapturer interface {
	CaptureWithState(ctx context.Context, s tmux.SessionID, panes, changed []tmux.PaneID) (*tmux.State, []tmux.PaneScreen, error)
}

// Owing is a StateCapturer whose captures share a budget
// (panetext.Previews): a read may leave panes that may have printed
// uncaptured, and the map's poll asks for them (CaptureOwed, with the
// panes that certainly changed since and were not handed to a read)
// while Owing, even when the session did not change.
type Owing interface {
	Owing() bool
	CaptureOwed(ctx context.Context, changed []tmux.PaneID) ([]tmux.PaneScreen, error)
}

// How often previews are refreshed. Without change notices (tmux before
// 3.7) the map's poll reads the session and captures every pane on the
// map in one tmux process (StateCapturer), two and a half times a
// second: what a pane prints shows within the poll plus one process
// (some 20 ms on a loaded machine), under half a second. A tmux process
// costs ~10-20 ms of CPU, so the rate is most of what previews cost
// there (BENCHMARKS.md); over control mode without notices they are
// polled every BatchDelay (pollInterval). With notices only the panes
// that printed are captured, batched for a moment so a pane that prints
// continuously costs one capture per batch, and the navigator's slow poll
// asks for a capture of every pane as a safety net when a window printed
// (Model.Safety).
const (
	PollInterval = 400 * time.Millisecond
	BatchDelay   = 250 * time.Millisecond
)
