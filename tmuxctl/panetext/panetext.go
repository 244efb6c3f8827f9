// Package panetext reads what panes show and print, through a
// tmuxctl.Client's captures (CapturePanes, CaptureHistory, CaptureSince):
//
//   - for the navigator's live previews (Previews): the screens of the
//     panes on the map as the user sees them, and, where tmux can say
//     which panes printed (3.7 and later), an output watch, so that only
//     those are captured again;
//   - for find (Reader.FindText): every pane's screen and history as
//     plain text, with the names find matches;
//   - for agents (Reader): one pane's screen with the history above it,
//     a search through many panes' screens and history, and a wait for a
//     line that matches.
//
// Pane text is hostile input: the previews' screens are drawn through
// package screen, and every line the Reader answers went through
// screen.Lines, with no escape sequence and no control character left.
// Line numbers count as capture-pane's -S and -E do: 0 is the screen's
// top row, -1 the history line just above it.
package panetext

import (
	"context"
	"sync"

	"github.com/panemap/panemap/screen"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// MaxLines bounds how many lines a capture or a search reads per pane.
const MaxLines = 10_000

// Reader reads pane text through one client. Waits on one server share
// one output watch per session (see Wait).
type Reader struct {
	c *tmuxctl.Client

	mu      sync.Mutex
	watches map[tmux.SessionID]*sharedWatch
	noWatch bool // this tmux gets none (before 3.7): poll
}

// New reads through c.
func New(c *tmuxctl.Client) *Reader {
	return &Reader{c: c, watches: map[tmux.SessionID]*sharedWatch{}}
}

// Screen is a pane's text as Capture answers it.
type Screen struct {
	Pane             tmux.PaneID
	Width, Height    int
	CursorX, CursorY int // on the screen
	Mode             string
	Dead             bool
	First            int      // the line number of Lines[0]
	Lines            []string // plain text, trailing spaces cut
	Truncated        bool     // the pane holds lines above Lines[0] (history or screen rows)
	// Capped says that lines asked for were left out above Lines[0] to
	// keep the answer within MaxBytes: read them with an End above First.
	Capped bool
}

// MaxBytes bounds the text of a Capture's lines (a newline counted
// after each): 256 KiB. Past it, the oldest lines asked for are left out
// and Screen.Capped says so; the newest always come.
const MaxBytes = 256 << 10

// Capture reads pane's screen (lines 0: Height lines), or the last lines
// lines the pane printed (1 to MaxLines), reaching into the history: they
// end at the cursor's row or the last row with text on the screen,
// whichever is lower, so the blank rows under a short output are not
// what an agent asking for the last lines gets. It is the pane's own
// screen in any mode: a copy mode's view is not what its program printed.
// At most MaxBytes of text come back (see Screen.Capped).
//
// With end, the lines end at line *end (0 the screen's top row, negative
// the history) when that is above where they would end otherwise, so
// that a reader can page back through a pane's history, a MaxBytes
// answer at a time. lines must then be 1 to MaxLines.
func (r *Reader) Capture(ctx context.Context, pane tmux.PaneID, lines int, end *int) (*Screen, error) {
	if lines < 0 || lines > MaxLines || end != nil && lines == 0 {
		return nil, &tmux.Error{Kind: tmux.KindInvalidInput, Message: "lines out of range: want 1 to 10000"}
	}
	back := lines
	if end != nil && *end < 0 {
		back = min(lines-*end, tmuxctl.MaxBack)
	}
	l, err := r.captureOne(ctx, pane, back, false)
	if err != nil {
		return nil, err
	}
	text := screen.Lines(l.Text, l.Width)
	last, keep := len(text), min(l.Height, len(text))
	if lines > 0 {
		last = min(len(text), l.Back+l.CursorY+1) // through the cursor's row
		for i := len(text); i > last; i-- {
			if text[i-1] != "" {
				last = i
				break
			}
		}
		if end != nil {
			last = max(min(last, l.Back+*end+1), 0)
		}
		keep = min(lines, last)
	}
	s := &Screen{Pane: l.Pane, Width: l.Width, Height: l.Height, CursorX: l.CursorX, CursorY: l.CursorY,
		Mode: l.Mode, Dead: l.Dead, Lines: text[last-keep : last]}
	size := 0
	for i := len(s.Lines) - 1; i >= 0; i-- {
		if size += len(s.Lines[i]) + 1; size > MaxBytes {
			s.Lines, s.Capped = s.Lines[i+1:], true
			break
		}
	}
	s.First = last - len(s.Lines) - l.Back
	s.Truncated = -s.First < l.HistorySize
	return s, nil
}

// captureOne captures pane with back lines of history (and, with joined,
// its rows as capture-pane -J joins them).
func (r *Reader) captureOne(ctx context.Context, pane tmux.PaneID, back int, joined bool) (tmuxctl.Lines, error) {
	return r.again(ctx, pane, func() (tmuxctl.Lines, bool, error) {
		got, err := r.c.CaptureHistory(ctx, []tmux.PaneID{pane}, back, joined)
		if err != nil || len(got) != 1 {
			return tmuxctl.Lines{}, false, err
		}
		return got[0], true, nil
	})
}

// again reads pane with read, again when read finds nothing because the
// pane changed size meanwhile; a pane no read finds is gone.
func (r *Reader) again(ctx context.Context, pane tmux.PaneID, read func() (tmuxctl.Lines, bool, error)) (tmuxctl.Lines, error) {
	for range 3 {
		l, ok, err := read()
		if err != nil || ok {
			return l, err
		}
		if _, err := r.c.WindowOf(ctx, pane); err != nil {
			return tmuxctl.Lines{}, err
		}
	}
	return tmuxctl.Lines{}, tmux.Gone("pane", string(pane))
}
