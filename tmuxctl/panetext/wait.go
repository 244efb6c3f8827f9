package panetext

import (
	"context"
	"regexp"
	"time"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// The cadence of a wait: below tmux 3.7 (no output watch) it looks at the
// pane at most pollEvery; with a watch, on each notice that the pane
// printed, and every watchedEvery all the same (a pane moved to another
// session is not the watch's any more).
const (
	pollEvery    = 250 * time.Millisecond
	watchedEvery = time.Second
	// armTimeout bounds one arming of the watch: tmux answers it at
	// once, and a watch that does not is not waited on again.
	armTimeout = 2 * time.Second
)

// Waited is a wait's answer.
type Waited struct {
	Matched bool
	Line    int // where the matching line was when it was found
	Text    string
	Dead    bool // the pane's program exited without a match: nothing more will come
	Looks   int  // how many times the pane was read
}

// Wait reads pane until pattern matches a line of its screen, or of the
// history that scrolled off the screen since the wait began, or until
// timeout (Matched false: not an error), or the pane's program exits
// (Dead). It ends at once when ctx ends, leaving nothing running. On tmux
// 3.7 and later it wakes when the pane prints, through an output watch
// that all waits on the same session share; below, it polls (one tmux
// process a look). progress, when not nil, is called after each look.
//
// Lines are numbered from the oldest line tmux keeps: when the pane's
// history reaches history-limit, tmux drops a tenth of it at once, and a
// look after that reads all the history there is.
func (r *Reader) Wait(ctx context.Context, pane tmux.PaneID, pattern *regexp.Regexp, timeout time.Duration, progress func(looks int)) (*Waited, error) {
	win, err := r.c.WindowOf(ctx, pane)
	if err != nil {
		return nil, err
	}
	outer := ctx
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	sub := r.subscribe(ctx, win.SessionID, pane)
	defer sub.cancel()
	every := pollEvery
	if sub.notices != nil {
		every = watchedEvery
	}
	tick := time.NewTicker(every)
	defer tick.Stop()

	w := &Waited{}
	next := -1 // the first line not yet final; -1: look at the screen only
	for {
		if !sub.arm(ctx) && ctx.Err() == nil {
			// The watch did not answer in time: poll from now on
			// rather than trust it.
			tick.Reset(pollEvery)
		}
		l, err := r.look(ctx, pane, next)
		if ctx.Err() != nil {
			return timedOut(w, outer)
		}
		if err != nil {
			return nil, err
		}
		w.Looks++
		lines, rows := printed(l)
		for i, text := range lines {
			if pattern.MatchString(text) {
				w.Matched, w.Line, w.Text = true, rows[i]-l.Back, text
				return w, nil
			}
		}
		if l.Dead {
			w.Dead = true
			return w, nil
		}
		next = l.HistorySize
		if progress != nil {
			progress(w.Looks)
		}
		select {
		case <-ctx.Done():
			return timedOut(w, outer)
		case <-sub.notices:
		case <-sub.lost:
			// The watch ended (its connection or session went away):
			// poll from now on.
			sub.lost = nil
			tick.Reset(pollEvery)
		case <-tick.C:
		}
	}
}

// timedOut answers a wait whose time ran out, unless the caller's own
// context ended first: that is an error.
func timedOut(w *Waited, outer context.Context) (*Waited, error) {
	if err := outer.Err(); err != nil {
		return nil, &tmux.Error{Kind: tmux.KindRefused, Message: "the wait was cancelled", Err: err}
	}
	return w, nil
}

// look reads pane: the screen alone (next < 0), or every line from next
// on (see tmuxctl.Client.CaptureSince), again when the pane changed size meanwhile.
func (r *Reader) look(ctx context.Context, pane tmux.PaneID, next int) (tmuxctl.Lines, error) {
	if next < 0 {
		return r.captureOne(ctx, pane, 0, true)
	}
	return r.again(ctx, pane, func() (tmuxctl.Lines, bool, error) { return r.c.CaptureSince(ctx, pane, next) })
}
