package transport

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"

	"github.com/panemap/panemap/tmux"
)

// Control is one control-mode connection (`tmux -u -C
// attach-session -f ignore-size,no-output -t SESSION`). Commands are
// pipelined: Run writes its command list as one line without waiting for
// earlier answers, and the reader hands each answer block to the caller
// that is next in line (tmux answers one client's lines in order). It is
// safe for concurrent use.
//
// The connection is a tmux client, attached to one session:
//   - it never resizes a window (ignore-size) and receives no pane output
//     (no-output);
//   - it counts in #{session_attached}, appears in list-clients with
//     #{client_control_mode} = 1, and fires the client-attached and
//     client-detached hooks;
//   - attaching sets the session's #{session_last_attached} and activity
//     time, which makes it tmux's "most recent" session for commands run
//     without a target or a current client. Auto therefore
//     attaches to the session that already is the most recent.
//
// Commands run without a target resolve against the attached session,
// where over exec they resolve against the most recent one.
//
// Auto holds one, falls back to exec when no connection can be had, and
// reconnects when it is lost.
type Control struct {
	sock    tmux.Socket
	session tmux.SessionID
	name    string // tmux's #{client_name} for this connection
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	stderr  *limitedBuffer
	hub     *eventHub // Auto's, which its subscribers read; nil for the output watch's

	// Set by a Dialer with Output (the output watch): called on the
	// reader goroutine, never with a lock of the connection held.
	onOutput func(pane int) // a pane printed (%output, %extended-output)
	onIdle   func()         // everything tmux sent so far has been read

	writeMu sync.Mutex // orders writes; never held by the reader

	mu       sync.Mutex // guards what follows
	pending  []*request // written, unanswered, in the order written
	attached bool
	dead     bool
	reason   *tmux.Error // why the connection ended

	attachResult chan error    // the attach's own answer
	done         chan struct{} // closed when the reader and the process have ended
	closeOnce    sync.Once
}

// request is one Run call waiting for its blocks.
type request struct {
	want, got int
	// until, when set, ends the request instead of want: the text of the
	// block that answers a script's closing marker (see RunScript).
	until string
	// ended: the script's last command prints until after its answer
	// (see waitEnded); fallback, once a block failed, is the marker of
	// the line sent after it, which then ends the request, and failed
	// is closed then.
	ended    bool
	fallback string
	failed   chan struct{}
	// then, when set, runs on the reader goroutine with the answer as it
	// arrives, in its place among notifications and output (the output
	// watch keeps its books with it).
	then func(out string, err error)
	out  strings.Builder
	err  error
	done chan struct{}
}

// Errors a control connection returns when it is down; *Error values wrap
// them so Auto can tell a command that never left from one that
// may have run.
var (
	errNotSent  = errors.New("control connection is down: command not sent")
	errInFlight = errors.New("control connection lost while the command was in flight")
)

// Dialer opens control-mode connections.
type Dialer struct {
	Binary string   // tmux executable; "" means "tmux" from PATH
	Env    []string // process environment; nil means os.Environ(). TMUX and TMUX_PANE are always removed.
	hub    *eventHub

	// Output, when set, keeps pane output on for the connection (attach
	// without no-output) and is told the pane of every %output and
	// %extended-output line, on the reader goroutine. The payload itself
	// is never copied. Idle, when set, runs on the reader goroutine each
	// time it has read everything tmux sent so far, before it waits.
	Output func(pane int)
	Idle   func()
}

// attachFlags keep the connection from resizing windows and from
// receiving pane output (tmux 3.2+). Not read-only: the connection runs
// commands. Not active-pane: select-pane must move the window's own
// active pane. outputAttachFlags are the output watch's: output stays on.
const (
	attachFlags       = "ignore-size,no-output"
	outputAttachFlags = "ignore-size"
)

