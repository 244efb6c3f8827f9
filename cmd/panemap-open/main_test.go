package main

import (
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/panemap/panemap/resident/supervise"
	"github.com/panemap/panemap/resident/wire"
)

// TestTmuxSocket: the socket is the -S among the leading global flags,
// as the plugin's binding passes it; a later flag's value is never read
// as one.
func TestTmuxSocket(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-S", "/tmp/tmux-0/default", "-t", "$1:@2", "--in-popup"}, "/tmp/tmux-0/default"},
		{[]string{"-t", "$1:@2", "-S", "/s"}, "/s"},
		{[]string{"-S/s", "--in-popup"}, "/s"},
		{[]string{"-L", "work", "--in-popup"}, ""},
		{[]string{"--in-popup", "--state", "-S", "/not"}, ""},
		{[]string{"-t", "-S", "--in-popup"}, ""},
		{nil, ""},
	} {
		if got := tmuxSocket(tc.args); got != tc.want {
			t.Errorf("tmuxSocket(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}

// fakeResident is a resident's directory for the tmux socket sock, as a
// supervisor keeps it: private, its lock held, listening; the files
// named (ready or busy) are there.
func fakeResident(t *testing.T, files ...string) (sock string, l *net.UnixListener) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("the resident runs on Linux only")
	}
	sock = filepath.Join(t.TempDir(), "s")
	dir := wire.Dir(sock)
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	lock, err := os.Create(filepath.Join(dir, "lock"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lock.Close() })
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	l, err = net.ListenUnix("unix", &net.UnixAddr{Name: wire.SocketPath(sock), Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if !supervise.Running(sock) {
		t.Fatal("the fake resident does not count as running")
	}
	return sock, l
}

// TestOpenBusyRunsHere: a resident with no idle worker (its busy file)
// is not waited for: open says so at once, without connecting, and the
// popup runs the navigator itself, starting no other resident.
func TestOpenBusyRunsHere(t *testing.T) {
	sock, l := fakeResident(t, "busy")
	if _, how := open(os.Args[0], sock, nil); how != busy {
		t.Fatalf("open with the resident busy: %v, want busy", how)
	}
	// Nothing connected: a connection would be queued, its terminal with
	// it, for the next worker to find.
	if err := l.SetDeadline(time.Now()); err != nil {
		t.Fatal(err)
	}
	if c, err := l.Accept(); err == nil {
		c.Close()
		t.Fatal("open connected to a busy resident")
	}
}

// TestOpenReadyConnects: with an idle worker (the ready file), or with
// neither file (a resident of an earlier build, which must be told of
// this one), open connects; a resident that closes the connection makes
// it run the navigator here, and start a resident.
func TestOpenReadyConnects(t *testing.T) {
	for _, files := range [][]string{{"ready"}, nil} {
		sock, l := fakeResident(t, files...)
		go func() {
			if c, err := l.Accept(); err == nil {
				c.Close()
			}
		}()
		if _, how := open(os.Args[0], sock, nil); how != cannot {
			t.Errorf("files %q: open = %v, want cannot (the resident closed)", files, how)
		}
	}
}

// TestOpenBusyWhileWaiting: a client that saw an idle worker, but whose
// open that worker did not take (another client's key, pressed at the
// same moment, took it), runs the navigator itself as soon as the
// resident says busy, rather than wait for the next worker.
func TestOpenBusyWhileWaiting(t *testing.T) {
	sock, l := fakeResident(t, "ready")
	go func() {
		// The connection is queued (accepted here, never answered), and
		// the idle worker goes to another client.
		if c, err := l.Accept(); err == nil {
			defer c.Close()
			_ = os.Rename(wire.ReadyPath(sock), wire.BusyPath(sock))
			_, _ = io.Copy(io.Discard, c) // until the client gives up
		}
	}()
	if _, how := open(os.Args[0], sock, nil); how != busy {
		t.Fatalf("open = %v, want busy (the resident became busy while it waited)", how)
	}
}
