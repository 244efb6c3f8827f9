package previews

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
)

// fakeSource captures every pane as a line naming it and how often it
// was captured, and counts what it was asked for. Once notices is set,
// printed is what WaitPrinted and CapturePrinted take; wake is signalled
// by print. more is what CapturePrinted answers (panes still printing).
type fakeSource struct {
	mu      sync.Mutex
	asked   [][]tmux.PaneID
	notices bool
	printed []tmux.PaneID
	wake    chan struct{}
	more    bool
}

func newFakeSource() *fakeSource { return &fakeSource{wake: make(chan struct{}, 1)} }

func (f *fakeSource) Capture(_ context.Context, panes []tmux.PaneID) ([]tmux.PaneScreen, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, slices.Clone(panes))
	var out []tmux.PaneScreen
	for _, id := range panes {
		out = append(out, tmux.PaneScreen{Pane: id, Width: 80, Height: 24, Text: fmt.Sprintf("%s capture %d\n", id, len(f.asked))})
	}
	return out, nil
}

func (f *fakeSource) Notices() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.notices
}

// WaitPrinted blocks until print (do not let the synchronous harness
// run it).
func (f *fakeSource) WaitPrinted(ctx context.Context) ([]tmux.PaneID, bool) {
	for {
		if p := f.takePrinted(); p != nil {
			return p, true
		}
		select {
		case <-f.wake:
		case <-ctx.Done():
			return nil, false
		}
	}
}

// CapturePrinted captures printed and what has printed since, in that
// order.
func (f *fakeSource) CapturePrinted(ctx context.Context, _, printed []tmux.PaneID) ([]tmux.PaneScreen, bool, error) {
	var panes []tmux.PaneID
	for _, p := range slices.Concat(printed, f.takePrinted()) {
		if !slices.Contains(panes, p) {
			panes = append(panes, p)
		}
	}
	screens, err := f.Capture(ctx, panes)
	f.mu.Lock()
	defer f.mu.Unlock()
	return screens, f.more, err
}

func (f *fakeSource) takePrinted() []tmux.PaneID {
	f.mu.Lock()
	defer f.mu.Unlock()
	p := f.printed
	f.printed = nil
	return p
}

// print notes that panes printed.
func (f *fakeSource) print(panes ...tmux.PaneID) {
	f.mu.Lock()
	f.printed = append(f.printed, panes...)
	f.mu.Unlock()
	select {
	case f.wake <- struct{}{}:
	default:
	}
}

func (f *fakeSource) calls() [][]tmux.PaneID {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.asked)
}

// harness drives the previews as the navigator does, synchronously: it
// sends a message, runs the returned commands (expanding batches) and
// feeds their messages back until nothing is left. Timers are not run;
// they are kept in timers.
type harness struct {
	t      *testing.T
	m      Model
	env    Env
	timers []func(time.Time) tea.Msg
}

// newHarness shows the previews of a window of four panes, %0 to %3,
// each captured once, as the map does as it opens.
func newHarness(t *testing.T, src Source) *harness {
	t.Helper()
	h := &harness{t: t, m: New(src)}
	w := &tmux.Window{ID: "@1"}
	for i := range 4 {
		w.Panes = append(w.Panes, tmux.Pane{ID: tmux.PaneID(fmt.Sprintf("%%%d", i))})
	}
	h.env = Env{
		Window: w, Ctx: t.Context(),
		After: func(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
			h.timers = append(h.timers, fn)
			return nil
		},
		Call: func(f func(context.Context) tea.Msg) tea.Cmd {
			return func() tea.Msg { return f(t.Context()) }
		},
	}
	h.run(h.m.Start(h.env))
	h.run(h.m.CaptureMissing(h.env))
	if len(h.m.Shots()) != 4 {
		t.Fatalf("%d panes captured as the map opened, want 4", len(h.m.Shots()))
	}
	return h
}

// sendOnly delivers msg and returns its command without running it.
func (h *harness) sendOnly(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	if c, ok := msg.(CapturedMsg); ok {
		h.m, _, cmd = h.m.Captured(c, h.env, nil)
		return cmd
	}
	h.m, cmd = h.m.Update(msg, h.env)
	return cmd
}

// run runs cmd and the commands its messages lead to, breadth first.
func (h *harness) run(cmd tea.Cmd) {
	h.t.Helper()
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10000 {
			h.t.Fatal("commands did not settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			queue = append(queue, h.sendOnly(msg))
		}
	}
}
