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
// as after any open), and returns the resident's memory after open `from`
// and after the last: the supervisor's RSS, and its idle worker's, in KiB. The supervisor's RSS grows over its first few hundred
// opens as its runtime touches pages it had not (measured: 3.0 MiB after
// 10 opens, 4.3 after 250, 4.6 after 500, 4.7 after 1,000 and 1,250).
func residentMemory(tb testing.TB, from, n int) (first, last rss) {
	srv := tmuxtest.Start(tb, 80, 24)
	sock := srv.SocketPath()
	tb.Cleanup(func() { stopResident(tb, sock) })
	open := tmuxtest.PanemapOpen(tb)
	start := exec.Command(filepath.Join(filepath.Dir(open), "panemap"), "-S", sock, "resident")
	start.Env = tmuxtest.Env()
	tmuxtest.StartProcess(tb, start)
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
		if i == from || i == n {
			rss := residentRSS(tb, st.PID)
			if i == from {
				first = rss
			}
			last = rss
		}
	}
	return first, last
}

// rss is the resident's memory, in KiB.
type rss struct{ supervisor, worker int }

func (r rss) total() int { return r.supervisor + r.worker }

// residentRSS is the supervisor's RSS and its one idle worker's, once the
// last open's worker has exited and the next is warm (its RSS steady over
// two reads).
func residentRSS(tb testing.TB, supervisor int) rss {
	var r rss
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
		// The last open's worker may be exiting as it is read.
		before, err := statusRSS(kids[0])
		time.Sleep(50 * time.Millisecond)
		worker, err2 := statusRSS(kids[0])
		r = rss{supervisor: vmRSS(tb, supervisor), worker: worker}
		return err == nil && err2 == nil && worker == before
	}, "the resident has no single idle worker")
	return r
}

// residentLimit is the bound on the resident's memory: 30 MiB.
const residentLimit = 30 << 10

// TestResidentMemoryStaysFlat: over 400 opens the resident stays under
// 30 MiB, and from the 200th to the 400th it does not grow
// (BenchmarkResidentMemory runs 1,000).
func TestResidentMemoryStaysFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("400 opens, each a worker started and warmed: skipped with -short")
	}
	t.Parallel()
	first, last := residentMemory(t, 200, 400)
	t.Logf("resident RSS (KiB) after 200 opens %+v, after 400 %+v", first, last)
	// The bound is the release build's: under the race detector (CI's
	// race section) the worker, a race-built panemap, holds about 50 MiB.
	if last.total() > residentLimit && !raceBuild {
		t.Errorf("the resident holds %d KiB, over %d", last.total(), residentLimit)
	}
	// Flat: a leak of even 5 KiB an open would show as 1 MiB. (Each
	// worker is a new process, whose RSS moves by a few hundred KiB from
	// one to the next: only the supervisor lives through the opens.)
	if last.supervisor > first.supervisor+1<<10 {
		t.Errorf("the supervisor grew from %d KiB to %d over 200 opens", first.supervisor, last.supervisor)
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
	first, last := residentMemory(b, 10, n)
	b.Logf("resident RSS (KiB): %+v after 10 opens, %+v after %d", first, last, n)
	b.ReportMetric(float64(first.total())/1024, "MiB-after-10")
	b.ReportMetric(float64(last.total())/1024, "MiB-after-all")
	b.ReportMetric(float64(last.supervisor)/1024, "supervisor-MiB-after-all")
}
