package previews

import "time"

// Elsewhere is the navigator's check, while find or the server view is
// open (one at a time), of which windows printed: what the live previews
// do not watch, the panes of other windows and sessions (ActiveSince).
type Elsewhere struct {
	Since   int64     // the Unix second the last check, or the opening read, began
	checked time.Time // the poll tick of the last check
}

// ElsewhereEvery is how often the check runs, on the poll's ticks.
const ElsewhereEvery = time.Second

// Due reports whether the check runs on this tick, and notes it if so.
func (e *Elsewhere) Due(tick time.Time) bool {
	if tick.Sub(e.checked) < ElsewhereEvery {
		return false
	}
	e.checked = tick
	return true
}
