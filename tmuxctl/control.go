package tmuxctl

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// ControlTransport is one control-mode connection (`tmux -u -C
// attach-session -f ignore-size,no-output -t SESSION`). Commands are
// pipelined: Run writes its command list as one line without waiting for
// earlier answers, and the reader hands each answer block to the caller
// that is next in line (tmux answers one client's lines in order). It
// implements Transport and EventSource and is safe for concurrent use.
//
// The connection is a tmux client, attached to one session:
//   - it never resizes a window (ignore-size) and receives no pane output
//     (no-output);
//   - it counts in #{session_attached}, appears in list-clients with
//     #{client_control_mode} = 1, and fires the client-attached and
//     client-detached hooks;
//   - attaching sets the session's #{session_last_attached} and activity
//     time, which makes it tmux's "most recent" session for commands run
//     without a target or a current client. AutoTransport therefore
//     attaches to the session that already is the most recent.
//
// Commands run without a target resolve against the attached session,
// where over exec they resolve against the most recent one.
//
// Most callers want NewAutoTransport, which falls back to exec when no
// connection can be had and reconnects when it is lost.
type ControlTransport struct {
	sock    Socket
	session SessionID
	name    string // tmux's #{client_name} for this connection
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	stderr  *limitedBuffer
	hub     *eventHub
	ownHub  bool

	writeMu sync.Mutex // orders writes; never held by the reader

	mu       sync.Mutex // guards what follows
	pending  []*request // written, unanswered, in the order written
	attached bool
	dead     bool
	reason   *Error // why the connection ended

	attachResult chan error    // the attach's own answer
	done         chan struct{} // closed when the reader and the process have ended
	closeOnce    sync.Once
}

// request is one Run call waiting for its blocks.
type request struct {
	want, got int
	// until, when set, ends the request instead of want: the text of the
	// block that answers a script's closing marker (see runScript).
	until string
	out   strings.Builder
	err   error
	done  chan struct{}
}

// Errors a control connection returns when it is down; *Error values wrap
// them so AutoTransport can tell a command that never left from one that
// may have run.
var (
	errNotSent  = errors.New("control connection is down: command not sent")
	errInFlight = errors.New("control connection lost while the command was in flight")
)

// ControlDialer opens control-mode connections.
type ControlDialer struct {
	Binary string   // tmux executable; "" means "tmux" from PATH
	Env    []string // process environment; nil means os.Environ(). TMUX and TMUX_PANE are always removed.
	hub    *eventHub
}

// DialControl opens a control-mode connection to session on the server
// at sock, using tmux from PATH and this process's environment.
func DialControl(ctx context.Context, sock Socket, session SessionID) (*ControlTransport, error) {
	return (&ControlDialer{}).Dial(ctx, sock, session)
}

// attachFlags keep the connection from resizing windows and from
// receiving pane output (tmux 3.2+). Not read-only: the connection runs
// commands. Not active-pane: select-pane must move the window's own
// active pane.
const attachFlags = "ignore-size,no-output"

// Dial opens a connection and waits until tmux has attached it. ctx bounds
// only the dial; the connection lives until Close or until tmux ends it.
func (d *ControlDialer) Dial(ctx context.Context, sock Socket, session SessionID) (*ControlTransport, error) {
	if _, err := ParseSessionID(string(session)); err != nil {
		return nil, err
	}
	bin := d.Binary
	if bin == "" {
		bin = "tmux"
	}
	args := append(sock.Args(), "-u", "-C", "attach-session", "-f", attachFlags, "-t", string(session))
	cmd := exec.Command(bin, args...)
	cmd.Env = controlEnv(d.Env)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, &Error{Kind: KindServerGone, Message: "cannot start tmux in control mode: " + err.Error(), Err: err}
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, &Error{Kind: KindServerGone, Message: "cannot start tmux in control mode: " + err.Error(), Err: err}
	}
	t := &ControlTransport{
		sock: sock, session: session, cmd: cmd, stdin: stdin,
		stderr:       &limitedBuffer{max: 4096},
		hub:          d.hub,
		attachResult: make(chan error, 1),
		done:         make(chan struct{}),
	}
	if t.hub == nil {
		t.hub, t.ownHub = newEventHub(), true
	}
	cmd.Stderr = t.stderr
	if err := cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
			return nil, &Error{Kind: KindServerGone, Value: bin, Message: fmt.Sprintf("tmux not found: %s is not installed or not in PATH", Quote(bin)), Err: err}
		}
		return nil, &Error{Kind: KindServerGone, Message: "cannot start tmux in control mode: " + err.Error(), Err: err}
	}
	go t.read(stdout)

	select {
	case err = <-t.attachResult:
	case <-t.done:
		err = t.deadErr(errNotSent)
	case <-ctx.Done():
		err = &Error{Kind: KindServerGone, Message: fmt.Sprintf("tmux did not attach a control client on %s: %v", sock, ctx.Err()), Err: ctx.Err()}
	}
	if err == nil {
		var out string
		out, err = t.Run(ctx, []string{"display-message", "-p", "#{client_name}"})
		t.name = strings.TrimSpace(out)
	}
	if err != nil {
		_ = t.Close()
		return nil, err
	}
	return t, nil
}

