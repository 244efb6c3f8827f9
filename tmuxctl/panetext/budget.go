package panetext

import (
	"slices"
	"sync"
	"time"

	"github.com/panemap/panemap/tmux"
)

// The navigator's captures of panes that go on printing share a budget.
// tmux logs every command a client runs (cmd-queue.c, cmdq_add_message;
// 1,000 entries by default), and a capture costs one command a pane and
// one for the headers (tmuxctl.Client.CapturePanes): nine panes printing,
// each captured every 250 ms, would add 40 entries a second and push the
// user's own commands out of the log within half a minute. The budget is
// shared rather than per pane, so that one busy pane is still refreshed
// several times a second, and nine share it: each round takes the panes
// whose capture is the oldest first, those that last changed before those
// that did not.

// Budget rates, in log entries a second (a capture command or a round's
// header each cost one), and how many a round may spend at once.
const (
	// notedRate is for tmux 3.7+, where the output watch says which panes
	// printed and nothing else polls (the map's stamp is one entry every
	// 5 s): issue 29 allows 10 entries a second with nine busy panes.
	notedRate = 6
	// polledRate is for tmux before 3.7, where the map's poll also costs
	// its stamp and, while panes print, its read: one entry each, 2.5
	// times a second.
	polledRate = 4
	// budgetBurst bounds the entries saved while nothing was captured.
	budgetBurst = 8
	// minRound is how many captures a round waits to be able to afford
	// (fewer when fewer are wanted), so that the header is shared.
	minRound = 2
	// quietLead is how much older a pane whose last capture was unchanged
	// must be to go before one whose capture changed.
	quietLead = 2 * time.Second
	// freshFor is how long a capture stands for a pane below tmux 3.7: a
	// read within it does not owe the pane another (the navigator's
	// opening captures every pane, then its first poll reads). What the
	// pane prints after it keeps the map's poll reading (its stamp says a
	// window printed), and a later read owes the pane a capture.
	freshFor = 300 * time.Millisecond
)

// budget is a token bucket of log entries with the panes' capture times.
type budget struct {
	mu     sync.Mutex
	now    func() time.Time
	tokens float64
	last   time.Time
	// when each pane was last captured, and whether that capture changed
	// it.
	when    map[tmux.PaneID]time.Time
	changed map[tmux.PaneID]bool
}

func newBudget(now func() time.Time) *budget {
	return &budget{now: now, tokens: budgetBurst, when: map[tmux.PaneID]time.Time{}, changed: map[tmux.PaneID]bool{}}
}

// refill adds what rate earned since the last call (b.mu held).
func (b *budget) refill(rate float64) time.Time {
	now := b.now()
	if !b.last.IsZero() {
		b.tokens = min(budgetBurst, b.tokens+rate*now.Sub(b.last).Seconds())
	}
	b.last = now
	return now
}

// pick returns the panes of want to capture now, the stalest first,
// and spends their cost (one entry each and one for the round); must are
// captured whatever the budget holds (they are owed a first capture or
// an arming), and count against it. The rest wait for a later round.
func (b *budget) pick(rate float64, must, want []tmux.PaneID) []tmux.PaneID {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.refill(rate)
	want = slices.DeleteFunc(slices.Clone(want), func(p tmux.PaneID) bool { return slices.Contains(must, p) })
	age := func(p tmux.PaneID) time.Duration {
		t, ok := b.when[p]
		if !ok {
			return 1 << 62 // never captured: first
		}
		d := now.Sub(t)
		if !b.changed[p] {
			d -= quietLead
		}
		return d
	}
	slices.SortStableFunc(want, func(x, y tmux.PaneID) int {
		ax, ay := age(x), age(y)
		switch {
		case ax > ay:
			return -1
		case ax < ay:
			return 1
		}
		return 0
	})
	n := 0
	if afford := int(b.tokens) - 1 - len(must); afford >= min(len(want), minRound) {
		n = min(len(want), afford)
	}
	picked := append(slices.Clone(must), want[:n]...)
	if len(picked) > 0 {
		b.tokens -= float64(len(picked) + 1)
	}
	return picked
}

// spend charges a capture made outside pick (a one-off of panes the map
// just showed): it costs the same, and later rounds wait for it.
func (b *budget) spend(rate float64, panes int) {
	if panes == 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill(rate)
	b.tokens -= float64(panes + 1)
}

// fresh reports whether pane was captured within freshFor.
func (b *budget) fresh(pane tmux.PaneID) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	t, ok := b.when[pane]
	return ok && b.now().Sub(t) < freshFor
}

// captured notes the panes captured now and whether each changed.
func (b *budget) captured(screens []tmux.PaneScreen, changed func(tmux.PaneScreen) bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	for _, s := range screens {
		b.when[s.Pane] = now
		b.changed[s.Pane] = changed(s)
	}
}
