package main

import (
	"runtime/debug"
	"testing"
	"time"
)

// TestPauseGCRestores: the pause turns the collector off with a memory
// limit, and resume (or the time running out) puts both back as they
// were, once.
func TestPauseGCRestores(t *testing.T) {
	before := debug.SetGCPercent(77)
	defer debug.SetGCPercent(before)
	limitBefore := debug.SetMemoryLimit(1 << 40)
	defer debug.SetMemoryLimit(limitBefore)

	resume := pauseGC(time.Hour)
	if p := debug.SetGCPercent(-1); p != -1 {
		t.Errorf("GC percent during the pause = %d, want -1 (off)", p)
	}
	if l := debug.SetMemoryLimit(-1); l != pausedGCLimit {
		t.Errorf("memory limit during the pause = %d, want %d", l, pausedGCLimit)
	}
	resume()
	resume()
	if p := debug.SetGCPercent(-1); p != 77 {
		t.Errorf("GC percent after resume = %d, want 77", p)
	}
	debug.SetGCPercent(77)
	if l := debug.SetMemoryLimit(-1); l != 1<<40 {
		t.Errorf("memory limit after resume = %d, want %d", l, int64(1<<40))
	}

	pauseGC(time.Millisecond)
	deadline := time.Now().Add(10 * time.Second)
	for debug.SetGCPercent(-1) == -1 {
		if time.Now().After(deadline) {
			t.Fatal("the pause did not end on its own")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
