package search

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"
)

const (
	benchPanes = 200
	benchLines = 2000
)

// benchText makes n lines of what terminals hold: logs, shell prompts and
// command output, 40 to 120 bytes, mixed case, a few non-ASCII runes, and
// the rare word "quorum" about once in 40,000 words (one pane in three).
func benchText(r *rand.Rand, n int) []string {
	words := []string{
		"request", "handler", "served", "GET", "POST", "/api/v1/panes", "status=200",
		"latency", "ms", "user", "session", "window", "Connection", "reset", "by",
		"peer", "retrying", "in", "5s", "ok", "PASS", "FAIL", "--- RUN", "TestParse",
		"go:", "build", "cache", "café", "naïve", "日本語", "✓", "→", "tmux", "pane",
		"%12", "0x7ffd3a", "main.go:42", "panic:", "nil", "pointer", "the", "of", "to",
	}
	levels := []string{"INFO", "DEBUG", "WARN", "ERROR", "info", "debug"}
	lines := make([]string, n)
	var b strings.Builder
	for i := range lines {
		b.Reset()
		switch r.IntN(4) {
		case 0:
			fmt.Fprintf(&b, "user@host:~/src/panemap$ %s", words[r.IntN(len(words))])
		case 1:
			fmt.Fprintf(&b, "-rw-r--r-- 1 user staff %6d May %2d 12:%02d", r.IntN(99999), 1+r.IntN(30), r.IntN(60))
		default:
			fmt.Fprintf(&b, "2024-05-%02dT%02d:%02d:%02d.%03dZ %s", 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60), r.IntN(1000), levels[r.IntN(len(levels))])
		}
		want := 40 + r.IntN(81)
		for b.Len() < want {
			b.WriteByte(' ')
			if r.IntN(40000) == 0 {
				b.WriteString("quorum")
			} else {
				b.WriteString(words[r.IntN(len(words))])
			}
		}
		lines[i] = b.String()
	}
	return lines
}

func benchPane(r *rand.Rand, i int) Pane {
	return Pane{
		ID: fmt.Sprint("%", i),
		Fields: []Field{
			{"command", "zsh"}, {"title", fmt.Sprintf("host%d: ~/src", i)},
			{"path", "/home/user/src/project" + fmt.Sprint(i)},
			{"window", "logs"}, {"session", "work"},
		},
		Lines:  benchText(r, benchLines),
		Screen: 50,
	}
}

// benchIndexBytes is the heap benchIndex's Index takes.
var benchIndexBytes float64

var benchIndex = sync.OnceValue(func() *Index {
	before := heapAlloc()
	r := rand.New(rand.NewPCG(1, 2))
	x := New()
	for i := range benchPanes {
		x.Set(benchPane(r, i))
	}
	benchIndexBytes = float64(heapAlloc() - before)
	runtime.KeepAlive(x)
	return x
})

// heapAlloc is the live heap, once a collection has freed the rest.
func heapAlloc() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkFindKeystroke is what one keystroke of a find costs over 200
// panes of 2,000 lines each.
func BenchmarkFindKeystroke(b *testing.B) {
	x := benchIndex()
	for _, q := range []struct{ name, query string }{
		{"1char", "e"},                  // nearly every line: stops at max
		{"3char", "err"},                // about one line in three
		{"6char-rare", "quorum"},        // a hundred lines in the whole server
		{"capital", "ERROR"},            // case-sensitive
		{"capital-rare", "Quorum"},      // case-sensitive, no match: the whole scan
		{"none", "zzqqxx"},              // no match: the whole scan
		{"none-common", "nil handler:"}, // no match, no rare byte
		{"none-worst", "the  user"},     // no match, though every pane holds its pairs of bytes: a full scan
		{"non-ascii", "naïve"},          // a folded non-ASCII query
	} {
		b.Run(q.name, func(b *testing.B) {
			var r Result
			for b.Loop() {
				r = x.Find(q.query, 1000)
			}
			b.ReportMetric(float64(len(r.Matches)), "matches")
			b.ReportMetric(float64(r.Panes), "panes")
			b.ReportMetric(benchIndexBytes/1e6, "indexMB")
		})
	}
}

// BenchmarkSetPane is what a live preview's refresh of one pane's text
// (2,000 lines) costs.
func BenchmarkSetPane(b *testing.B) {
	x := benchIndex()
	p := benchPane(rand.New(rand.NewPCG(3, 4)), 7)
	b.ReportAllocs()
	for b.Loop() {
		x.Set(p)
	}
	b.ReportMetric(benchIndexBytes/benchPanes, "bytes/pane")
}
