package mapview

import (
	"github.com/panemap/panemap/screen"
	"github.com/panemap/panemap/tmux"
)

// Shot is one pane's latest capture, parsed, as its box draws it.
type Shot struct {
	Raw     tmux.PaneScreen // as captured: an unchanged capture is not parsed again
	Screen  *screen.Screen
	Version int // bumped on every change, so the map knows what to redraw
}

// NewShot parses capture ps, the pane's next shot after old (nil: its
// first).
func NewShot(ps tmux.PaneScreen, old *Shot) *Shot {
	s := &Shot{Raw: ps, Screen: screen.Parse(ps.Text, ps.Width, ps.Height)}
	if old != nil {
		s.Version = old.Version + 1
	}
	return s
}
