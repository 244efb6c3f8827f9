package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// BenchmarkServerKeysToScreen times, end to end, the whole-server keys
// in a real popup (the plugin's key, over a server of 64 panes: main's
// four, and 4 sessions of 5 windows of 3): from send-keys on the outer client to the
// outer screen showing the result. In the same rounds it times ? (the
// help redrawn: no tmux at all), the floor of any key in the navigator.
//
//	go test -run '^$' -bench ServerKeysToScreen -benchtime 1x ./cmd/panemap/
//
// PANEMAP_BENCH_ROUNDS sets the rounds (8 by default). Tests never
// assert on these times.
func BenchmarkServerKeysToScreen(b *testing.B) {
	rounds := tmuxtest.BenchRounds()
	n := tmuxtest.StartNested(b, 160, 46)
	n.Inner.Grid()
	// main's window has 4 panes; 4 sessions of 5 windows of 3 panes add 60.
	for s := range 4 {
		name := fmt.Sprintf("s%d", s)
		n.Inner.Must("new-session", "-d", "-s", name, "exec cat")
		for w := range 5 {
			if w > 0 {
				n.Inner.Must("new-window", "-d", "-t", name+":", "exec cat")
			}
			target := fmt.Sprintf("%s:%d", name, w)
			for range 2 {
				n.Inner.Must("split-window", "-d", "-t", target, "exec cat")
			}
		}
	}
	bin := tmuxtest.Panemap(b)
	loadPlugin(b, n.Inner, bin)
	b.Logf("tmux %s, %d rounds", n.Inner.Version(), rounds)
	n.Keys("C-b", pluginDefaultKey)
	if !pollScreen(n, 10*time.Second, func(s string) bool { return strings.Contains(s, "NAV") }) {
		b.Fatalf("the navigator did not open:\n%s", n.Screen())
	}
	has := func(want ...string) func(string) bool {
		return func(s string) bool {
			for _, w := range want {
				if !strings.Contains(s, w) {
					return false
				}
			}
			return true
		}
	}
	steps := []struct {
		name  string
		keys  []string
		shown func(string) bool
	}{
		{"? (help, no tmux): the floor", []string{"?"}, has("less")},
		{"? back", []string{"?"}, has("more")},
		{"w: the server view, 64 panes", []string{"w"}, has("64 panes", "ALL")},
		{"esc: the map again", []string{"Escape"}, has("NAV")},
		{"/: find, the text read", []string{"/"}, has("64 panes: type to find")},
		{"a key in find", []string{"e"}, has("matches in")},
		{"esc: the map again ", []string{"Escape"}, has("NAV")},
	}
	times := make([][]time.Duration, len(steps))
	for range rounds {
		for i, st := range steps {
			start := time.Now()
			n.Keys(st.keys...)
			if !pollScreen(n, 10*time.Second, st.shown) {
				b.Fatalf("%s: not on screen after 10s:\n%s", st.name, n.Screen())
			}
			times[i] = append(times[i], time.Since(start))
		}
	}
	floor := median(times[0])
	for i, st := range steps {
		m := median(times[i])
		b.Logf("%-30s median %6.1f ms  ×floor %.2f  raw %v", st.name, ms(m), float64(m)/float64(floor), roundAll(times[i]))
		b.ReportMetric(ms(m), strings.NewReplacer(" ", "-", ":", "", ",", "", "(", "", ")", "").Replace(strings.TrimSpace(st.name))+"-ms")
	}
	n.Keys("q")
}
