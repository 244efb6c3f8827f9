package resident

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/panemap/panemap/resident/wire"
)

// TestHelperOtherUserClient is not a test: TestRefusesAnotherUser runs
// the test binary as another user with it, as the client that says hello.
func TestHelperOtherUserClient(t *testing.T) {
	path := os.Getenv("PANEMAP_TEST_PEER_SOCKET")
	if path == "" {
		t.Skip("a helper process of TestRefusesAnotherUser")
	}
	c, err := wire.Dial(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.SendHello(wire.Hello{Build: "b"}, []int{0, 1, 2}); err != nil {
		return // closed before the hello went: refused all the same
	}
	if b, err := c.Receive(5 * time.Second); err == nil {
		t.Fatalf("another user's hello was answered %q", b)
	}
}

// TestRefusesAnotherUser: a connection from a process of another user
// (SO_PEERCRED) is dropped unanswered, even on a socket it can reach (the
// resident's own is in a private directory besides). It needs root, to
// run the client as another user.
func TestRefusesAnotherUser(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root, to run a client as another user")
	}
	dir, err := os.MkdirTemp("", "panemap-peer-") // not t.TempDir: nobody must reach it
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "sock")
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if err := os.Chmod(path, 0o777); err != nil {
		t.Fatal(err)
	}
	// The test binary, where the other user can run it. ForkLock: no
	// process forked meanwhile may hold the file open for writing as it
	// runs (ETXTBSY).
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "resident.test")
	syscall.ForkLock.RLock()
	err = os.WriteFile(bin, self, 0o755)
	syscall.ForkLock.RUnlock()
	if err != nil {
		t.Fatal(err)
	}
	ch := startTake(Worker{Build: "b"}, l)
	cmd := exec.Command(bin, "-test.run=^TestHelperOtherUserClient$", "-test.v")
	cmd.Env = append(os.Environ(), "PANEMAP_TEST_PEER_SOCKET="+path)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the other user's client: %v\n%s", err, out)
	}
	l.Close()
	if tk := <-ch; tk.err == nil {
		t.Fatal("an open from another user was taken")
	}
}
