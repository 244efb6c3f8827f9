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
	"time"
)

// The watch's connection: a tmux control client of its own, with pane
// output on. Unlike ControlTransport, whose reader copies every line into
// a string, the reader here takes each line from bufio's buffer and, for
// %output and %extended-output, reads the pane id and nothing else: the
// payload (up to tmux's 8 KB write size per line, escaped) is never
// copied. Other lines are few and short and go through the usual framer.
// Measured (BenchmarkWatchRead, 1000 lines of 4 KB): 0.55 ms and 69 KB
// in 63 allocations, against 2.7 ms and 5.5 MB in 2072 for a reader that
// makes every line a string.

// watchAttachFlags: never resize a window; pane output stays on.
const watchAttachFlags = "ignore-size"

// watchReq is one command line waiting for its %end.
type watchReq struct {
	// then runs on the reader goroutine when the answer arrives, at the
	// answer's place among the notifications (nil: nothing to do).
	then func(failed bool, lines []string)
	err  error
	done chan struct{}
}

// start runs tmux, the reader and the pump, and waits for the attach's
// answer.
func (w *OutputWatch) start(ctx context.Context, bin string, env []string) error {
	args := append(w.sock.Args(), "-u", "-C", "attach-session", "-f", watchAttachFlags, "-t", string(w.session))
	w.cmd = exec.Command(bin, args...)
	w.cmd.Env = controlEnv(env)
	w.cmd.Stderr = w.stderr
	stdin, err := w.cmd.StdinPipe()
	if err != nil {
		return &Error{Kind: KindServerGone, Message: "cannot start tmux in control mode: " + err.Error(), Err: err}
	}
	stdout, err := w.cmd.StdoutPipe()
	if err != nil {
		return &Error{Kind: KindServerGone, Message: "cannot start tmux in control mode: " + err.Error(), Err: err}
	}
	w.stdin = stdin
	if err := w.cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
			return &Error{Kind: KindServerGone, Value: bin, Message: fmt.Sprintf("tmux not found: %s is not installed or not in PATH", Quote(bin)), Err: err}
		}
		return &Error{Kind: KindServerGone, Message: "cannot start tmux in control mode: " + err.Error(), Err: err}
	}
	go w.read(stdout)
	go w.pump()
	timer := time.NewTimer(dialTimeout)
	defer timer.Stop()
	select {
	case err = <-w.attached:
	case <-timer.C:
		err = &Error{Kind: KindServerGone, Message: fmt.Sprintf("tmux did not attach a control client on %s within %v", w.sock, dialTimeout)}
	case <-ctx.Done():
		err = &Error{Kind: KindServerGone, Message: fmt.Sprintf("tmux did not attach a control client on %s: %v", w.sock, ctx.Err()), Err: ctx.Err()}
	}
	return err
}

// sendLocked registers req and writes line (writeMu held), in that
// order so that answers come back in the order of pending. With req.done
// nil nobody waits: the reader itself sends such lines.
func (w *OutputWatch) sendLocked(req *watchReq, line string) error {
	w.mu.Lock()
	if w.dead {
		w.mu.Unlock()
		return w.deadErr()
	}
	w.pending = append(w.pending, req)
	w.mu.Unlock()
	if _, err := io.WriteString(w.stdin, line+"\n"); err != nil {
		w.kill() // the reader then fails what is pending, req included
		return &Error{Kind: KindServerGone, Message: fmt.Sprintf("lost the control connection to tmux on %s: %v", w.sock, err), Err: err}
	}
	return nil
}

// read is the reader goroutine: it frames tmux's output until tmux closes
// it, then reaps the process and fails what is still pending.
func (w *OutputWatch) read(r io.Reader) {
	exitReason := w.readLoop(r)
	_ = w.cmd.Wait()
	msg := "tmux ended the output watch's connection"
	if exitReason != "" {
		msg += " (" + exitReason + ")"
	}
	if s := strings.TrimSpace(w.stderr.String()); s != "" {
		msg += ": " + s
	}
	w.fail(&Error{Kind: KindServerGone, Message: msg})
	close(w.done)
}

