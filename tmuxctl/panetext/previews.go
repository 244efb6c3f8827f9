package panetext

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// Previews is the navigator's source of live previews (the ui's
// previews.Source): captures of the panes on the map, and, once a watch
// has found a tmux that allows it (3.7 and later), an OutputWatch that
// says which panes printed, so that only those are captured again.
// Without a watch, Notices is false and the navigator polls.
type Previews struct {
	c *tmuxctl.Client

	// Set by WatchSoon: closed once the watch is up or could not be had.
	started chan struct{}

	mu sync.Mutex
	w  *tmuxctl.OutputWatch

	// The panes left paused because they print (see CapturePrinted),
	// with their last capture; and those whose last capture was
	// unchanged, to be armed with their next.
	cmu      sync.Mutex
	printing map[tmux.PaneID]tmux.PaneScreen
	quieted  []tmux.PaneID

	// The captures' shared budget (see budget.go); below tmux 3.7, the
	// panes that may have printed and are not captured yet (dirty), those
	// of them that certainly changed (sure), and each pane's last
	// capture.
	b     *budget
	dirty []tmux.PaneID
	sure  []tmux.PaneID
	seen  map[tmux.PaneID]tmux.PaneScreen
}

// NewPreviews captures through c. It polls until Watch or WatchSoon.
func NewPreviews(c *tmuxctl.Client) *Previews {
	return &Previews{c: c, b: newBudget(time.Now), seen: map[tmux.PaneID]tmux.PaneScreen{}}
}

// rate is the budget's rate: the watch says which panes printed, or the
// map polls.
func (p *Previews) rate() float64 {
	if p.watch() != nil {
		return notedRate
	}
	return polledRate
}

// Watch starts change notices for session s's panes where this tmux
// allows them, and reports whether it did. Call it once, before the
// navigator starts, and Close the Previews when the navigator ends: on
// tmux 3.7 to 3.7c an attached control client is a risk to the server
// (see transport.OutputWatch). A watch that cannot be had is not an
// error: the navigator polls.
func (p *Previews) Watch(ctx context.Context, s tmux.SessionID) bool {
	w, err := p.c.WatchOutput(ctx, s)
	if err != nil || w == nil {
		return false
	}
	p.mu.Lock()
	p.w = w
	p.mu.Unlock()
	return true
}

// WatchSoon is Watch without the wait, so that the navigator's first
// frame does not wait for a connection: it returns at once and starts
// the watch in the background. From then on Notices is true, WaitPrinted
// answers false when no watch can be had (the navigator then polls), and
// Capture waits until the watch is up or has failed, so that nothing a
// pane prints between its capture and the watch's start is missed. Call
// it once, before the navigator starts.
func (p *Previews) WatchSoon(ctx context.Context, s tmux.SessionID) {
	p.started = make(chan struct{})
	go func() {
		p.Watch(ctx, s)
		close(p.started)
	}()
}

// Notices reports whether the source says which panes printed: a watch
// is up, or WatchSoon is starting one.
func (p *Previews) Notices() bool { return p.started != nil || p.watch() != nil }

// WaitPrinted blocks until panes armed by Capture have printed and
// returns all that have (see transport.OutputWatch.Wait); false once
// there is no watch, or no longer one, or ctx is done.
func (p *Previews) WaitPrinted(ctx context.Context) ([]tmux.PaneID, bool) {
	if !p.waitStarted(ctx) {
		return nil, false
	}
	w := p.watch()
	if w == nil {
		return nil, false
	}
	return w.Wait(ctx)
}

// waitStarted waits for WatchSoon's watch to be up or to have failed.
func (p *Previews) waitStarted(ctx context.Context) bool {
	if p.started == nil {
		return true
	}
	select {
	case <-p.started:
		return true
	case <-ctx.Done():
		return false
	}
}

func (p *Previews) watch() *tmuxctl.OutputWatch {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.w
}

// Capture arms panes (before capturing: see transport.OutputWatch, so
// that nothing printed in between is missed) and captures them in one
// command list. A pane left paused because it prints (CapturePrinted) is
// captured but not armed: it would fire at once, and it is captured
// again with the next batch anyway.
func (p *Previews) Capture(ctx context.Context, panes []tmux.PaneID) ([]tmux.PaneScreen, error) {
	if !p.waitStarted(ctx) {
		return nil, &tmux.Error{Kind: tmux.KindServerGone, Message: "tmux did not answer: " + ctx.Err().Error(), Err: ctx.Err()}
	}
	p.cmu.Lock()
	defer p.cmu.Unlock()
	arm := slices.DeleteFunc(slices.Clone(panes), func(pane tmux.PaneID) bool {
		_, printing := p.printing[pane]
		return printing
	})
	// Armed now: none waits to be armed with a later capture.
	p.quieted = slices.DeleteFunc(p.quieted, func(pane tmux.PaneID) bool { return slices.Contains(arm, pane) })
	if w := p.watch(); w != nil && len(arm) > 0 {
		// A watch that failed answers WaitPrinted false: the navigator polls.
		_ = w.Arm(ctx, arm)
	}
	p.b.spend(p.rate(), len(panes))
	screens, err := p.c.CapturePanes(ctx, panes)
	p.notePolled(screens)
	for _, ps := range screens {
		if _, printing := p.printing[ps.Pane]; printing {
			p.printing[ps.Pane] = ps // the next capture is compared with this one
		}
	}
	return screens, err
}

