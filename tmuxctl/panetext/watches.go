package panetext

import (
	"context"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// sharedWatch is one output watch on a session, shared by every wait on
// its panes, and closed when the last of them ends: on tmux 3.7 to 3.7c
// an attached control client is a risk to the server (see
// transport.OutputWatch), so none stays attached while nobody waits.
type sharedWatch struct {
	w    *tmuxctl.OutputWatch
	refs int
	subs map[tmux.PaneID]map[chan struct{}]bool
	lost chan struct{} // closed when the watch ends
}

// subscription is one wait's share of a watch. notices and lost are nil
// without a watch (the wait polls).
type subscription struct {
	r       *Reader
	s       tmux.SessionID
	pane    tmux.PaneID
	sw      *sharedWatch
	ch      chan struct{} // what the watch's dispatch sends notices on
	notices <-chan struct{}
	lost    <-chan struct{}
}

// subscribe joins (or starts) the watch on session s for pane. Where this
// tmux gets no watch, or one cannot be had now, the wait polls.
func (r *Reader) subscribe(ctx context.Context, s tmux.SessionID, pane tmux.PaneID) *subscription {
	sub := &subscription{r: r, s: s, pane: pane}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.noWatch {
		return sub
	}
	sw := r.watches[s]
	if sw == nil {
		w, err := r.c.WatchOutput(ctx, s)
		if err != nil || w == nil {
			r.noWatch = err == nil // this tmux never gets one
			return sub
		}
		sw = &sharedWatch{w: w, subs: map[tmux.PaneID]map[chan struct{}]bool{}, lost: make(chan struct{})}
		r.watches[s] = sw
		go r.dispatch(s, sw)
	}
	sw.refs++
	if sw.subs[pane] == nil {
		sw.subs[pane] = map[chan struct{}]bool{}
	}
	sub.ch = make(chan struct{}, 1)
	sub.sw, sub.notices, sub.lost = sw, sub.ch, sw.lost
	sw.subs[pane][sub.ch] = true
	return sub
}

// dispatch passes each notice on to the waits on that pane, until the
// watch ends.
func (r *Reader) dispatch(s tmux.SessionID, sw *sharedWatch) {
	for {
		panes, ok := sw.w.Wait(context.Background())
		if !ok {
			break
		}
		r.mu.Lock()
		for _, p := range panes {
			for ch := range sw.subs[p] {
				select {
				case ch <- struct{}{}:
				default: // a look is due already
				}
			}
		}
		r.mu.Unlock()
	}
	r.mu.Lock()
	if r.watches[s] == sw {
		delete(r.watches, s)
	}
	r.mu.Unlock()
	close(sw.lost)
}

// arm asks the watch to report the pane's next output. Call it before
// each look, so that nothing printed between the look and the next
// notice is missed. When the watch fails to do it (within armTimeout),
// the subscription stops relying on it: arm answers false, and from then
// on the wait gets no notices and polls.
func (sub *subscription) arm(ctx context.Context) bool {
	if sub.sw == nil || sub.notices == nil {
		return true
	}
	actx, cancel := context.WithTimeout(ctx, armTimeout)
	defer cancel()
	if err := sub.sw.w.Arm(actx, []tmux.PaneID{sub.pane}); err != nil {
		sub.notices, sub.lost = nil, nil
		return false
	}
	return true
}

// cancel leaves the watch, and closes it when nobody else waits on it.
func (sub *subscription) cancel() {
	sw := sub.sw
	if sw == nil {
		return
	}
	r := sub.r
	r.mu.Lock()
	delete(sw.subs[sub.pane], sub.ch)
	if len(sw.subs[sub.pane]) == 0 {
		delete(sw.subs, sub.pane)
	}
	sw.refs--
	last := sw.refs == 0
	if last && r.watches[sub.s] == sw {
		delete(r.watches, sub.s)
	}
	r.mu.Unlock()
	if last {
		_ = sw.w.Close()
	}
}
