package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/resident/supervise"
)

// BenchmarkResidentSecondOpen measures the key presses the resident's one
// idle worker may not be ready for: a second navigator opened (on
// another client of the server) while the first is still open (the key
// pressed as the first map shows, and 200 ms later), and a navigator
// opened again right after one closed (the key pressed as soon as the
// popup is gone, and 200 ms later). Each is timed as
// BenchmarkOpenKeyToMap times the plugin's key: from the key press to
// the last byte of the map reaching the outer pane (tmuxtest.OutputWatch).
// In the same rounds, interleaved: the first open (an idle worker long
// ready); an arrow key pressed the moment the first map shows, to the
// focus moved on screen (the next worker's start must not slow what the
// navigator does first); and the same opens through the plugin's key
// without the resident (panemap started in the popup: what a fall-back
// costs).
//
//	PANEMAP_BENCH_ROUNDS=15 go test -run '^$' -bench ResidentSecondOpen -benchtime 1x ./cmd/panemap/
//
// PANEMAP_BENCH_ROUNDS sets the rounds (8 by default). Tests never
// assert on these times.
func BenchmarkResidentSecondOpen(b *testing.B) {
	rounds := tmuxtest.BenchRounds()
	c := startTwoClients(b)
	a, second := c.a, c.b
	// The plugin's key without the resident, bound to N: panemap alone
	// in the popup.
	a.Inner.Must("set", "-g", "@panemap-key", "N")
	loadPlugin(b, a.Inner, tmuxtest.Panemap(b))
	a.Inner.Must("set", "-gu", "@panemap-key")
	loadPlugin(b, a.Inner, filepath.Join(openDir(b), "panemap"))
	waitResident(b, c.sock, 0)
	b.Logf("tmux %s, %d rounds", a.Inner.Version(), rounds)
	watchA, watchB := a.WatchOutput(b), second.WatchOutput(b)
	mapA, mapB := showsPanes(c.g[:]...), showsPanes(c.lr[:]...)
	idleA, idleB := c.before[0], c.before[1]

	// open presses key on n and returns how long its map took.
	open := func(n *tmuxtest.Nested, w *tmuxtest.OutputWatch, key string, shown func(string) bool) time.Duration {
		w.Quiet()
		start := time.Now()
		n.Keys("C-b", key)
		at, ok := w.Await(start, 10*time.Second, shown)
		if !ok {
			b.Fatalf("%s: no map after 10s:\n%s", key, n.Screen())
		}
		return at.Sub(start)
	}
	closeMap := func(n *tmuxtest.Nested, idle string) {
		n.Keys("q")
		if !pollScreen(n, 10*time.Second, func(s string) bool { return s == idle }) {
			b.Fatalf("the map did not close:\n%s", lineDiff(idle, n.Screen()))
		}
	}
	// secondOpen opens the first map, then, pause later, the second
	// client's with key, and times that one.
	secondOpen := func(key string, pause time.Duration) func() time.Duration {
		return func() time.Duration {
			open(a, watchA, pluginDefaultKey, mapA)
			time.Sleep(pause)
			d := open(second, watchB, key, mapB)
			closeMap(second, idleB)
			closeMap(a, idleA)
			return d
		}
	}
	// reopen opens and closes the map, then, pause after it closed,
	// times the key again.
	reopen := func(pause time.Duration) func() time.Duration {
		return func() time.Duration {
			open(a, watchA, pluginDefaultKey, mapA)
			closeMap(a, idleA)
			time.Sleep(pause)
			d := open(a, watchA, pluginDefaultKey, mapA)
			closeMap(a, idleA)
			return d
		}
	}
	// Every case starts with the resident's idle worker ready, as a key
	// press after a pause finds it.
	ready := func() { waitResident(b, c.sock, 0) }
	cases := []struct {
		name string
		run  func() time.Duration
	}{
		{"first open", func() time.Duration {
			d := open(a, watchA, pluginDefaultKey, mapA)
			closeMap(a, idleA)
			return d
		}},
		{"a key at once after the first map", func() time.Duration {
			open(a, watchA, pluginDefaultKey, mapA)
			watchA.Quiet()
			start := time.Now()
			a.Keys("Right")
			at, ok := watchA.Await(start, 10*time.Second, func(s string) bool { return focusedLine(s, c.g[1]) })
			if !ok {
				b.Fatalf("Right did not move the focus:\n%s", a.Screen())
			}
			a.Keys("Left")
			closeMap(a, idleA)
			return at.Sub(start)
		}},
		{"first open, no resident", func() time.Duration {
			d := open(a, watchA, "N", mapA)
			closeMap(a, idleA)
			return d
		}},
		{"second open at once", secondOpen(pluginDefaultKey, 0)},
		{"second open after 200 ms", secondOpen(pluginDefaultKey, 200*time.Millisecond)},
		{"second open, no resident", secondOpen("N", 0)},
		{"reopen at once", reopen(0)},
		{"reopen after 200 ms", reopen(200 * time.Millisecond)},
	}
	// How many of each case's opens the resident's workers took (the
	// others ran in the popup).
	times, taken := make([][]time.Duration, len(cases)), make([]int, len(cases))
	for r := 0; r < rounds; r++ {
		for i, k := range cases {
			ready()
			before := supervise.ReadStatus(c.sock).Opens
			times[i] = append(times[i], k.run())
			taken[i] += supervise.ReadStatus(c.sock).Opens - before
		}
	}
	for i, k := range cases {
		m := median(times[i])
		b.Logf("%-34s median %6.1f ms  resident took %d of its opens  raw %v", k.name, ms(m), taken[i], roundAll(times[i]))
		b.ReportMetric(ms(m), strings.ReplaceAll(k.name, " ", "-")+"-ms")
	}
}
