package ui

import (
	"testing"
	"time"

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
