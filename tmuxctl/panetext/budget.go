package panetext

import (
	"cmp"
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
	// sureReserve is what captures of panes that only may have changed
	// leave in the budget for a pane that certainly did (below tmux 3.7,
	// the poll's stamp says which panes' cursors or histories moved): a
	// round's header and two captures, so that such a pane is captured
	// by the read that follows the stamp rather than after a refill.
	sureReserve = 1 + minRound
	// sureEvery is how often a pane may go first for a certain change:
	// one whose cursor moves all the time takes its turn with the others
	// in between.
	sureEvery = time.Second
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
	// when each pane last went first for a certain change.
	first map[tmux.PaneID]time.Time
}

func newBudget(now func() time.Time) *budget {
	return &budget{
		now: now, tokens: budgetBurst,
		when: map[tmux.PaneID]time.Time{}, changed: map[tmux.PaneID]bool{}, first: map[tmux.PaneID]time.Time{},
	}
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

// pick returns the panes of want to capture now and spends their cost
// (one entry each and one for the round); must are captured whatever
// the budget holds (they are owed a first capture or an arming), and
// count against it. The rest wait for a later round.
//
// The panes of sure (of want) certainly changed: each goes first, and
// may spend the reserve the others leave (sureReserve), unless it went
// first within sureEvery; those whose last capture was unchanged (a pane
// that starts changing, like the one the user types into) before those
// that go on changing, then the stalest. The others follow, the stalest
// first, a pane whose last capture was unchanged quietLead later.
func (b *budget) pick(rate float64, must, sure, want []tmux.PaneID) []tmux.PaneID {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.refill(rate)
	want = slices.DeleteFunc(slices.Clone(want), func(p tmux.PaneID) bool { return slices.Contains(must, p) })
	first := func(p tmux.PaneID) bool {
		t, ok := b.first[p]
		return slices.Contains(sure, p) && (!ok || now.Sub(t) >= sureEvery)
	}
	age := func(p tmux.PaneID) time.Duration {
		t, ok := b.when[p]
		if !ok {
			return 1 << 62 // never captured: first
		}
		d := now.Sub(t)
		if !b.changed[p] && !first(p) {
			d -= quietLead
		}
		return d
	}
	slices.SortStableFunc(want, func(x, y tmux.PaneID) int {
		if fx, fy := first(x), first(y); fx != fy {
			return boolOrder(fx, fy)
		} else if fx && b.changed[x] != b.changed[y] {
			return boolOrder(!b.changed[x], !b.changed[y])
		}
		return cmp.Compare(age(y), age(x))
	})
	spendable := int(b.tokens) - 1 - len(must)
	n := 0
	for n < len(want) {
		limit := spendable - sureReserve
		if first(want[n]) {
			limit = spendable
		}
		if n+1 > limit {
			break
		}
		n++
	}
	if n < min(len(want), minRound) && (n == 0 || !first(want[0])) {
		n = 0 // wait to share the header, unless a pane certainly changed
	}
	for _, p := range want[:n] {
		if first(p) {
			b.first[p] = now
		}
	}
	picked := append(slices.Clone(must), want[:n]...)
	if len(picked) > 0 {
		b.tokens -= float64(len(picked) + 1)
	}
	return picked
}

// boolOrder sorts x before y when x is true and y is not.
func boolOrder(x, y bool) int {
	switch {
	case x && !y:
		return -1
	case y && !x:
		return 1
	}
	return 0
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
