package supervise

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/resident/wire"
)

// TestRunLeavesNothingOfAGoneServer: a supervisor stopped (its context
// ended, as by SIGTERM) after its tmux server has gone removes its
// directory, as one that saw the server go does; one whose server still
// runs keeps it for the next resident.
func TestRunLeavesNothingOfAGoneServer(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the resident runs on Linux only")
	}
	for _, alive := range []bool{false, true} {
		sock := filepath.Join(t.TempDir(), "s")
		ctx, cancel := context.WithCancel(t.Context())
		s := Supervisor{
			TmuxSocket:  sock,
			ServerAlive: func() bool { return alive },
			CheckEvery:  time.Hour, // never: only the context ends it
			// A worker that waits for its link to close, and says nothing.
			Worker: []string{"/bin/sh", "-c", "read x <&4"},
		}
		done := make(chan error, 1)
		go func() { done <- s.Run(ctx) }()
		dir := wire.Dir(sock)
		// Running once its socket is there.
		for n := 0; ; n++ {
			if _, err := os.Stat(wire.SocketPath(sock)); err == nil {
				break
			}
			if n > 2000 {
				t.Fatal("the supervisor never listened")
			}
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		_, err := os.Stat(dir)
		if kept := err == nil; kept != alive {
			t.Errorf("server alive %v: directory kept %v, want %v", alive, kept, alive)
		}
	}
}

