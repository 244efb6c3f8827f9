package resident

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/panemap/panemap/resident/wire"
)

// listen is a listener in a private directory, as the supervisor's.
func listen(t *testing.T) (*net.UnixListener, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sock")
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l, path
}

// terminal is three pipes' ends for the client to send as its terminal,
// and the read end of its stdout.
func terminal(t *testing.T) ([]int, *os.File) {
	t.Helper()
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { inR.Close(); inW.Close(); outR.Close(); outW.Close() })
	return []int{int(inR.Fd()), int(outW.Fd()), int(outW.Fd())}, outR
}

type taken struct {
	o   *open
	err error
}

func startTake(w Worker, l *net.UnixListener) <-chan taken {
	ch := make(chan taken, 1)
	go func() {
		o, err := w.take(l)
		ch <- taken{o, err}
	}()
	return ch
}

func dialHello(t *testing.T, path, build string, fds []int) *wire.Conn {
	t.Helper()
	c, err := wire.Dial(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	h := wire.Hello{Build: build, Env: []string{"PANEMAP_TEST_FORWARDED=yes"}, Args: []string{"-S", "/x", "--in-popup"}}
	if err := c.SendHello(h, fds); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestOneOpen: a client's hello, terminal, Go, resize and exit status
// go through as the protocol says.
func TestOneOpen(t *testing.T) {
	l, path := listen(t)
	w := Worker{Build: "b1"}
	ch := startTake(w, l)
	fds, out := terminal(t)
	c := dialHello(t, path, "b1", fds)
	if b, err := c.Receive(time.Second); err != nil || b != wire.Accepted {
		t.Fatalf("answer %q, %v; want Accepted", b, err)
	}
	if err := c.Send(wire.Go); err != nil {
		t.Fatal(err)
	}
	tk := <-ch
	if tk.err != nil {
		t.Fatal(tk.err)
	}
	defer tk.o.close()
	if !slices.Equal(tk.o.hello.Args, []string{"-S", "/x", "--in-popup"}) {
		t.Errorf("args %q", tk.o.hello.Args)
	}
	done := make(chan int, 1)
	// painted is called once, as the navigator's first write returns.
	var painted atomic.Int32
	var before, after int32
	go func() {
		done <- tk.o.run(context.Background(), func(ctx context.Context, args []string, stdin *os.File, stdout, stderr io.Writer) int {
			before = painted.Load()
			// A terminal as ui.Run looks for one (term.File).
			if _, ok := stdout.(interface {
				io.ReadWriteCloser
				Fd() uintptr
			}); !ok {
				return 8
			}
			_, _ = io.WriteString(stdout, os.Getenv("PANEMAP_TEST_FORWARDED"))
			_, _ = io.WriteString(stdout, "")
			after = painted.Load()
			stdout.(io.Closer).Close()
			return 7
		}, func() { painted.Add(1) })
	}()
	// The terminal the navigator wrote on is the client's.
	b, err := io.ReadAll(io.LimitReader(out, 3))
	if err != nil || string(b) != "yes" {
		t.Fatalf("the client's terminal got %q, %v", b, err)
	}
	if b, err := c.Receive(time.Second); err != nil || b != wire.Exited {
		t.Fatalf("got %q, %v; want Exited", b, err)
	}
	if b, err := c.Receive(time.Second); err != nil || b != 7 {
		t.Fatalf("status %d, %v; want 7", b, err)
	}
	if code := <-done; code != 7 {
		t.Fatalf("run returned %d", code)
	}
	if before != 0 || after != 1 {
		t.Errorf("painted called %d times before the first write, %d after two; want 0 and 1", before, after)
	}
	os.Unsetenv("PANEMAP_TEST_FORWARDED")
}

// TestMismatchedBuild: a client of another build is told so, and the
// worker stops taking opens.
func TestMismatchedBuild(t *testing.T) {
	l, path := listen(t)
	ch := startTake(Worker{Build: "new"}, l)
	fds, _ := terminal(t)
	c := dialHello(t, path, "old", fds)
	if b, err := c.Receive(time.Second); err != nil || b != wire.Mismatch {
		t.Fatalf("answer %q, %v; want Mismatch", b, err)
	}
	if tk := <-ch; !errors.Is(tk.err, errMismatch) {
		t.Fatalf("take: %v; want errMismatch", tk.err)
	}
}

// TestClientGaveUp: a client that leaves before Go (it ran the navigator
// itself) gets nothing drawn, and the worker takes the next client.
func TestClientGaveUp(t *testing.T) {
	l, path := listen(t)
	ch := startTake(Worker{Build: "b"}, l)
	fds, _ := terminal(t)
	first := dialHello(t, path, "b", fds)
	if b, err := first.Receive(time.Second); err != nil || b != wire.Accepted {
		t.Fatalf("answer %q, %v", b, err)
	}
	first.Close()
	second := dialHello(t, path, "b", fds)
	if b, err := second.Receive(time.Second); err != nil || b != wire.Accepted {
		t.Fatalf("second answer %q, %v", b, err)
	}
	if err := second.Send(wire.Go); err != nil {
		t.Fatal(err)
	}
	tk := <-ch
	if tk.err != nil {
		t.Fatal(tk.err)
	}
	tk.o.close()
}

// TestNoTerminalNoOpen: a hello without the three descriptors, or a
// garbled one, is dropped.
func TestNoTerminalNoOpen(t *testing.T) {
	l, path := listen(t)
	ch := startTake(Worker{Build: "b"}, l)
	c := dialHello(t, path, "b", nil)
	if b, err := c.Receive(time.Second); err == nil {
		t.Fatalf("a hello without a terminal got %q", b)
	}
	l.Close()
	if tk := <-ch; tk.err == nil {
		t.Fatal("take returned an open")
	}
}
