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
	always := func(tmux.PaneID) bool { return true }
	spent, captured := rounds(b, &now, 10*time.Second, 250*time.Millisecond, notedRate, nine, nil, always)
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
		if got := b.pick(notedRate, nil, nil, nine[:1]); len(got) == 1 {
			alone++
		}
	}
	if alone < 25 {
		t.Errorf("a lone busy pane captured %d times in 10 s", alone)
	}
	// Panes that must be armed are captured even with nothing left.
	b.tokens = 0
	if got := b.pick(notedRate, []tmux.PaneID{"%9"}, nil, nine); !slices.Equal(got, []tmux.PaneID{"%9"}) {
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
	b.tokens = 3 + urgentReserve
	if got := b.pick(notedRate, nil, nil, []tmux.PaneID{"%1", "%2"}); !slices.Equal(got, []tmux.PaneID{"%2", "%1"}) {
		t.Errorf("picked %v, want the pane that changed first", got)
	}
}

// pollRounds runs the poll below tmux 3.7 for d: a read every 400 ms
// that owes every pane of want a capture, sure (when not nil) telling
// which certainly changed at that read; each capture changed its pane
// when changed says. It returns the entries spent and each pane's
// captures.
func pollRounds(b *budget, now *time.Time, d time.Duration, want []tmux.PaneID, sure func() []tmux.PaneID, changed func(tmux.PaneID) bool) (int, map[tmux.PaneID]int) {
	return rounds(b, now, d, 400*time.Millisecond, polledRate, want, sure, changed)
}

// rounds runs a round every every for d at rate: each owes every pane
// of want a capture, as pollRounds says.
func rounds(b *budget, now *time.Time, d, every time.Duration, rate float64, want []tmux.PaneID, sure func() []tmux.PaneID, changed func(tmux.PaneID) bool) (int, map[tmux.PaneID]int) {
	spent, captured := 0, map[tmux.PaneID]int{}
	for end := now.Add(d); now.Before(end); {
		*now = now.Add(every)
		var s []tmux.PaneID
		if sure != nil {
			s = sure()
		}
		got := b.pick(rate, nil, s, want)
		if len(got) > 0 {
			spent += len(got) + 1
		}
		var screens []tmux.PaneScreen
		for _, p := range got {
			captured[p]++
			screens = append(screens, tmux.PaneScreen{Pane: p})
		}
		b.captured(screens, func(s tmux.PaneScreen) bool { return changed(s.Pane) })
	}
	return spent, captured
}

// A pane that certainly changed (the poll's stamp says its cursor
// moved) is captured by the read that follows, even while the window's
// other panes, which only may have changed, use up the budget; and
// before panes that go on changing.
func TestBudgetSureFirst(t *testing.T) {
	t.Parallel()
	now := time.Unix(1000, 0)
	b := newBudget(func() time.Time { return now })
	nine := []tmux.PaneID{"%0", "%1", "%2", "%3", "%4", "%5", "%6", "%7", "%8"}
	quiet := func(tmux.PaneID) bool { return false }
	spent := 0
	for round := range 12 {
		// The window printed: every pane is owed a capture at each read.
		n, _ := pollRounds(b, &now, 2*time.Second, nine, nil, quiet)
		spent += n
		now = now.Add(400 * time.Millisecond)
		got := b.pick(polledRate, nil, []tmux.PaneID{"%4"}, nine)
		if !slices.Contains(got, "%4") {
			t.Fatalf("round %d: the read after %%4's cursor moved captured %v, want %%4 among them", round, got)
		}
		spent += len(got) + 1
		b.captured([]tmux.PaneScreen{{Pane: "%4"}}, func(tmux.PaneScreen) bool { return true })
	}
	secs := 12 * 2.4
	if limit := budgetBurst + polledRate*secs; float64(spent) > limit {
		t.Errorf("spent %d entries in %.1f s, want at most %.0f", spent, secs, limit)
	}
}

// A pane whose last capture changed (the one typed into, its cursor
// back where it was, so the stamp cannot tell) is captured by most
// reads while the window's other panes, quiet, are owed captures too;
// they wait at most about staleAfter.
func TestBudgetActiveReserve(t *testing.T) {
	t.Parallel()
	now := time.Unix(1000, 0)
	b := newBudget(func() time.Time { return now })
	nine := []tmux.PaneID{"%0", "%1", "%2", "%3", "%4", "%5", "%6", "%7", "%8"}
	typed := func(p tmux.PaneID) bool { return p == "%4" }
	spent, captured := pollRounds(b, &now, 20*time.Second, nine, nil, typed)
	if limit := budgetBurst + polledRate*20; spent > limit {
		t.Errorf("spent %d entries in 20 s, want at most %d", spent, limit)
	}
	if captured["%4"] < 30 {
		// Alone it costs two entries a read, 5 a second against 4, and
		// the quiet panes grown stale take their turns.
		t.Errorf("the pane typed into captured %d times in 50 reads", captured["%4"])
	}
	for _, p := range nine {
		if captured[p] < int(20*time.Second/staleAfter) {
			t.Errorf("%s captured %d times in 20 s beside a pane typed into (%d)", p, captured[p], captured["%4"])
		}
	}
}

// A pane whose cursor moves all the time while its text stays is made
// urgent once per sureEvery, captured about once a second, and the others, which only may have changed, still
// take their turns, each at least every staleAfter.
func TestBudgetSureTakesTurns(t *testing.T) {
	t.Parallel()
	now := time.Unix(1000, 0)
	b := newBudget(func() time.Time { return now })
	nine := []tmux.PaneID{"%0", "%1", "%2", "%3", "%4", "%5", "%6", "%7", "%8"}
	busy := func() []tmux.PaneID { return nine[:1] }
	// Its captures come back unchanged: a cursor blinking, say.
	spent, captured := pollRounds(b, &now, 20*time.Second, nine, busy, func(tmux.PaneID) bool { return false })
	if limit := budgetBurst + polledRate*20; spent > limit {
		t.Errorf("spent %d entries in 20 s, want at most %d", spent, limit)
	}
	for _, p := range nine[1:] {
		if captured[p] < int(20*time.Second/staleAfter) {
			t.Errorf("%s captured %d times in 20 s beside a pane whose cursor always moves (%d)", p, captured[p], captured["%0"])
		}
	}
	if captured["%0"] < 15 {
		t.Errorf("the pane whose cursor always moves captured %d times in 20 s, want about once a second (the read after sureEvery)", captured["%0"])
	}
	if captured["%0"] > 30 {
		t.Errorf("the pane whose cursor always moves captured %d times in 20 s, want about once a second (the read after sureEvery)", captured["%0"])
	}
}
