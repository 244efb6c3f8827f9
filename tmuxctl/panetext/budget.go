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
// that did not. Panes that are only owed a capture because their window
// printed (below tmux 3.7) leave a reserve to those that changed or
// certainly did (the poll's stamp says so), so that one the user types
// into shows at once beside eight idle ones.

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
	// urgentReserve is what captures of quiet panes, which only may have
	// changed, leave in the budget for urgent ones, which changed at
	// their last capture or certainly did since (below tmux 3.7, the
	// poll's stamp says which panes' cursors or histories moved): a
	// round's header and two captures, so that such a pane is captured
	// by the read that follows the stamp rather than after a refill.
	urgentReserve = 1 + minRound
	// sureEvery is how often a certain change may make urgent a pane
	// whose capture came back unchanged (see pick), once such a capture
	// showed nothing new: one whose cursor moves all the time while its
	// text stays takes its turn with the others in between.
	sureEvery = time.Second
	// staleAfter is how long a quiet pane owed a capture may be put off
	// for urgent ones (see pick).
	staleAfter = 10 * time.Second
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
	// when each pane whose last capture was unchanged was last made
	// urgent by a certain change (see pick), until a capture changes it.
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
// The stalest go first, a quiet pane (its last capture unchanged)
// quietLead later, one that starts changing (quiet, in sure) quietLead
// sooner. A pane is urgent when it was never captured, when its
// last capture changed, when it is in sure (it certainly changed since:
// below tmux 3.7 the poll's stamp says its cursor or history moved,
// from 3.7 it started printing; for a quiet pane, at most once per
// sureEvery after such a capture showed nothing new), or when it is quiet and staleAfter stale. Other panes, which
// only may have changed, leave urgentReserve in the budget for urgent
// ones: a pane the user types into is captured by the read that follows
// the stamp, however many panes of its window are owed a capture, and a
// quiet pane waits at most staleAfter. A round waits until it can take
// two captures (or as many as are wanted, or as many urgent ones as are
// wanted), so that the header is shared.
func (b *budget) pick(rate float64, must, sure, want []tmux.PaneID) []tmux.PaneID {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.refill(rate)
	want = slices.DeleteFunc(slices.Clone(want), func(p tmux.PaneID) bool { return slices.Contains(must, p) })
	woke := map[tmux.PaneID]bool{} // quiet panes that certainly changed
	for _, p := range want {
		if t, ok := b.first[p]; slices.Contains(sure, p) && !b.changed[p] && (!ok || now.Sub(t) >= sureEvery) {
			woke[p] = true
		}
	}
	quiet := func(p tmux.PaneID) bool {
		_, seen := b.when[p]
		return seen && !b.changed[p] && !woke[p]
	}
	age := func(p tmux.PaneID) time.Duration {
		t, ok := b.when[p]
		if !ok {
			return 1 << 62 // never captured: first
		}
		return now.Sub(t)
	}
	urgent := func(p tmux.PaneID) bool { return !quiet(p) || age(p) >= staleAfter }
	order := func(p tmux.PaneID) time.Duration {
		switch {
		case quiet(p):
			return age(p) - quietLead
		case woke[p]:
			return age(p) + quietLead // it starts changing: before those that go on
		}
		return age(p)
	}
	slices.SortStableFunc(want, func(x, y tmux.PaneID) int { return cmp.Compare(order(y), order(x)) })
	spendable := int(b.tokens) - 1 - len(must)
	need := min(len(want), minRound)
	if n := len(slices.DeleteFunc(slices.Clone(want), func(p tmux.PaneID) bool { return !urgent(p) })); n > 0 {
		need = min(n, minRound)
	}
	// A quiet pane urgent for its age leaves a capture for each pane
	// behind it that changed.
	behind := 0
	for _, p := range want {
		if !quiet(p) {
			behind++
		}
	}
	var picked []tmux.PaneID
	for _, p := range want {
		limit := spendable - urgentReserve
		switch {
		case !quiet(p):
			limit = spendable
			behind--
		case urgent(p):
			limit = spendable - behind
		}
		if len(picked) < limit {
			picked = append(picked, p)
		}
	}
	if len(picked) < need {
		picked = nil // wait to share the header
	}
	for _, p := range picked {
		if woke[p] {
			b.first[p] = now
		}
	}
	picked = append(slices.Clone(must), picked...)
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
		if b.changed[s.Pane] {
			delete(b.first, s.Pane) // it did change: no wait before the next
		}
	}
}
