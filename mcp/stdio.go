package mcp

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// ServeStdio serves srv on stdin and stdout until ctx is cancelled or the
// client closes stdin, either of which is a normal end (nil error). Calls
// read before stdin closed are still answered. A line that is not a
// JSON-RPC message the server can take gets a JSON-RPC error (-32700 for
// one that is not JSON, -32600 for any other) and the session goes on, as
// JSON-RPC 2.0 asks; log says why on stderr (nil: no log).
func ServeStdio(ctx context.Context, srv *sdkmcp.Server, stdin io.Reader, stdout io.Writer, log *slog.Logger) error {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	out := &protocolOut{w: stdout}
	defer out.stop()
	lines, sdkIn := io.Pipe()
	go screenInput(stdin, sdkIn, out, log)
	t := &drainingTransport{
		// The screened lines are bounded already (maxLine); the SDK's own
		// bound counts the bytes it reads ahead too, and would end the session.
		Transport: &sdkmcp.IOTransport{Reader: lines, Writer: out, MaxLineLength: -1},
		refuse:    func(r *refusal) { out.refuse(log, r) },
	}
	err := srv.Run(ctx, t)
	if ctx.Err() != nil || errors.Is(err, io.EOF) || errors.Is(err, io.ErrClosedPipe) {
		return nil //nolint:nilerr // a cancelled context or closed stdin is how a session ends
	}
	return err
}

// maxDrain bounds how long the end of input waits for calls in flight.
// tmux answers in milliseconds; this only guards against a stuck call.
const maxDrain = 30 * time.Second

// drainingTransport delays the end of input until every call already read
// has been answered. When a connection's Read fails, the SDK cancels the
// calls in flight and refuses to write their responses, so a client that
// writes its requests and then closes stdin (echo … | panemap mcp) would
// get no answers at all.
//
// It also answers the messages the SDK reads and refuses (a batch it does
// not take), which would otherwise end the session.
type drainingTransport struct {
	sdkmcp.Transport
	refuse func(*refusal)
}

func (t *drainingTransport) Connect(ctx context.Context) (sdkmcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &drainingConn{Connection: c, refuse: t.refuse, pending: map[jsonrpc.ID]bool{}, changed: make(chan struct{}), closed: make(chan struct{})}, nil
}

type drainingConn struct {
	sdkmcp.Connection
	refuse func(*refusal)

	mu      sync.Mutex
	pending map[jsonrpc.ID]bool // calls read and not yet answered
	changed chan struct{}       // closed (and replaced) when pending shrinks

	closeOnce sync.Once
	closed    chan struct{}
}

func (c *drainingConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	for err != nil && refusedMessage(ctx, err) {
		c.refuse(&refusal{Error: jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: "Invalid Request: " + err.Error()}})
		msg, err = c.Connection.Read(ctx)
	}
	if err == nil {
		if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
			c.mu.Lock()
			c.pending[req.ID] = true
			c.mu.Unlock()
		}
		return msg, nil
	}
	timeout := time.NewTimer(maxDrain)
	defer timeout.Stop()
	for {
		c.mu.Lock()
		n, changed := len(c.pending), c.changed
		c.mu.Unlock()
		if n == 0 {
			return nil, err
		}
		select {
		case <-changed:
		case <-c.closed:
			return nil, err
		case <-ctx.Done():
			return nil, err
		case <-timeout.C:
			return nil, err
		}
	}
}

// refusedMessage tells a message the SDK read and refused from the end of
// input. The SDK's reader sees only whole JSON values, one a line (see
// screenInput), so the only errors that stop it are the end of stdin and a
// failure to read it.
func refusedMessage(ctx context.Context, err error) bool {
	return ctx.Err() == nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrClosedPipe) && !errors.Is(err, errStdin)
}

func (c *drainingConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	err := c.Connection.Write(ctx, msg)
	if resp, ok := msg.(*jsonrpc.Response); ok {
		c.mu.Lock()
		if c.pending[resp.ID] {
			delete(c.pending, resp.ID)
			close(c.changed)
			c.changed = make(chan struct{})
		}
		c.mu.Unlock()
	}
	return err
}

func (c *drainingConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return c.Connection.Close()
}
