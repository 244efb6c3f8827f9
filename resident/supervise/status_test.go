package supervise

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/panemap/panemap/resident/wire"
)

// TestStatusNeverTorn: a status read while the supervisor rewrites its
// info file (after every open) reads the old file or the new one, never
// one half written: its pid and opens are always there.
func TestStatusNeverTorn(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the resident runs on Linux only")
	}
	sock := filepath.Join(t.TempDir(), "s")
	dir := wire.Dir(sock)
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	lk, err := lock(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer lk.Close()
	if err := writeInfo(dir, "v", 1); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 2; i < 3000; i++ {
			_ = writeInfo(dir, "v", i)
		}
	}()
	for reads := 0; ; reads++ {
		select {
		case <-done:
			return
		default:
		}
		if st := ReadStatus(sock); st.PID != os.Getpid() || st.Opens < 1 {
			t.Fatalf("read %d: status %+v while the info file was rewritten", reads, st)
		}
	}
}