// controlEnv is env (or os.Environ()) without TMUX and TMUX_PANE: tmux
// refuses to attach from "inside" tmux, and the socket is explicit anyway.
// The demo server's processes use it for the same reason.
func controlEnv(env []string) []string {
	if env == nil {
		env = os.Environ()
	}
	out := make([]string, 0, len(env))
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		if k == "TMUX" || k == "TMUX_PANE" {
			continue
		}
		out = append(out, kv)
	}
	return out
}

// Session is the session the connection is attached to now.
func (t *ControlTransport) Session() SessionID {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.session
}

// switched records that switch-client moved the connection to s.
func (t *ControlTransport) switched(s SessionID) {
	t.mu.Lock()
	t.session = s
	t.mu.Unlock()
}

// ClientName is tmux's #{client_name} for this connection, so that code
// listing clients can leave it out (it also has #{client_control_mode} = 1).
func (t *ControlTransport) ClientName() string { return t.name }

// Done is closed when the connection has ended.
func (t *ControlTransport) Done() <-chan struct{} { return t.done }

// Err says why the connection ended, or nil while it is up.
func (t *ControlTransport) Err() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.dead {
		return nil
	}
	return t.reason
}

// Subscribe returns the connection's notifications. The channel closes
// when the connection ends or cancel is called. Delivery never blocks the
// connection: a subscriber that falls behind loses events and then gets
// EventOverflow.
func (t *ControlTransport) Subscribe() (<-chan Event, func()) { return t.hub.subscribe() }

// Run sends cmds as one command list and waits for their answers.
func (t *ControlTransport) Run(ctx context.Context, cmds ...[]string) (string, error) {
	n := countCommands(cmds)
	if n == 0 {
		return "", nil
	}
	line, err := commandLine(cmds)
	if err != nil {
		return "", err
	}
	return t.wait(ctx, &request{want: n, done: make(chan struct{})}, line)
}

// wait sends line for req and waits for its answer.
func (t *ControlTransport) wait(ctx context.Context, req *request, line string) (string, error) {
	if err := t.send(req, line); err != nil {
		return "", err
	}
	select {
	case <-req.done:
		return req.out.String(), req.err
	case <-ctx.Done():
		// The command stays queued in tmux; its answer will be discarded.
		return "", &Error{Kind: KindServerGone, Message: fmt.Sprintf("tmux did not answer: %v", ctx.Err()), Err: ctx.Err()}
	}
}

// send queues req and writes its line. Queue order is write order.
func (t *ControlTransport) send(req *request, line string) error {
	t.writeMu.Lock()
	defer t.writeMu.Unlock()
	t.mu.Lock()
	if t.dead {
		t.mu.Unlock()
		return t.deadErr(errNotSent)
	}
	t.pending = append(t.pending, req)
	t.mu.Unlock()
	n, err := io.WriteString(t.stdin, line+"\n")
	if err == nil {
		return nil
	}
	t.mu.Lock()
	for i, r := range t.pending {
		if r == req {
			t.pending = append(t.pending[:i], t.pending[i+1:]...)
			break
		}
	}
	t.mu.Unlock()
	t.kill()
	cause := errNotSent
	if n > 0 {
		cause = errInFlight
	}
	return &Error{Kind: KindServerGone, Message: fmt.Sprintf("lost the control connection to tmux on %s: %v", t.sock, err), Err: errors.Join(cause, err)}
}

// deadErr is the error for a call made on (or lost with) a dead connection.
func (t *ControlTransport) deadErr(cause error) *Error {
	t.mu.Lock()
	reason := t.reason
	t.mu.Unlock()
	msg := fmt.Sprintf("lost the control connection to tmux on %s", t.sock)
	if reason != nil {
		msg += ": " + strings.TrimPrefix(reason.Message, msg+": ")
	}
	kind := KindServerGone
	if reason != nil && reason.Kind == KindUnsupported {
		kind = KindUnsupported
	}
	return &Error{Kind: kind, Message: msg, Err: errors.Join(cause, reason)}
}

