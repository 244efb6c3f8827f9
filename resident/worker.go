package resident

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/panemap/panemap/resident/wire"
)

// Worker is one worker process: idle and warm until it takes one open.
type Worker struct {
	// Build is this binary's wire.BuildID; a client of another build is
	// told so, and the resident exits.
	Build string
	// Warm runs once before the worker waits for an open: whatever makes
	// the first frame cheaper later.
	Warm func()
	// Navigate runs the navigator with the popup's arguments on its
	// terminal, as panemap would in the popup, and returns its exit
	// status. stdin is the terminal's file; stdout is that terminal too,
	// watched for the first frame (a term.File: Read, Write, Close, Fd).
	Navigate func(ctx context.Context, args []string, stdin *os.File, stdout, stderr io.Writer) int
}

// helloWait bounds how long a connection may take to say hello and Go:
// the client sends both at once, unless it gave up.
const helloWait = time.Second

// Serve waits for one open on the supervisor's listener, runs it, and
// returns its exit status. It returns an error, having run nothing, when
// its supervisor exits while it is idle or a client of another build came.
func (w Worker) Serve(ctx context.Context) (int, error) {
	link := os.NewFile(wire.LinkFD, "link")
	lf := os.NewFile(wire.ListenerFD, "listener")
	fl, err := net.FileListener(lf)
	lf.Close()
	if err != nil {
		return 0, err
	}
	l := fl.(*net.UnixListener)
	l.SetUnlinkOnClose(false) // the supervisor's socket, not this worker's
	w.Warm()
	if _, err := link.Write([]byte{wire.LinkReady}); err != nil {
		return 0, err
	}
	// Idle, the worker lives as long as its supervisor: the link closes
	// when the supervisor exits.
	go func() {
		_, _ = io.Copy(io.Discard, link)
		l.Close()
	}()
	o, err := w.take(l)
	l.Close()
	if err != nil {
		if errors.Is(err, errMismatch) {
			_, _ = link.Write([]byte{wire.LinkMismatch})
		}
		return 0, err
	}
	defer o.close()
	if _, err := link.Write([]byte{wire.LinkTaken}); err != nil {
		return 0, err
	}
	painted := func() { _, _ = link.Write([]byte{wire.LinkPainted}) }
	return o.run(ctx, w.Navigate, painted), nil
}

// errMismatch is a client of another build.
var errMismatch = errors.New("a client of another build connected")

// take accepts connections until one is an open to run.
func (w Worker) take(l *net.UnixListener) (*open, error) {
	for {
		c, err := l.AcceptUnix()
		if err != nil {
			return nil, err
		}
		o, err := w.handshake(c)
		if err == nil {
			return o, nil
		}
		c.Close()
		if errors.Is(err, errMismatch) {
			return nil, err
		}
	}
}

// open is one taken open: the client's connection, hello and terminal.
type open struct {
	conn  *net.UnixConn
	hello wire.Hello
	files []*os.File // stdin, stdout, stderr
}

func (o *open) close() {
	for _, f := range o.files {
		f.Close()
	}
	o.conn.Close()
}

// handshake reads the hello and its terminal, answers, and waits for Go.
func (w Worker) handshake(c *net.UnixConn) (*open, error) {
	if !sameUser(c) {
		return nil, errors.New("a client of another user")
	}
	_ = c.SetDeadline(time.Now().Add(helloWait))
	o, err := readHello(c)
	if err != nil {
		return nil, err
	}
	if o.hello.Build != w.Build {
		_, _ = c.Write([]byte{wire.Mismatch})
		o.close()
		return nil, errMismatch
	}
	var b [1]byte
	if _, err := c.Write([]byte{wire.Accepted}); err != nil {
		o.close()
		return nil, err
	}
	if _, err := io.ReadFull(c, b[:]); err != nil || b[0] != wire.Go {
		o.close()
		return nil, errors.New("the client gave up")
	}
	_ = c.SetDeadline(time.Time{})
	return o, nil
}

// readHello reads a hello with the three descriptors sent along.
func readHello(c *net.UnixConn) (*open, error) {
	buf := make([]byte, 64<<10)
	oob := make([]byte, syscall.CmsgSpace(3*4))
	n, oobn, _, _, err := c.ReadMsgUnix(buf, oob)
	if err != nil {
		return nil, err
	}
	o := &open{conn: c}
	msgs, err := syscall.ParseSocketControlMessage(oob[:oobn])
	if err != nil {
		return nil, err
	}
	for _, m := range msgs {
		fds, err := syscall.ParseUnixRights(&m)
		if err != nil {
			continue
		}
		for _, fd := range fds {
			syscall.CloseOnExec(fd)
			o.files = append(o.files, os.NewFile(uintptr(fd), "terminal"))
		}
	}
	if len(o.files) != 3 {
		o.close()
		return nil, errors.New("the client sent no terminal")
	}
	size, err := wire.HelloLength(buf[:n])
	if err == nil {
		body := buf[4:n]
		if rest := size - len(body); rest > 0 {
			more := make([]byte, rest)
			_, err = io.ReadFull(c, more)
			body = append(body, more...)
		}
		if err == nil {
			o.hello, err = wire.Decode(body)
		}
	}
	if err != nil {
		o.close()
		return nil, err
	}
	return o, nil
}

// run runs the navigator for the open: with the popup's environment, the
// client's resizes raised here as SIGWINCH (which Bubble Tea reads the
// terminal's size on), painted called as its first frame is written,
// and the run ended when the client goes.
func (o *open) run(ctx context.Context, navigate func(context.Context, []string, *os.File, io.Writer, io.Writer) int, painted func()) int {
	for _, kv := range o.hello.Env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			_ = os.Setenv(k, v)
		} else {
			_ = os.Unsetenv(k)
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		defer cancel()
		var b [1]byte
		for {
			if _, err := o.conn.Read(b[:]); err != nil {
				return
			}
			if b[0] == wire.Resized {
				_ = syscall.Kill(os.Getpid(), syscall.SIGWINCH)
			}
		}
	}()
	out := &paintWatch{f: o.files[1], painted: painted}
	code := navigate(ctx, o.hello.Args, o.files[0], out, o.files[2])
	_, _ = o.conn.Write([]byte{wire.Exited, byte(code)})
	return code
}