// readLoop reads lines until r ends and returns the reason %exit gave.
func (w *OutputWatch) readLoop(r io.Reader) (exitReason string) {
	br := bufio.NewReaderSize(r, 64<<10)
	var f framer
	for {
		if br.Buffered() == 0 {
			w.flush() // about to wait for tmux: act on what was read
		}
		line, err := br.ReadSlice('\n')
		if n, ok := outputPane(line); ok {
			w.output(n)
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = br.ReadSlice('\n')
			}
			if err != nil {
				return exitReason
			}
			continue
		}
		var s string
		if err == nil {
			s = string(line[:len(line)-1])
		} else if errors.Is(err, bufio.ErrBufferFull) {
			// A long line that is not output (a hook's): its start is
			// all that can matter.
			s = string(line)
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = br.ReadSlice('\n')
			}
		}
		if err != nil {
			return exitReason // a partial last line is not a complete answer
		}
		fr := f.feed(s)
		switch {
		case fr.kind == frameBlock:
			w.deliver(fr)
		case fr.kind == frameNotify && fr.event.Kind == EventExit && len(fr.event.Args) > 0:
			exitReason = fr.event.Args[0]
		}
	}
}

var (
	outputPrefix   = []byte("%output %")
	extendedPrefix = []byte("%extended-output %")
)

// outputPane reads the pane number of a %output or %extended-output line
// (tmux 3.2+: "%output %N data", "%extended-output %N age … : data").
func outputPane(line []byte) (int, bool) {
	rest, ok := bytes.CutPrefix(line, outputPrefix)
	if !ok {
		if rest, ok = bytes.CutPrefix(line, extendedPrefix); !ok {
			return 0, false
		}
	}
	n, i := 0, 0
	for ; i < len(rest) && i < 10 && rest[i] >= '0' && rest[i] <= '9'; i++ {
		n = n*10 + int(rest[i]-'0')
	}
	if i == 0 || i == len(rest) || rest[i] != ' ' {
		return 0, false
	}
	return n, true
}

// deliver hands a block to the request it answers (reader goroutine).
func (w *OutputWatch) deliver(fr frame) {
	if !fr.ours {
		// tmux's own commands: first the attach, later hooks.
		if !w.attachDone {
			w.attachDone = true
			var err error
			if fr.failed {
				err = w.attachErr(strings.Join(fr.lines, "\n"))
			}
			w.attached <- err
		}
		return
	}
	w.mu.Lock()
	if len(w.pending) == 0 {
		w.mu.Unlock()
		return
	}
	req := w.pending[0]
	w.pending = w.pending[1:]
	w.mu.Unlock()
	if fr.failed {
		msg := strings.TrimSpace(strings.Join(fr.lines, "\n"))
		req.err = ClassifyTmuxError(msg, w.sock, errors.New(msg))
	}
	if req.then != nil {
		req.then(fr.failed, fr.lines)
	}
	if req.done != nil {
		close(req.done)
	}
}

func (w *OutputWatch) attachErr(msg string) error {
	msg = strings.TrimSpace(msg)
	e := ClassifyTmuxError(msg, w.sock, errors.New(msg))
	if e.Kind == KindGone {
		e.Value = string(w.session)
		e.Message = fmt.Sprintf("session %s is gone: cannot watch its panes' output", w.session)
	}
	return e
}

// fail marks the connection dead and fails every waiting request.
func (w *OutputWatch) fail(reason *Error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.dead {
		w.dead, w.reason = true, reason
	}
	if !w.attachDone {
		w.attachDone = true
		w.attached <- reason
	}
	for _, req := range w.pending {
		req.err = w.reason
		if req.done != nil {
			close(req.done)
		}
	}
	w.pending = nil
}

func (w *OutputWatch) deadErr() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.reason != nil {
		return w.reason
	}
	return &Error{Kind: KindServerGone, Message: "the output watch is closed"}
}

func (w *OutputWatch) kill() {
	if w.cmd.Process != nil {
		_ = w.cmd.Process.Kill()
	}
}

// Close detaches the watch's client (the end of its input makes tmux
// detach it at once), waits for its process and goroutines to end, and
// closes Changed. It is safe to call more than once.
func (w *OutputWatch) Close() error {
	w.closeOnce.Do(func() {
		_ = w.stdin.Close()
		timer := time.NewTimer(closeTimeout)
		defer timer.Stop()
		select {
		case <-w.done:
		case <-timer.C:
			w.kill()
			<-w.done
		}
		<-w.pumped
	})
	return nil
}
