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
}

func (o *owingSource) CaptureWithState(ctx context.Context, _ tmux.SessionID, panes []tmux.PaneID) (*tmux.State, []tmux.PaneScreen, error) {
	screens, err := o.Capture(ctx, panes[:1])
	o.owed = slices.Clone(panes[1:])
	return &tmux.State{}, screens, err
}

func (o *owingSource) Owing() bool { return len(o.owed) > 0 }

func (o *owingSource) CaptureOwed(ctx context.Context) ([]tmux.PaneScreen, error) {
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