// CaptureWithState reads session s and captures panes in one command
// list (one tmux process where previews are polled): the navigator's
// poll then refreshes the map and its previews at once.
//
// Below tmux 3.7 nothing says which pane printed: every pane on the map
// may have, and is owed a capture (Owing). The poll's stamp says which
// certainly changed (changed: their cursor or history moved, see
// tmuxctl.Stamp.Changed): those go first and may spend what the budget
// keeps back from the others. The captures spend the shared budget; the
// rest are captured by later reads or by CaptureOwed.
func (p *Previews) CaptureWithState(ctx context.Context, s tmux.SessionID, panes, changed []tmux.PaneID) (*tmux.State, []tmux.PaneScreen, error) {
	p.cmu.Lock()
	defer p.cmu.Unlock()
	p.owe(panes, changed)
	pick := p.b.pick(p.rate(), nil, p.sure, p.dirty)
	st, screens, err := p.c.ReadStateCapturing(ctx, s, pick)
	if err == nil {
		p.capturedDirty(pick, screens)
	}
	return st, screens, err
}

// owe notes the panes on the map (panes) owed a capture: all but those
// captured within freshFor, and those of changed (which certainly
// changed) whatever their last capture (p.cmu held).
func (p *Previews) owe(panes, changed []tmux.PaneID) {
	gone := func(q tmux.PaneID) bool { return !slices.Contains(panes, q) }
	p.dirty = slices.DeleteFunc(p.dirty, gone)
	p.sure = slices.DeleteFunc(p.sure, gone)
	for _, q := range panes {
		sure := slices.Contains(changed, q)
		if sure && !slices.Contains(p.sure, q) {
			p.sure = append(p.sure, q)
		}
		if !slices.Contains(p.dirty, q) && (sure || !p.b.fresh(q)) {
			p.dirty = append(p.dirty, q)
		}
	}
}

// Owing reports whether panes that may have printed wait for a capture
// the budget put off (below tmux 3.7).
func (p *Previews) Owing() bool {
	p.cmu.Lock()
	defer p.cmu.Unlock()
	return len(p.dirty) > 0
}

// CaptureOwed captures what the budget allows of the panes Owing waits
// for, those of changed (on the map, certainly changed since the last
// read) and those certainly changed before first, then the stalest.
func (p *Previews) CaptureOwed(ctx context.Context, changed []tmux.PaneID) ([]tmux.PaneScreen, error) {
	p.cmu.Lock()
	defer p.cmu.Unlock()
	for _, q := range changed {
		if !slices.Contains(p.sure, q) {
			p.sure = append(p.sure, q)
		}
		if !slices.Contains(p.dirty, q) {
			p.dirty = append(p.dirty, q)
		}
	}
	pick := p.b.pick(p.rate(), nil, p.sure, p.dirty)
	if len(pick) == 0 {
		return nil, nil
	}
	screens, err := p.c.CapturePanes(ctx, pick)
	if err == nil {
		p.capturedDirty(pick, screens)
	}
	return screens, err
}

// capturedDirty notes a capture of pick (p.cmu held): those panes are
// no longer owed, gone ones included.
func (p *Previews) capturedDirty(pick []tmux.PaneID, screens []tmux.PaneScreen) {
	picked := func(q tmux.PaneID) bool { return slices.Contains(pick, q) }
	p.dirty = slices.DeleteFunc(p.dirty, picked)
	p.sure = slices.DeleteFunc(p.sure, picked)
	p.notePolled(screens)
}

// notePolled tells the budget which panes were captured and which of
// them changed (p.cmu held). A pane's first capture is not a change: it
// says nothing of whether the pane prints (the navigator's opening
// captures every pane, which would otherwise all count as printing
// until captured again).
func (p *Previews) notePolled(screens []tmux.PaneScreen) {
	p.b.captured(screens, func(s tmux.PaneScreen) bool {
		last, ok := p.seen[s.Pane]
		p.seen[s.Pane] = s
		return ok && last != s
	})
}

// Close ends the watch, if there is one, and a watch WatchSoon is still
// starting once it is up.
func (p *Previews) Close() error {
	if p.started != nil {
		<-p.started
	}
	if w := p.watch(); w != nil {
		return w.Close()
	}
	return nil
}
