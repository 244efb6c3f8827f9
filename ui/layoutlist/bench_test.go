package layoutlist

import (
	"fmt"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/panemap/panemap/layouts"
)

// BenchmarkOpen50: the layouts view opened (o) on a store of 50 saved
// layouts of three panes each, on a 120x40 popup: the store listed and
// read, the small maps of the entries that fit and the chosen one's plan
// drawn.
func BenchmarkOpen50(b *testing.B) {
	t := &testing.T{}
	w := window(t, "@1", threeBody, "vim", "make", "bash")
	store := &layouts.Store{Dir: filepath.Join(b.TempDir(), "layouts")}
	for i := range 50 {
		l, err := layouts.FromWindow(fmt.Sprintf("layout-%02d", i), w, v33, time.Date(2026, 12, 1, 9, i, 0, 0, time.UTC))
		if err != nil {
			b.Fatal(err)
		}
		if err := store.Save(l, false); err != nil {
			b.Fatal(err)
		}
	}
	var before, after syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	b.ResetTimer()
	for range b.N {
		m := New(store, w, v33, false, DefaultStyles(true))
		m.SetSize(120, 40)
		m, _, _ = m.Update(m.Init()())
		if len(m.entries) != 50 || m.View() == "" {
			b.Fatalf("listed %d", len(m.entries))
		}
	}
	b.StopTimer()
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	// The CPU time, panemap's own work, apart from the waits of a busy
	// machine that ns/op counts too.
	cpu := time.Duration(after.Utime.Nano() + after.Stime.Nano() - before.Utime.Nano() - before.Stime.Nano())
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
