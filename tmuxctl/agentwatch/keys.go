package agentwatch

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// SendableKeys are the named keys SendKeys sends.
var SendableKeys = []string{"Enter", "Escape", "Tab", "Up", "Down", "Left", "Right", "C-c"}

// SendKeys types into pane: text literally (send-keys -l), then keys
// (names from SendableKeys), then Enter when enter. It refuses a gone
// pane, a dead pane, and the caller's own pane unless own.
func SendKeys(ctx context.Context, c *tmuxctl.Client, pane tmux.PaneID, text string, keys []string, enter, own bool) error {
	return &tmux.Error{Kind: tmux.KindUnsupported, Message: "agentwatch: not yet"}
}
