package tmuxtest

import (
	"testing"
	"time"
)

// NextSecond waits (a bounded poll) until the clock is past the second it
// is called in, and returns the second it started in: what tmux did
// before the call has an activity time (whole seconds) older than
// anything after it.
func NextSecond(tb testing.TB) int64 {
	tb.Helper()
	start := time.Now().Unix()
	Eventually(tb, 20*time.Second, func() bool { return time.Now().Unix() > start }, "the next second")
	return start
}
