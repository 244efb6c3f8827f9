package wire

import (
	"errors"
	"syscall"
	"time"
)

// Conn is the client's end of one open: a bare socket, so that the client
// links no network package.
type Conn struct{ fd int }

// Dial connects to the resident listening on path.
func Dial(path string) (*Conn, error) {
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		return nil, err
	}
	syscall.CloseOnExec(fd)
	if err := syscall.Connect(fd, &syscall.SockaddrUnix{Name: path}); err != nil {
		_ = syscall.Close(fd)
		return nil, err
	}
	return &Conn{fd: fd}, nil
}

// SendHello sends h with the descriptors fds (the terminal) attached.
func (c *Conn) SendHello(h Hello, fds []int) error {
	b := Encode(h)
	n, err := syscall.SendmsgN(c.fd, b, syscall.UnixRights(fds...), nil, 0)
	if err != nil {
		return err
	}
	return c.write(b[n:])
}

// Send sends one byte.
func (c *Conn) Send(b byte) error { return c.write([]byte{b}) }

func (c *Conn) write(b []byte) error {
	for len(b) > 0 {
		n, err := syscall.Write(c.fd, b)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return err
		}
		b = b[n:]
	}
	return nil
}

// ErrClosed is the resident's end closed.
var ErrClosed = errors.New("the resident closed the connection")

// Receive reads one byte, waiting at most limit (0: without limit).
func (c *Conn) Receive(limit time.Duration) (byte, error) {
	tv := syscall.NsecToTimeval(limit.Nanoseconds())
	if err := syscall.SetsockoptTimeval(c.fd, syscall.SOL_SOCKET, syscall.SO_RCVTIMEO, &tv); err != nil {
		return 0, err
	}
	var b [1]byte
	for {
		n, err := syscall.Read(c.fd, b[:])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, err
		case n == 0:
			return 0, ErrClosed
		}
		return b[0], nil
	}
}

// Close closes the connection.
func (c *Conn) Close() error { return syscall.Close(c.fd) }
