package supervise

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
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
