package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// residentMemory opens the navigator through a resident n times, each
// open a navigator that ends at once (a flag it refuses: the worker
// takes the open, runs panemap's flag parsing, exits 2 and is replaced,
// as after any open), and returns the resident's memory (the
// supervisor's RSS plus its idle worker's, in KiB) after the first ten
// opens and after the last.
func residentMemory(tb testing.TB, n int) (first, last int) {
	srv := tmuxtest.Start(tb, 80, 24)
	sock := srv.SocketPath()
	tb.Cleanup(func() { stopResident(tb, sock) })
	open := tmuxtest.PanemapOpen(tb)
	start := exec.Command(filepath.Join(filepath.Dir(open), "panemap"), "-S", sock, "resident")
	start.Env = tmuxtest.Env()
	if err := start.Start(); err != nil {
		tb.Fatal(err)
	}
	go func() { _ = start.Wait() }()
	st := waitResident(tb, sock, 0)
	for i := 1; i <= n; i++ {
		// An open finds no idle worker while the last one's successor
		// starts, and falls back: open again until the resident takes it.
		for taken := false; !taken; {
			cmd := exec.Command(open, "-S", sock, "--no-such-flag")
			cmd.Env = tmuxtest.Env()
			out, err := cmd.CombinedOutput()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(string(out), "no-such-flag") {
				tb.Fatalf("open %d: %v\n%s", i, err, out)
			}
			taken = waitResident(tb, sock, 0).Opens >= i
		}
		if i == 10 || i == n {
			rss := residentRSS(tb, st.PID)
			if i == 10 {
				first = rss
			}
			last = rss
		}
	}
	return first, last
}

// residentRSS is the supervisor's RSS plus its one idle worker's, in KiB,
// once the last open's worker has exited and the next is warm (its RSS
// steady over two reads).
func residentRSS(tb testing.TB, supervisor int) int {
	var total int
	tmuxtest.Eventually(tb, wait, func() bool {
		var kids []int
		for _, pid := range processes(tb) {
			if ppid, state, ok := procStat(pid); ok && ppid == supervisor && state != "Z" {
				kids = append(kids, pid)
			}
		}
		if len(kids) != 1 {
			return false
		}
		before := vmRSS(tb, kids[0])
		time.Sleep(50 * time.Millisecond)
		worker := vmRSS(tb, kids[0])
		total = vmRSS(tb, supervisor) + worker
		return worker > 0 && worker == before
	}, "the resident has no single idle worker")
	return total
}

// residentLimit is the bound on the resident's memory: 30 MiB.
const residentLimit = 30 << 10

// TestResidentMemoryStaysFlat: over 200 opens the resident stays under
// 30 MiB and does not grow (BenchmarkResidentMemory runs 1,000).
func TestResidentMemoryStaysFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("200 opens, each a worker started and warmed: skipped with -short")
	}
	t.Parallel()
	first, last := residentMemory(t, 200)
	t.Logf("resident RSS after 10 opens %d KiB, after 200 %d KiB", first, last)
	if last > residentLimit {
		t.Errorf("the resident holds %d KiB, over %d", last, residentLimit)
	}
	// Flat: a leak of even 10 KiB an open would show as 1.9 MiB.
	if last > first+1<<10 {
		t.Errorf("the resident grew from %d KiB to %d over 190 opens", first, last)
	}
}

// BenchmarkResidentMemory reports the resident's memory after 10 and
// after 1,000 opens (PANEMAP_RESIDENT_OPENS sets the number), whatever
// b.N is.
//
//	go test -run '^$' -bench ResidentMemory -benchtime 1x ./cmd/panemap/
func BenchmarkResidentMemory(b *testing.B) {
	n := 1000
	if s := os.Getenv("PANEMAP_RESIDENT_OPENS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	first, last := residentMemory(b, n)
	b.Logf("resident RSS (supervisor + idle worker): %d KiB after 10 opens, %d KiB after %d", first, last, n)
	b.ReportMetric(float64(first)/1024, "MiB-after-10")
	b.ReportMetric(float64(last)/1024, "MiB-after-all")
}