// read is the connection's only goroutine: it frames tmux's output,
// answers requests and publishes notifications until tmux closes stdout,
// then reaps the process.
func (t *ControlTransport) read(r io.Reader) {
	br := bufio.NewReaderSize(r, 64<<10)
	var f framer
	var exitReason string
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			break // a partial last line is not a complete answer
		}
		fr := f.feed(strings.TrimSuffix(line, "\n"))
		switch fr.kind {
		case frameBlock:
			t.deliver(fr)
		case frameNotify:
			switch fr.event.Kind {
			case EventOutput, "extended-output":
				continue
			case EventExit:
				if len(fr.event.Args) > 0 {
					exitReason = fr.event.Args[0]
				}
			}
			t.hub.publish(fr.event)
		}
	}
	_ = t.cmd.Wait()
	msg := "tmux ended the connection"
	if exitReason != "" {
		msg += " (" + exitReason + ")"
	}
	if s := strings.TrimSpace(t.stderr.String()); s != "" {
		msg += ": " + s
	}
	t.fail(&Error{Kind: KindServerGone, Message: msg})
	if t.ownHub {
		t.hub.close()
	}
	close(t.done)
}

// deliver hands a block to the request it answers.
func (t *ControlTransport) deliver(fr frame) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !fr.ours {
		// tmux's own commands: first the attach, later hooks. Only the
		// attach's answer matters.
		if !t.attached {
			t.attached = true
			var err error
			if fr.failed {
				err = t.attachErr(strings.Join(fr.lines, "\n"))
			}
			t.attachResult <- err
		}
		return
	}
	if len(t.pending) == 0 {
		return // an answer nobody waits for; cannot happen with tmux 3.3a
	}
	req := t.pending[0]
	req.got++
	if req.until != "" {
		t.deliverScript(req, fr)
		return
	}
	if fr.failed {
		// Over exec the same failures have no "parse error: " prefix.
		msg := strings.TrimPrefix(strings.TrimSpace(strings.Join(fr.lines, "\n")), "parse error: ")
		req.err = ClassifyTmuxError(msg, t.sock, errors.New(msg))
	} else {
		req.out.WriteString(blockText(fr.lines))
	}
	if fr.failed || req.got >= req.want {
		t.pending = t.pending[1:]
		close(req.done)
	}
}

func (t *ControlTransport) attachErr(msg string) *Error {
	msg = strings.TrimSpace(msg)
	e := ClassifyTmuxError(msg, t.sock, errors.New(msg))
	if e.Kind == KindGone {
		e.Value = string(t.session)
		e.Message = fmt.Sprintf("session %s is gone: cannot attach a control client to it", t.session)
	}
	if strings.Contains(msg, "unknown flag") {
		e.Kind = KindUnsupported
		e.Message = "this tmux cannot attach a control client with -f " + attachFlags + " (tmux 3.2 or later needed): " + msg
	}
	return e
}

// fail marks the connection dead and fails every waiting request.
func (t *ControlTransport) fail(reason *Error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.dead {
		t.dead, t.reason = true, reason
	}
	if !t.attached {
		t.attached = true
		t.attachResult <- t.reason
	}
	for _, req := range t.pending {
		req.err = &Error{Kind: KindServerGone, Message: fmt.Sprintf("lost the control connection to tmux on %s before it answered: %s", t.sock, t.reason.Message), Err: errors.Join(errInFlight, t.reason)}
		close(req.done)
	}
	t.pending = nil
}

// kill ends the tmux process; the reader then finishes.
func (t *ControlTransport) kill() {
	if t.cmd.Process != nil {
		_ = t.cmd.Process.Kill()
	}
}

// closeTimeout is how long Close waits for tmux to detach the connection
// after its input ends before killing the process.
const closeTimeout = 2 * time.Second

// Close detaches the connection (end of input makes tmux detach the
// client), waits for the process and the reader to finish, and closes
// the subscribers' channels. It is safe to call more than once.
func (t *ControlTransport) Close() error {
	t.closeOnce.Do(func() {
		_ = t.stdin.Close()
		timer := time.NewTimer(closeTimeout)
		defer timer.Stop()
		select {
		case <-t.done:
		case <-timer.C:
			t.kill()
			<-t.done
		}
	})
	return nil
}

// limitedBuffer keeps the first max bytes written to it.
type limitedBuffer struct {
	mu  sync.Mutex
	max int
	buf bytes.Buffer
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if room := b.max - b.buf.Len(); room > 0 {
		if len(p) > room {
			b.buf.Write(p[:room])
		} else {
			b.buf.Write(p)
		}
	}
	return len(p), nil
}

func (b *limitedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
