package panetext

import (
	"context"
	"regexp"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// Match is one line that matched, in the pane it is in.
type Match struct {
	Pane      tmux.PaneID
	WindowID  tmux.WindowID
	SessionID tmux.SessionID
	Line      int // 0 is the screen's top row, negative the history
	Text      string
}

// firstLinks is the panes of windows (a server listing), each once, in
// order, and the window each is in: for a window linked into several
// sessions, its first link.
func firstLinks(windows []*tmux.Window) ([]tmux.PaneID, map[tmux.PaneID]*tmux.Window) {
	var panes []tmux.PaneID
	where := map[tmux.PaneID]*tmux.Window{}
	for _, w := range windows {
		for _, p := range w.Panes {
			if where[p.ID] == nil {
				where[p.ID] = w
				panes = append(panes, p.ID)
			}
		}
	}
	return panes, where
}

// Found is a search's answer: the matches in listing order, then line
// order, and whether there were more than max.
type Found struct {
	Matches   []Match
	Panes     int // the panes searched
	Truncated bool
}

// Search reads every pane of l (a pane of a window linked into several
// sessions once, under its first link): its screen and up to history
// lines above it, and answers the lines pattern matches, at most max of
// them. The panes are captured a command list's worth at a time, and the
// search stops reading once it has more than max.
func (r *Reader) Search(ctx context.Context, l *tmuxctl.Listing, pattern *regexp.Regexp, history, max int) (*Found, error) {
	if history < 0 || history > MaxLines {
		return nil, &tmux.Error{Kind: tmux.KindInvalidInput, Message: "lines out of range: want 1 to 10000"}
	}
	panes, where := firstLinks(l.Windows)
	f := &Found{Matches: []Match{}, Panes: len(panes)}
	const perCall = 16 // panes per capture: bounds the answer held at once
	for start := 0; start < len(panes) && !f.Truncated; start += perCall {
		got, err := r.c.CaptureHistory(ctx, panes[start:min(start+perCall, len(panes))], history, true)
		if err != nil {
			return nil, err
		}
		for _, c := range got {
			w := where[c.Pane]
			lines, rows := printed(c)
			for i, text := range lines {
				if !pattern.MatchString(text) {
					continue
				}
				if len(f.Matches) == max {
					f.Truncated = true
					break
				}
				f.Matches = append(f.Matches, Match{Pane: c.Pane, WindowID: w.ID, SessionID: w.SessionID, Line: rows[i] - c.Back, Text: text})
			}
			if f.Truncated {
				break
			}
		}
	}
	return f, nil
}
