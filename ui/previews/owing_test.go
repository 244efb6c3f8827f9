package previews

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/tmux"
)

// owingSource is a polled source whose reads leave panes owed, as
// panetext.Previews' budget does: CaptureOwed takes one owed pane a call.
type owingSource struct {
	*fakeSource
	owed []tmux.PaneID
	// what each read (read) or owed capture (owed) was told certainly
	// changed
	told []string
}

func (o *owingSource) CaptureWithState(ctx context.Context, _ tmux.SessionID, panes, changed []tmux.PaneID) (*tmux.State, []tmux.PaneScreen, error) {
	o.told = append(o.told, fmt.Sprint("read ", changed))
	screens, err := o.Capture(ctx, panes[:1])
	o.owed = slices.Clone(panes[1:])
	return &tmux.State{}, screens, err
}

func (o *owingSource) Owing() bool { return len(o.owed) > 0 }

func (o *owingSource) CaptureOwed(ctx context.Context, changed []tmux.PaneID) ([]tmux.PaneScreen, error) {
	o.told = append(o.told, fmt.Sprint("owed ", changed))
	if len(o.owed) == 0 {
		return nil, nil
	}
	p := o.owed[0]
	o.owed = o.owed[1:]
	return o.Capture(ctx, []tmux.PaneID{p})
}

// TestPreviewOwedCaptures: where the map's poll captures (below tmux
// 3.7), panes a budgeted read put off are captured by CaptureOwed until
// none is owed, and their shots are kept.
func TestPreviewOwedCaptures(t *testing.T) {
	src := &owingSource{fakeSource: newFakeSource()}
	h := newHarness(t, src)
	if !h.m.PollsWithState(false) {
		t.Fatal("a polled StateCapturer does not poll with the state")
	}
	before := len(src.calls())
	h.run(h.m.ReadWithState(h.env, "$0", func(_ *tmux.State, _ error, c CapturedMsg) tea.Msg { return c }))
	for i := 0; h.m.Owes(false); i++ {
		if i == 10 {
			t.Fatal("still owing after 10 captures")
		}
		cmd := h.m.CaptureOwed(h.env)
		if cmd == nil {
			t.Fatal("owing, but CaptureOwed does nothing")
		}
		h.run(cmd)
	}
	calls := src.calls()[before:]
	want := [][]tmux.PaneID{{"%0"}, {"%1"}, {"%2"}, {"%3"}}
	if !slices.EqualFunc(calls, want, slices.Equal) {
		t.Fatalf("captured %v, want %v", calls, want)
	}
	for i, p := range []tmux.PaneID{"%0", "%1", "%2", "%3"} {
		if s := h.m.Shots()[p]; s == nil || !strings.HasPrefix(s.Raw.Text, fmt.Sprintf("%s capture %d", p, before+i+1)) {
			t.Errorf("%s: not the shot of its owed capture: %+v", p, s)
		}
	}
}

// TestPreviewChangedPanesHandedOnce: the panes the poll's stamp says
// certainly changed go to the next read with its captures, those on the
// map only, once; noted while a capture is in flight (no read can take
// them), the map's poll owes them and hands them to CaptureOwed.
func TestPreviewChangedPanesHandedOnce(t *testing.T) {
	src := &owingSource{fakeSource: newFakeSource()}
	h := newHarness(t, src)
	read := func() tea.Cmd {
		return h.m.ReadWithState(h.env, "$0", func(_ *tmux.State, _ error, c CapturedMsg) tea.Msg { return c })
	}
	h.m.NoteChanged([]tmux.PaneID{"%2", "%9"}) // %9 is not on the map
	h.run(read())
	h.run(read())
	inFlight := h.m.CaptureOwed(h.env)
	h.m.NoteChanged([]tmux.PaneID{"%1"})
	if read() != nil {
		t.Fatal("a read with its captures while a capture is in flight")
	}
	h.run(inFlight)
	if !h.m.Owes(false) {
		t.Fatal("a pane that changed and no read took is not owed")
	}
	h.run(h.m.CaptureOwed(h.env))
	want := []string{"read [%2]", "read []", "owed []", "owed [%1]"}
	if !slices.Equal(src.told, want) {
		t.Errorf("told %q, want %q", src.told, want)
	}
}
