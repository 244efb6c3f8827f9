package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// BenchmarkPopupPreviewLatency is how long what a pane prints takes to
// show in its preview, as a user sees it: the real binary in a real
// popup (the plugin's key on a real client, nested servers), over the
// window of BenchmarkPopupPreviewsCPU. Each round types a word into the
// middle pane's shell (send-keys, which its line editor echoes) and reads the
// outer client's screen until the word is on it: with the other eight
// panes idle (ms-idle: on 3.7 the pane's notice starts a batch), then
// printing a coloured line every 10 ms (ms-busy: a batch is under way).
// The same rounds before the popup opens, the pane drawn by tmux itself,
// are the floor (ms-bare): the outer client's own redraw and the reading
// of its screen (a tmux process, ~10 ms here) are in all of them. It
// reports medians and the slowest round, in milliseconds.
//
//	go test -run '^$' -bench PopupPreviewLatency -benchtime 1x ./cmd/panemap/
func BenchmarkPopupPreviewLatency(b *testing.B) {
	const rounds = 12
	n, panes, _ := previewBench(b)
	// The middle pane of the 3x3 grid: the popup covers it whole, so
	// the word can only be seen in its preview.
	typed := panes[4]
	others := slices.Delete(slices.Clone(panes), 4, 5)
	measure := func(tag string) []time.Duration {
		var ds []time.Duration
		for r := range rounds {
			word := fmt.Sprintf("%s%02dq", tag, r)
			start := time.Now()
			n.Inner.Must("send-keys", "-t", typed, "-l", word)
			deadline := start.Add(wait)
			for !strings.Contains(n.Screen(), word) {
				if time.Now().After(deadline) {
					b.Fatalf("%q not on the screen within %v:\n%s", word, wait, n.Screen())
				}
			}
			ds = append(ds, time.Since(start))
			n.Inner.Must("send-keys", "-t", typed, "C-u")
		}
		slices.Sort(ds)
		return ds
	}
	bare := measure("bare")
	n.Keys("C-b", pluginDefaultKey)
	n.WaitScreen(wait, "the map", func(scr string) bool { return strings.Contains(scr, "NAV") })
	idle := measure("idle")
	n.Inner.TypeLine(others, tmuxtest.ColouredLines)
	busy := measure("busy")
	n.Keys("q")
	b.Logf("tmux %s: idle %v, busy %v, bare %v", n.Inner.Version(), idle, busy, bare)
	for _, m := range []struct {
		name string
		ds   []time.Duration
	}{{"idle", idle}, {"busy", busy}, {"bare", bare}} {
		b.ReportMetric(float64(m.ds[rounds/2].Microseconds())/1000, "ms-"+m.name+"-median")
		b.ReportMetric(float64(m.ds[rounds-1].Microseconds())/1000, "ms-"+m.name+"-max")
	}
}
