package panetext

import (
	"context"
	"slices"

	"github.com/panemap/panemap/tmux"
)

// CapturePrinted captures the panes that printed since they were armed
// (printed, as WaitPrinted gave them, and whatever has printed since)
// and those that may still be printing, and reports whether the caller
// should call again after its batch delay without waiting for a notice
// (more). Those not on the map (onMap: the window shown) are armed and
// captured once, as any pane that printed was before.
//
// A pane that printed is left paused and captured again on each call,
// rather than armed, for as long as its captures change: a pane that
// prints all the time (a build, a log) would otherwise fire again as
// soon as it is armed, and every firing is a notice, a pause and its
// answer on the watch's connection. Measured on 3.7c with nine panes
// printing a line every 10 ms, the watch cost more than capturing all
// nine blindly (BenchmarkPreviewCost). Once a capture comes back
// unchanged the pane is armed with its next capture (arming before
// capturing, so that nothing it prints in between is missed), and is
// reported again when it next prints. A pane that printed once thus
// costs three small captures, a quarter of a second apart.
func (p *Previews) CapturePrinted(ctx context.Context, onMap, printed []tmux.PaneID) (screens []tmux.PaneScreen, more bool, err error) {
	p.cmu.Lock()
	defer p.cmu.Unlock()
	if p.printing == nil {
		p.printing = map[tmux.PaneID]tmux.PaneScreen{}
	}
	onScreen := func(pane tmux.PaneID) bool { return slices.Contains(onMap, pane) }
	// What is not on the map is armed and captured once, as before the
	// map showed another window: a pane left paused there would show an
	// old capture when its window comes back.
	arm := p.quieted
	p.quieted = nil
	var started []tmux.PaneID // panes on the map that printed after a quiet spell
	for _, pane := range slices.Concat(printed, p.takePrinted()) {
		_, printing := p.printing[pane]
		switch {
		case printing || slices.Contains(arm, pane):
		case onScreen(pane):
			p.printing[pane] = tmux.PaneScreen{}
			started = append(started, pane)
		default:
			arm = append(arm, pane)
		}
	}
	for pane := range p.printing {
		if !onScreen(pane) {
			delete(p.printing, pane)
			arm = append(arm, pane)
		}
	}
	var still []tmux.PaneID
	for _, pane := range onMap {
		if _, ok := p.printing[pane]; ok {
			still = append(still, pane)
		}
	}
	if len(arm)+len(still) == 0 {
		return nil, false, nil
	}
	// What must be armed is captured now; the panes still printing share
	// the budget (budget.go), those that just started printing first
	// (the one the user types into, beside panes that print all the
	// time), and those it puts off stay printing: the caller comes back
	// after its batch delay (more).
	panes := p.b.pick(p.rate(), arm, started, still)
	if len(panes) == 0 {
		return nil, true, nil
	}
	if w := p.watch(); w != nil && len(arm) > 0 {
		_ = w.Arm(ctx, arm)
	}
	screens, err = p.c.CapturePanes(ctx, panes)
	if err != nil {
		p.quieted = arm // armed or not, capture them again next time
		return nil, true, err
	}
	got := map[tmux.PaneID]tmux.PaneScreen{}
	for _, ps := range screens {
		got[ps.Pane] = ps
	}
	p.notePolled(screens)
	for pane, last := range p.printing {
		now, ok := got[pane]
		switch {
		case !slices.Contains(panes, pane): // put off by the budget
		case !ok: // gone
			delete(p.printing, pane)
		case now == last:
			delete(p.printing, pane)
			p.quieted = append(p.quieted, pane)
		default:
			p.printing[pane] = now
		}
	}
	return screens, len(p.printing)+len(p.quieted) > 0, nil
}

// takePrinted returns at once the panes that printed since the last
// WaitPrinted or takePrinted.
func (p *Previews) takePrinted() []tmux.PaneID {
	if w := p.watch(); w != nil {
		return w.Take()
	}
	return nil
}
