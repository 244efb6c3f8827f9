package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"time"
)

// pauseGC turns the garbage collector off for d, or until the returned
// resume is called, and then puts it back as it was. The popup's first
// frame is drawn from a cold process: every page the heap grows into is a
// page fault, and a collection in that window marks, sweeps and faults
// too. Measured on this project's machines (nested tmux, 8 presses
// interleaved), the key press to the map took ~25 ms less with the
// collector off (GOGC=off) than with it on. A memory limit keeps the
// pause safe: past it the collector runs all the same.
func pauseGC(d time.Duration) (resume func()) {
	percent := debug.SetGCPercent(-1)
	limit := debug.SetMemoryLimit(pausedGCLimit)
	var once sync.Once
	restore := func() {
		once.Do(func() {
			debug.SetMemoryLimit(limit)
			debug.SetGCPercent(percent)
		})
	}
	timer := time.AfterFunc(d, restore)
	return func() {
		timer.Stop()
		restore()
	}
}

// navigatorRuntime sets Go's runtime for the navigator's whole run.
//
// One processor (GOMAXPROCS 1): the navigator is a few goroutines
// waiting on tmux, the terminal and timers, and never has two things
// to compute at once. With a second processor every wake-up of one
// goroutine by another wakes a second thread as well (futex, a context
// switch), and on the small VMs people run tmux on a context switch is
// the dearest thing the navigator does: measured in a real popup on
// 3.7c with nine panes printing, ~400 context switches a second against
// ~530, and 5.4% of a core against 6.8% (BENCHMARKS.md). Setting it also
// stops the runtime re-reading the cgroup's CPU quota.
//
// The collector: a heap goal five times the live heap (a few MB), so
// that previews' captures, parsed several times a second, are collected
// less often and the runtime does not return pages to the kernel only to
// fault them back in (measured with live previews on 3.3a: ~1 point of
// a core less). The memory limit makes it collect as usual past
// navigatorMemoryLimit.
func navigatorRuntime() {
	if os.Getenv("GOMAXPROCS") == "" { // as the user asks, if they do
		runtime.GOMAXPROCS(1)
	}
	debug.SetGCPercent(navigatorGCPercent)
	debug.SetMemoryLimit(navigatorMemoryLimit)
}

const (
	navigatorGCPercent   = 400
	navigatorMemoryLimit = 128 << 20
)

// pausedGCLimit bounds the heap while the collector is paused.
const pausedGCLimit = 256 << 20

// openingGCPause is how long the popup's opening runs without collections:
// the first frame is on screen well within it.
const openingGCPause = time.Second
