package agents

import "testing"

// BenchmarkDecide decides the captured screens (every agent in every
// state, 36 panes of 15 to 20 lines): what the watcher does for up to 20
// panes every second when all their screens changed. Divide ns/op by the
// screens' count for one pane.
func BenchmarkDecide(b *testing.B) {
	cases := loadScreens(b)
	r := DefaultRules()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, c := range cases {
			r.Decide(c.signals)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(cases)), "ns/pane")
}
