package ui

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Opening while the program starts: the popup's navigator reads tmux (the
// server's version, the @panemap-* options and the session's state, in one
// command list) at the same time as Bubble Tea sets the terminal up,
// rather than one after the other. The screen stays
// blank until the options come back, so nothing is drawn that the first
// frame would then change; the first frame is the map.
//
// Given Options.FirstFrame (the window as the key press saw it, passed
// on by the binding), the map is drawn from it at once instead, while the
// read is out: the same boxes, ids, commands, tabs and styles the read
// will draw, without paths, titles and previews, which the read then
// adds. Keys still wait for the read, which alone is acted on (and is
// what Esc puts back). The caller passes it only when nothing the read
// brings would draw that frame otherwise (the colour and Esc settings,
// say), so the read refines the map rather than redrawing it.

// OpenFunc reads what the navigator needs to open and returns the options
// to navigate with, Initial included. It runs once, beside the program's
// start; an error ends the navigator with it.
type OpenFunc func(ctx context.Context) (Options, error)

// openingPatience is how long a blank screen waits for tmux before it says
// what it is waiting for.
const openingPatience = 300 * time.Millisecond

// openedMsg answers the opening read.
type openedMsg struct {
	opts Options
	err  error
}

// openingSlowMsg says the opening read is taking long.
type openingSlowMsg struct{}

// startOpening runs open now, in the background, and returns the OpenFunc
// that waits for its answer, and a stop that cancels it and waits until
// it has returned (so what it made, the caller may safely clean up).
func startOpening(ctx context.Context, open OpenFunc) (OpenFunc, func()) {
	ctx, cancel := context.WithCancel(ctx)
	answer := make(chan openedMsg, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		o, err := open(ctx)
		answer <- openedMsg{opts: o, err: err}
	}()
	wait := func(wctx context.Context) (Options, error) {
		select {
		case a := <-answer:
			return a.opts, a.err
		case <-wctx.Done():
			return Options{}, wctx.Err()
		}
	}
	stop := func() {
		cancel()
		<-done
	}
	return wait, stop
}

// awaitOpening is the command that delivers the opening read's answer,
// and the timer that owns up to a slow one.
func (m Model) awaitOpening() tea.Cmd {
	open, ctx := m.opts.Opening, m.ctx
	answer := func() tea.Msg {
		o, err := open(ctx)
		return openedMsg{opts: o, err: err}
	}
	slow := m.after(openingPatience, func(time.Time) tea.Msg { return openingSlowMsg{} })
	return tea.Batch(answer, slow)
}

// onOpened becomes the navigator the options describe, keeping the size,
// the context and the input that came meanwhile, which then runs in order.
func (m Model) onOpened(msg openedMsg) (tea.Model, tea.Cmd) {
	if m.quitting {
		m.opening = false
		return m, nil
	}
	if msg.err != nil {
		m.opening = false
		return m.setFatal(msg.err)
	}
	o := msg.opts
	o.Opening = nil
	o.size.w, o.size.h = m.width, m.height
	o.firstPaint = m.opts.firstPaint
	n := New(m.core, o)
	n.ctx, n.after, n.io = m.ctx, m.after, m.io
	n.queue, n.inputClosed = m.queue, m.inputClosed
	cmd := tea.Batch(n.Init(), n.drain())
	n.layout()
	return n, tea.Batch(n.paintFirst(), cmd)
}

// paintFirst is the command that writes the map the opening read brought
// at once (termout.FirstPaint), not on the renderer's next tick.
func (m Model) paintFirst() tea.Cmd {
	paint := m.opts.firstPaint
	if paint == nil {
		return nil
	}
	v, height := m.View(), m.height
	return func() tea.Msg {
		paint.Paint(v, height)
		return nil
	}
}

// closesWhileOpening reports whether msg closes the navigator before it
// has opened: q, Enter, Esc and Ctrl+C (nothing is changed yet, so there
// is nothing to put back), and the end of the input. Not once keys wait
// for the read (typed on the snapshot's map, which draws before it): the
// close then takes its place after them, so that a move typed and
// closed on is made, or, for Esc, made and put back, as it would be
// once opened.
func (m Model) closesWhileOpening(msg tea.Msg) bool {
	if len(m.queue) > 0 {
		return false
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return key.Matches(msg, m.keys.Keep, m.keys.Revert)
	case inputClosedMsg:
		return true
	}
	return false
}
