package transport

import "time"

// On a tmux where an attached control client can crash the server (see
// AttachedControlVersion), Auto attaches only while it works: the
// connection is closed once no call has been in flight for t.idle and no
// one listens to events (the navigator listens for as long as it is open),
// and the next call connects again. Connecting is safe on these versions.

// begin marks a call in flight, so the connection is not closed under it.
func (t *Auto) begin() {
	t.mu.Lock()
	t.busy++
	t.stopIdleLocked()
	t.mu.Unlock()
}

// end marks a call done and starts the idle countdown when it was the last.
func (t *Auto) end() {
	t.mu.Lock()
	t.busy--
	t.armIdleLocked()
	t.mu.Unlock()
}

// armIdleLocked starts (or restarts) the idle countdown when detaching
// applies now.
func (t *Auto) armIdleLocked() {
	if t.idle <= 0 || t.ctl == nil || t.closed || t.busy > 0 || t.hub.count() > 0 {
		return
	}
	if t.idleTimer == nil {
		t.idleTimer = time.AfterFunc(t.idle, t.detachIdle)
		return
	}
	t.idleTimer.Reset(t.idle)
}

func (t *Auto) stopIdleLocked() {
	if t.idleTimer != nil {
		t.idleTimer.Stop()
	}
}

// detachIdle closes the connection if it is still idle. It is forgotten
// first, so its end is not taken for a lost connection.
func (t *Auto) detachIdle() {
	t.mu.Lock()
	ctl := t.ctl
	if ctl == nil || t.closed || t.busy > 0 || t.hub.count() > 0 {
		t.mu.Unlock()
		return
	}
	t.ctl = nil
	t.nextDial = time.Time{}
	// Nothing is attached now to notice the server ending: another, of
	// another version, may be started on the socket before the next
	// dial, which must read the version again.
	t.forgetServerLocked()
	t.mu.Unlock()
	_ = ctl.Close()
}
