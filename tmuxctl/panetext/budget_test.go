package panetext

import (
	"slices"
	"testing"
	"time"

	"github.com/panemap/panemap/tmux"
)

// The budget's rounds: at most what it earned, the header counted, the
// stalest panes first, one busy pane refreshed every round while nine
// share it, and what must be captured captured whatever it holds.
func TestBudgetShared(t *testing.T) {
	t.Parallel()
	now := time.Unix(1000, 0)
	b := newBudget(func() time.Time { return now })
	nine := []tmux.PaneID{"%0", "%1", "%2", "%3", "%4", "%5", "%6", "%7", "%8"}
	changed := func(tmux.PaneScreen) bool { return true }
	spent, captured := 0, map[tmux.PaneID]int{}
	for range 40 { // 10 s of 250 ms rounds
		now = now.Add(250 * time.Millisecond)
		got := b.pick(notedRate, nil, nine)
		if len(got) > 0 {
			spent += len(got) + 1
		}
		var screens []tmux.PaneScreen
		for _, p := range got {
			captured[p]++
			screens = append(screens, tmux.PaneScreen{Pane: p})
		}
		b.captured(screens, changed)
	}
	if limit := budgetBurst + notedRate*10; spent > limit {
		t.Errorf("spent %d entries in 10 s, want at most %d", spent, limit)
	}
	for _, p := range nine {
		if captured[p] < 4 {
			t.Errorf("%s captured %d times in 10 s: the stalest go first, so each should be several times", p, captured[p])
		}
	}
	// One busy pane alone: captured every round the budget affords (two
	// entries), several times a second.
	alone := 0
	for range 40 {
		now = now.Add(250 * time.Millisecond)
		if got := b.pick(notedRate, nil, nine[:1]); len(got) == 1 {
			alone++
		}
	}
	if alone < 25 {
		t.Errorf("a lone busy pane captured %d times in 10 s", alone)
	}
	// Panes that must be armed are captured even with nothing left.
	b.tokens = 0
	if got := b.pick(notedRate, []tmux.PaneID{"%9"}, nine); !slices.Equal(got, []tmux.PaneID{"%9"}) {
		t.Errorf("with nothing left: %v, want only the pane to arm", got)
	}
}

// A pane whose last capture was unchanged goes after one that changed,
// until it is quietLead staler.
func TestBudgetQuietLast(t *testing.T) {
	t.Parallel()
	now := time.Unix(1000, 0)
	b := newBudget(func() time.Time { return now })
	b.captured([]tmux.PaneScreen{{Pane: "%1"}}, func(tmux.PaneScreen) bool { return false })
	now = now.Add(time.Second)
	b.captured([]tmux.PaneScreen{{Pane: "%2"}}, func(tmux.PaneScreen) bool { return true })
	now = now.Add(100 * time.Millisecond)
	b.tokens = 3
	if got := b.pick(notedRate, nil, []tmux.PaneID{"%1", "%2"}); !slices.Equal(got, []tmux.PaneID{"%2", "%1"}) {
		t.Errorf("picked %v, want the pane that changed first", got)
	}
}
