package agentwatch

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// Waited is what Wait found: Matched with the agent that matched, or not
// when the timeout came first; Looks counts the looks it took.
type Waited struct {
	Matched bool
	Agent   Agent
	Looks   int
}

// How often Wait looks. From tmux 3.7 a look is a round trip on the
// client's control-mode connection (tmux answers a list-panes of twenty
// panes in well under a millisecond), every 250 ms, to wake within 300 ms
// of a change; before 3.7 each look starts a tmux process (2 to 3 ms),
// twice a second, to wake within 1 s. Each look is one entry in tmux's
// message log, and the captures add at most captureRate a second: 8 a
// second from 3.7 at worst, 6 below (BENCHMARKS.md allows 10 while panes
// print). tmux sends no notification when a pane option changes (a
// hook), so polling it is.
const (
	intervalControl = 250 * time.Millisecond
	intervalExec    = 500 * time.Millisecond
)

// MaxWait bounds Wait's timeout.
const MaxWait = time.Hour

// Wait looks until any of panes (or, with panes empty, any agent pane req
// covers) is in one of states, or timeout passes (Matched false, no
// error). progress, when not nil, is told the number of looks after
// each. It runs nothing in the background: when it returns, on a match,
// the timeout, an error or ctx's end (ctx's error), it has stopped. All
// of panes gone is an error naming them.
func (w *Watcher) Wait(ctx context.Context, req tmuxctl.ListRequest, panes []tmux.PaneID, states []agents.State, timeout time.Duration, progress func(looks int)) (*Waited, error) {
	if err := checkWait(panes, states, timeout); err != nil {
		return nil, err
	}
	if _, err := req.Check(); err != nil {
		return nil, err
	}
	interval := intervalExec
	if v, err := w.c.RequireVersion(ctx); err != nil {
		return nil, err
	} else if v.AtLeast(3, 7) {
		interval = intervalControl
	}
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	tick := time.NewTicker(interval)
	defer tick.Stop()
	res := &Waited{}
	for {
		w.mu.Lock()
		list, err := w.look(ctx, req, "")
		w.mu.Unlock()
		if err != nil {
			return nil, err
		}
		res.Looks++
		if progress != nil {
			progress(res.Looks)
		}
		if a, ok := match(list, panes, states); ok {
			res.Matched, res.Agent = true, a
			return res, nil
		}
		if len(panes) > 0 {
			if err := w.allGone(panes); err != nil {
				return nil, err
			}
		}
		select {
		case <-ctx.Done():
			return nil, &tmux.Error{Kind: tmux.KindRefused, Message: "waiting for an agent: " + ctx.Err().Error(), Err: ctx.Err()}
		case <-deadline.C:
			return res, nil
		case <-tick.C:
		}
	}
}

func checkWait(panes []tmux.PaneID, states []agents.State, timeout time.Duration) error {
	for _, p := range panes {
		if _, err := tmux.ParsePaneID(string(p)); err != nil {
			return err
		}
	}
	if len(states) == 0 {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Message: fmt.Sprintf("no states to wait for: want some of %v", agents.States)}
	}
	for _, s := range states {
		if !slices.Contains(agents.States, s) {
			return &tmux.Error{Kind: tmux.KindInvalidInput, Value: string(s),
				Message: fmt.Sprintf("invalid state %s: want one of %v", tmux.Quote(string(s)), agents.States)}
		}
	}
	if timeout <= 0 || timeout > MaxWait {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: timeout.String(),
			Message: fmt.Sprintf("invalid timeout %s: want more than 0 and at most %s", timeout, MaxWait)}
	}
	return nil
}

// match is the first agent of list among panes (any, when panes is
// empty) in one of states.
func match(list []Agent, panes []tmux.PaneID, states []agents.State) (Agent, bool) {
	for _, a := range list {
		if (len(panes) == 0 || slices.Contains(panes, a.Pane)) && slices.Contains(states, a.State) {
			return a, true
		}
	}
	return Agent{}, false
}

// allGone fails when no pane of panes is left (the look saw the server's
// panes, or req's: a pane outside req's scope counts as gone).
func (w *Watcher) allGone(panes []tmux.PaneID) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, p := range panes {
		if w.present[p] {
			return nil
		}
	}
	if len(panes) == 1 {
		return tmux.Gone("pane", string(panes[0]))
	}
	return &tmux.Error{Kind: tmux.KindGone, Value: string(panes[0]), Message: fmt.Sprintf("panes %v are gone: none is on this tmux server", panes)}
}
