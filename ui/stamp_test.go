package ui

import (
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// The poll reads the session only when its stamp changed, or when a
// window printed in the second of the last read or later (tmux's
// activity time is in whole seconds): a poll that finds the stamp as it
// was costs tmux one command, and reads nothing.
func TestPollReadsOnlyWhenTheStampChanged(t *testing.T) {
	t.Parallel()
	h := newHarness(t, gridState(), testOptions(), 80, 24)
	old := time.Now().Unix() - 100
	h.core.stamp = &tmuxctl.Stamp{Text: "a", Activity: old}
	poll := func() int {
		t.Helper()
		reads := h.core.reads
		h.send(pollMsg(time.Now()))
		return h.core.reads - reads
	}
	if n := poll(); n != 1 {
		t.Fatalf("the first poll read %d times, want 1 (no stamp seen yet)", n)
	}
	for range 3 {
		if n := poll(); n != 0 {
			t.Fatalf("a poll with the stamp unchanged read %d times, want 0", n)
		}
	}
	h.core.stamp = &tmuxctl.Stamp{Text: "b", Activity: old}
	if n := poll(); n != 1 {
		t.Fatalf("a poll with a new stamp read %d times, want 1", n)
	}
	// Printed now: the stamp may stay the same for the rest of this
	// second, and the poll reads while it might hide new output.
	h.core.stamp = &tmuxctl.Stamp{Text: "c", Activity: time.Now().Unix() + 1}
	for i := range 2 {
		if n := poll(); n != 1 {
			t.Fatalf("poll %d after output in this second read %d times, want 1", i, n)
		}
	}
	h.core.stamp = &tmuxctl.Stamp{Text: "c", Activity: old}
	poll()
	if n := poll(); n != 0 {
		t.Fatalf("a poll long after the last output read %d times, want 0", n)
	}
}

// TestPollHandsChangedPanesToTheRead: below tmux 3.7 the stamp says
// which panes certainly changed (their cursor moved); the read that
// follows the stamp is told, so that it captures those first, and a
// read whose stamp moved no pane's part is told of none.
func TestPollHandsChangedPanesToTheRead(t *testing.T) {
	core := newFake(gridState())
	src := &statePreviews{fakePreviews: newFakePreviews(t, core)}
	opts := testOptions()
	opts.Previews = src
	h := newHarnessOn(t, core, opts, 80, 24)
	old := time.Now().Unix() - 100
	parts := map[tmux.PaneID]string{"%0": "0 1", "%1": "0 1", "%2": "0 1", "%3": "0 1"}
	stamp := func(text string) *tmuxctl.Stamp {
		return &tmuxctl.Stamp{Text: text, Activity: old, Panes: maps.Clone(parts)}
	}
	core.stamp = stamp("a")
	h.send(pollMsg(time.Now()))
	parts["%2"] = "5 1" // typed into: its cursor moved
	core.stamp = stamp("b")
	h.send(pollMsg(time.Now()))
	core.stamp = stamp("c") // something else changed (a title, say)
	h.send(pollMsg(time.Now()))
	want := [][]tmux.PaneID{nil, {"%2"}, nil}
	if len(src.changed) < 3 || !slices.EqualFunc(src.changed[len(src.changed)-3:], want, slices.Equal) {
		t.Errorf("the reads were told %v changed, want %v last", src.changed, want)
	}
}

// TestFirstPollAfterOutputSinceOpening: the first poll has no earlier
// check to say which panes moved since the opening captured them. When
// the session printed since the navigator started, the read recaptures
// the map's panes (the opening's captures would count as fresh, and a
// line printed just after them would never show); when it did not, it
// recaptures none.
func TestFirstPollAfterOutputSinceOpening(t *testing.T) {
	for _, tc := range []struct {
		name     string
		activity int64 // relative to the navigator's start
		want     []tmux.PaneID
	}{
		{"printed since", 0, []tmux.PaneID{"%0", "%1", "%2", "%3"}},
		{"quiet since", -100, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			core := newFake(gridState())
			src := &statePreviews{fakePreviews: newFakePreviews(t, core)}
			opts := testOptions()
			opts.Previews = src
			start := time.Now().Unix()
			h := newHarnessOn(t, core, opts, 80, 24)
			parts := map[tmux.PaneID]string{"%0": "0 1", "%1": "0 1", "%2": "0 1", "%3": "0 1"}
			core.stamp = &tmuxctl.Stamp{Text: "a", Activity: start + tc.activity, Panes: parts}
			h.send(pollMsg(time.Now()))
			if len(src.changed) == 0 {
				t.Fatal("the first poll read nothing")
			}
			if got := src.changed[len(src.changed)-1]; !slices.Equal(got, tc.want) {
				t.Errorf("the first poll's read was told %v changed, want %v", got, tc.want)
			}
		})
	}
}
