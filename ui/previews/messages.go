package previews

import "github.com/panemap/panemap/tmux"

// TickMsg is the preview poll's tick: every pane on the map is captured
// (the poll, or the safety net beside notices).
type TickMsg struct{}

// DueMsg ends a batch of change notices: what printed is captured.
type DueMsg struct{}

// ChangedMsg is a change notice: panes printed. Closed means the
// notices ended (the map polls from then on).
type ChangedMsg struct {
	Panes  []tmux.PaneID
	Closed bool
}

// CapturedMsg answers a capture.
type CapturedMsg struct {
	Screens []tmux.PaneScreen
	More    bool // panes may still be printing: capture again after a batch delay
	// Since, when not 0, is the Unix second a check of what printed
	// elsewhere began (CaptureActive).
	Since int64
}
