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

// TestNextWorkerAtTheFirstFrame: the next idle worker starts as soon as
// the worker that took an open says it painted its first frame, while
// that one still runs: not a second later, nor when it exits.
func TestNextWorkerAtTheFirstFrame(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the resident runs on Linux only")
	}
	dir := t.TempDir()
	starts, done := filepath.Join(dir, "starts"), filepath.Join(dir, "done")
	// The first worker takes an open and paints, then runs until the
	// test ends; the next waits, idle.
	script := `echo x >>"$1"; printf R >&4
if [ "$(wc -l <"$1")" -eq 1 ]; then
	printf AP >&4
	while [ ! -e "$2" ]; do sleep 0.05; done
else
	read x <&4
fi`
	sock := filepath.Join(dir, "s")
	ctx, cancel := context.WithCancel(t.Context())
	s := Supervisor{
		TmuxSocket:  sock,
		ServerAlive: func() bool { return true },
		CheckEvery:  time.Hour,
		Worker:      []string{"/bin/sh", "-c", script, "worker", starts, done},
		// Never: only the paint starts the next worker.
		SuccessorDelay: time.Hour,
	}
	ran := make(chan error, 1)
	go func() { ran <- s.Run(ctx) }()
	t.Cleanup(func() {
		_ = os.WriteFile(done, nil, 0o600)
		cancel()
		if err := <-ran; err != nil {
			t.Error(err)
		}
		_ = os.RemoveAll(wire.Dir(sock))
	})
	for n := 0; ; n++ {
		if st := ReadStatus(sock); st.Opens == 1 && st.Ready {
			break
		}
		if n > 2000 {
			b, _ := os.ReadFile(starts)
			t.Fatalf("no idle worker after the first painted: %d started, status %+v", strings.Count(string(b), "\n"), ReadStatus(sock))
		}
		time.Sleep(5 * time.Millisecond)
	}
}
