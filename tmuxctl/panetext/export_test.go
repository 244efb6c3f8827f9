package panetext

import (
	"sync"
	"time"

	"github.com/panemap/panemap/tmux"
)

// TakePrinted lets the tests see what the watch has reported without
// waiting (see takePrinted).
func (p *Previews) TakePrinted() []tmux.PaneID { return p.takePrinted() }

// WrappedRows lets the tests check the joining of wrapped rows.
var WrappedRows = wrappedRows

// AmpleBudget makes the captures' budget clock run a second ahead at
// each look, so that a test's calls in a row, which a navigator would
// make a batch delay apart, are each afforded their round.
func (p *Previews) AmpleBudget() {
	var mu sync.Mutex
	at := time.Now()
	p.b.mu.Lock()
	defer p.b.mu.Unlock()
	p.b.now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		at = at.Add(time.Second)
		return at
	}
}
