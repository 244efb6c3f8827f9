package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/resident"
)

// residentNested is a nested pair with the plugin loaded from a directory
// that holds panemap-open beside panemap: the popup key goes through the
// resident. It returns the inner server's socket path.
func residentNested(t *testing.T) (*tmuxtest.Nested, [4]string, string) {
	t.Helper()
	n := tmuxtest.StartNested(t, 120, 40)
	g := n.Inner.Grid()
	open := tmuxtest.PanemapOpen(t)
	loadPlugin(t, n.Inner, filepath.Join(filepath.Dir(open), "panemap"))
	sock := strings.TrimSpace(n.Inner.Must("display-message", "-p", "#{socket_path}"))
	return n, g, sock
}

// waitResident waits until the server's resident runs with at least
// opens opens taken.
func waitResident(t *testing.T, sock string, opens int) resident.Status {
	t.Helper()
	var st resident.Status
	for deadline := time.Now().Add(wait); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if st = resident.ReadStatus(sock); st.Running && st.Opens >= opens {
			return st
		}
	}
	t.Fatalf("no resident with %d opens for %s: %+v", opens, sock, st)
	return st
}

// TestE2EResidentPluginKey: with panemap-open beside panemap, loading the
// plugin starts the resident, and the key's map is drawn by it.
func TestE2EResidentPluginKey(t *testing.T) {
	t.Parallel()
	n, g, sock := residentNested(t)
	st := waitResident(t, sock, 0)
	if cmd, _ := prefixBinding(t, n.Inner, pluginDefaultKey); !strings.Contains(cmd, "panemap-open") {
		t.Fatalf("the plugin's key runs %q, not panemap-open", cmd)
	}
	for i := 1; i <= 2; i++ {
		pressAndQuit(t, n, g, pluginDefaultKey)
		if got := waitResident(t, sock, i); got.PID != st.PID {
			t.Fatalf("the resident changed: %+v, then %+v", st, got)
		}
	}
}