// Dial opens a connection and waits until tmux has attached it. ctx bounds
// only the dial; the connection lives until Close or until tmux ends it.
func (d *Dialer) Dial(ctx context.Context, sock tmux.Socket, session tmux.SessionID) (*Control, error) {
	if _, err := tmux.ParseSessionID(string(session)); err != nil {
		return nil, err
	}
	bin := d.Binary
	if bin == "" {
		bin = "tmux"
	}
	flags := attachFlags
	if d.Output != nil {
		flags = outputAttachFlags
	}
	args := append(sock.Args(), "-u", "-C", "attach-session", "-f", flags, "-t", string(session))
	cmd := exec.Command(bin, args...)
	cmd.Env = WithoutTmux(d.Env)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, &tmux.Error{Kind: tmux.KindServerGone, Message: "cannot start tmux in control mode: " + err.Error(), Err: err}
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, &tmux.Error{Kind: tmux.KindServerGone, Message: "cannot start tmux in control mode: " + err.Error(), Err: err}
	}
	t := &Control{
		sock: sock, session: session, cmd: cmd, stdin: stdin,
		stderr:       &limitedBuffer{max: 4096},
		hub:          d.hub,
		onOutput:     d.Output,
		onIdle:       d.Idle,
		attachResult: make(chan error, 1),
		done:         make(chan struct{}),
	}
	cmd.Stderr = t.stderr
	if err := cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
			return nil, &tmux.Error{Kind: tmux.KindServerGone, Value: bin, Message: fmt.Sprintf("tmux not found: %s is not installed or not in PATH", tmux.Quote(bin)), Err: err}
		}
		return nil, &tmux.Error{Kind: tmux.KindServerGone, Message: "cannot start tmux in control mode: " + err.Error(), Err: err}
	}
	go t.read(stdout)

	select {
	case err = <-t.attachResult:
	case <-t.done:
		err = t.deadErr()
	case <-ctx.Done():
		err = &tmux.Error{Kind: tmux.KindServerGone, Message: fmt.Sprintf("tmux did not attach a control client on %s: %v", sock, ctx.Err()), Err: ctx.Err()}
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

// WithoutTmux is env (or os.Environ()) without TMUX and TMUX_PANE: tmux
// refuses to attach from "inside" tmux, and the socket is explicit anyway.
// The demo server's processes use it for the same reason.
func WithoutTmux(env []string) []string {
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
func (t *Control) Session() tmux.SessionID {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.session
}

// switched records that switch-client moved the connection to s.
func (t *Control) switched(s tmux.SessionID) {
	t.mu.Lock()
	t.session = s
	t.mu.Unlock()
}

// ClientName is tmux's #{client_name} for this connection, so that code
// listing clients can leave it out (it also has #{client_control_mode} = 1).
func (t *Control) ClientName() string { return t.name }

// Done is closed when the connection has ended.
func (t *Control) Done() <-chan struct{} { return t.done }

// Run sends cmds as one command list and waits for their answers.
func (t *Control) Run(ctx context.Context, cmds ...[]string) (string, error) {
	n := countCommands(cmds)
	if n == 0 {
		return "", nil
	}
	line, err := CommandLine(cmds)
	if err != nil {
		return "", err
	}
	return t.wait(ctx, &request{want: n, done: make(chan struct{})}, line)
}

// wait sends line for req and waits for its answer.
func (t *Control) wait(ctx context.Context, req *request, line string) (string, error) {
	if err := t.send(req, line); err != nil {
		return "", err
	}
	select {
	case <-req.done:
		return req.out.String(), req.err
	case <-ctx.Done():
		// The command stays queued in tmux; its answer will be discarded.
		return "", &tmux.Error{Kind: tmux.KindServerGone, Message: fmt.Sprintf("tmux did not answer: %v", ctx.Err()), Err: ctx.Err()}
	}
}

// send queues req and writes its line. Queue order is write order.
func (t *Control) send(req *request, line string) error {
	t.writeMu.Lock()
	defer t.writeMu.Unlock()
	return t.sendLocked(req, line)
}

// sendLocked is send with t.writeMu held.
func (t *Control) sendLocked(req *request, line string) error {
	t.mu.Lock()
	if t.dead {
		t.mu.Unlock()
		return t.deadErr()
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
	return &tmux.Error{Kind: tmux.KindServerGone, Message: fmt.Sprintf("lost the control connection to tmux on %s: %v", t.sock, err), Err: errors.Join(cause, err)}
}

// deadErr is the error for a call made on a dead connection: the
// command was not sent.
func (t *Control) deadErr() *tmux.Error {
	t.mu.Lock()
	reason := t.reason
	t.mu.Unlock()
	msg := fmt.Sprintf("lost the control connection to tmux on %s", t.sock)
	if reason != nil {
		msg += ": " + strings.TrimPrefix(reason.Message, msg+": ")
	}
	kind := tmux.KindServerGone
	if reason != nil && reason.Kind == tmux.KindUnsupported {
		kind = tmux.KindUnsupported
	}
	return &tmux.Error{Kind: kind, Message: msg, Err: errors.Join(errNotSent, reason)}
}