// TestNextWorkerAtTheFirstFrame: the next idle worker starts once the
// worker that took an open says it painted its first frame (and
// afterPaint), while that one still runs: not only when it exits. The
// resident's file says ready while a worker is idle, busy from the take
// until the next is ready.
func TestNextWorkerAtTheFirstFrame(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the resident runs on Linux only")
	}
	dir := t.TempDir()
	starts, step := filepath.Join(dir, "starts"), filepath.Join(dir, "step")
	// The first worker takes an open once step holds 1 and paints once
	// it holds 2, then runs until it holds 3; the next waits, idle. Each
	// writes its pid to starts, and exits when the test's directory goes,
	// whatever it waits for: a test ends every process it starts.
	script := `wait_for() { while [ "$(cat "$2" 2>/dev/null)" != "$1" ]; do [ -d "${2%/*}" ] || exit 1; sleep 0.01; done; }
echo $$ >>"$1"; printf R >&4
if [ "$(wc -l <"$1")" -eq 1 ]; then
	wait_for 1 "$2"; printf A >&4
	wait_for 2 "$2"; printf P >&4
	wait_for 3 "$2"
else
	read x <&4
fi`
	sock := filepath.Join(dir, "s")
	ctx, cancel := context.WithCancel(t.Context())
	s := Supervisor{
		TmuxSocket:  sock,
		ServerAlive: func() bool { return true },
		CheckEvery:  time.Hour,
		Worker:      []string{"/bin/sh", "-c", script, "worker", starts, step},
		// Never: only the paint starts the next worker.
		SuccessorDelay: time.Hour,
	}
	ran := make(chan error, 1)
	go func() { ran <- s.Run(ctx) }()
	t.Cleanup(func() {
		_ = os.WriteFile(step, []byte("3"), 0o600)
		cancel()
		if err := <-ran; err != nil {
			t.Error(err)
		}
		// Run waited for the worker that took the open, and reaped
		// every worker it started.
		if left := running(t, starts); len(left) > 0 {
			t.Errorf("workers still running once Run returned: %v", left)
		}
		_ = os.RemoveAll(wire.Dir(sock))
	})
	say := func(n string) {
		if err := os.WriteFile(step, []byte(n), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	await := func(what string, opens int, ready bool) {
		t.Helper()
		for n := 0; ; n++ {
			st := ReadStatus(sock)
			_, busyErr := os.Stat(wire.BusyPath(sock))
			if st.Opens == opens && st.Ready == ready && (busyErr == nil) == !ready {
				return
			}
			if n > 2000 {
				b, _ := os.ReadFile(starts)
				t.Fatalf("%s: %d workers started, status %+v, busy file: %v", what, strings.Count(string(b), "\n"), st, busyErr)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	await("the first worker ready", 0, true)
	say("1")
	await("the first worker took an open", 1, false)
	say("2")
	await("the next worker ready once the first painted", 1, true)
}

// TestRunEndsAStuckIdleWorker: a supervisor that stops ends its idle
// worker even when it does not exit as its link closes (a worker stuck
// in its warm-up), and returns once it has reaped it: nothing it started
// runs on without it.
func TestRunEndsAStuckIdleWorker(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the resident runs on Linux only")
	}
	dir := t.TempDir()
	pids := filepath.Join(dir, "pids")
	sock := filepath.Join(dir, "s")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	s := Supervisor{
		TmuxSocket:  sock,
		ServerAlive: func() bool { return true },
		CheckEvery:  time.Hour,
		// Ready, then deaf to its link: it runs until the test's
		// directory goes (so that it never outlives the test).
		Worker: []string{"/bin/sh", "-c", `echo $$ >>"$1"; printf R >&4; while [ -d "${1%/*}" ]; do sleep 0.05; done`, "worker", pids},
	}
	ran := runUntilReady(t, ctx, &s, sock)
	cancel()
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
	if left := running(t, pids); len(left) > 0 {
		t.Errorf("idle worker still running once Run returned: %v", left)
	}
}

// running is the pids listed in file, one a line, whose processes still
// run (or are unreaped) and are the tests' sh: a pid reused since by
// another program is not one of them.
func running(t *testing.T, file string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, pid := range strings.Fields(string(b)) {
		cmdline, err := os.ReadFile("/proc/" + pid + "/cmdline")
		if err == nil && strings.Contains(string(cmdline), file) {
			left = append(left, pid)
		}
	}
	return left
}

// TestRunWaitsForAWorkerThatTookAnOpenAsItStops: a worker that takes an
// open as its supervisor stops (its Taken comes after the supervisor has
// shut the link) serves it: it is neither killed nor cut off from its
// link, and Run returns once it has finished.
func TestRunWaitsForAWorkerThatTookAnOpenAsItStops(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the resident runs on Linux only")
	}
	dir := t.TempDir()
	took, done, finished := filepath.Join(dir, "took"), filepath.Join(dir, "done"), filepath.Join(dir, "finished")
	sock := filepath.Join(dir, "s")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	// Ready; once the link ends (the supervisor stopping), it says it
	// took an open, and serves it until the test says done (or its
	// directory goes).
	script := `printf R >&4; read x <&4; printf A >&4 && echo >"$1"
while [ ! -e "$2" ]; do [ -d "${1%/*}" ] || exit 1; sleep 0.01; done
echo >"$3"`
	s := Supervisor{
		TmuxSocket:  sock,
		ServerAlive: func() bool { return true },
		CheckEvery:  time.Hour,
		Worker:      []string{"/bin/sh", "-c", script, "worker", took, done, finished},
	}
	ran := runUntilReady(t, ctx, &s, sock)
	cancel()
	for n := 0; ; n++ {
		if _, err := os.Stat(took); err == nil {
			break
		}
		if n > 2000 {
			t.Fatal("the worker could not say it took an open once its supervisor stopped")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := os.WriteFile(done, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(finished); err != nil {
		t.Errorf("Run returned, but the worker that took an open did not finish it: %v", err)
	}
}

// runUntilReady runs s until ctx ends, and returns once its idle worker
// is ready (a bounded poll of the status file at sock); the channel gets
// what Run returned.
func runUntilReady(t *testing.T, ctx context.Context, s *Supervisor, sock string) <-chan error {
	t.Helper()
	ran := make(chan error, 1)
	go func() { ran <- s.Run(ctx) }()
	for n := 0; !ReadStatus(sock).Ready; n++ {
		if n > 2000 {
			t.Fatal("the worker never got ready")
		}
		time.Sleep(5 * time.Millisecond)
	}
	return ran
}
