package transport

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/panemap/panemap/tmux"
)

// read is the connection's only goroutine: it frames tmux's output,
// answers requests and publishes notifications until tmux closes stdout,
// then reaps the process.
func (t *Control) read(r io.Reader) {
	exitReason := t.readLoop(r)
	_ = t.cmd.Wait()
	msg := "tmux ended the connection"
	if exitReason != "" {
		msg += " (" + exitReason + ")"
	}
	if s := strings.TrimSpace(t.stderr.String()); s != "" {
		msg += ": " + s
	}
	t.fail(&tmux.Error{Kind: tmux.KindServerGone, Message: msg})
	close(t.done)
}

// readLoop reads lines until r ends and returns the reason %exit gave.
// Lines are taken from bufio's buffer: a %output or %extended-output line
// (only a connection with Output gets them, up to tmux's 8 KB write per
// line, escaped) yields its pane number and is never copied; other lines
// are few and short, and become strings for the framer. Measured
// (BenchmarkReadOutput, 1000 lines of 4 KB): 0.55 ms and 69 KB in 63
// allocations, against 2.7 ms and 5.5 MB in 2072 for a reader that makes
// every line a string.
func (t *Control) readLoop(r io.Reader) (exitReason string) {
	br := bufio.NewReaderSize(r, 64<<10)
	var f framer
	var long []byte // a line longer than the buffer, being put together
	for {
		if t.onIdle != nil && br.Buffered() == 0 {
			t.onIdle() // about to wait for tmux: act on what was read
		}
		line, err := br.ReadSlice('\n')
		if long == nil {
			if n, ok := outputPane(line); ok {
				if t.onOutput != nil {
					t.onOutput(n)
				}
				for errors.Is(err, bufio.ErrBufferFull) {
					_, err = br.ReadSlice('\n')
				}
				if err != nil {
					return exitReason
				}
				continue
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			long = append(long, line...)
			continue
		}
		if err != nil {
			return exitReason // a partial last line is not a complete answer
		}
		var s string
		if long != nil {
			s, long = string(append(long, line[:len(line)-1]...)), nil
		} else {
			s = string(line[:len(line)-1])
		}
		fr := f.feed(s)
		switch fr.kind {
		case frameBlock:
			t.deliver(fr)
		case frameNotify:
			switch fr.event.Kind {
			case tmux.EventOutput, "extended-output":
				continue
			case tmux.EventExit:
				if len(fr.event.Args) > 0 {
					exitReason = fr.event.Args[0]
				}
			}
			if t.hub != nil {
				t.hub.publish(fr.event)
			}
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

// deliver hands a block to the request it answers, and finishes the
// request when it is complete: its callback runs here, on the reader,
// with no lock held.
func (t *Control) deliver(fr frame) {
	if req := t.take(fr); req != nil {
		if req.then != nil {
			req.then(req.out.String(), req.err)
		}
		close(req.done)
	}
}

// take adds a block to the request it answers and returns that request
// when the block completes it.
func (t *Control) take(fr frame) *request {
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
		return nil
	}
	if len(t.pending) == 0 {
		return nil // an answer nobody waits for; cannot happen with tmux 3.3a
	}
	req := t.pending[0]
	req.got++
	done := false
	if req.until != "" {
		done = t.takeScript(req, fr)
	} else {
		if fr.failed {
			req.err = t.blockErr(fr)
		} else {
			req.out.WriteString(blockText(fr.lines))
		}
		done = fr.failed || req.got >= req.want
	}
	if done {
		t.pending = t.pending[1:]
		return req
	}
	return nil
}

// blockErr classifies a failed block's message. Over exec the same
// failures have no "parse error: " prefix.
func (t *Control) blockErr(fr frame) *tmux.Error {
	msg := strings.TrimPrefix(strings.TrimSpace(strings.Join(fr.lines, "\n")), "parse error: ")
	return ClassifyTmuxError(msg, t.sock, errors.New(msg))
}

func (t *Control) attachErr(msg string) *tmux.Error {
	msg = strings.TrimSpace(msg)
	e := ClassifyTmuxError(msg, t.sock, errors.New(msg))
	if e.Kind == tmux.KindGone {
		e.Value = string(t.session)
		e.Message = fmt.Sprintf("session %s is gone: cannot attach a control client to it", t.session)
	}
	if strings.Contains(msg, "unknown flag") {
		e.Kind = tmux.KindUnsupported
		e.Message = "this tmux cannot attach a control client with -f " + attachFlags + " (tmux 3.2 or later needed): " + msg
	}
	return e
}

// fail marks the connection dead and fails every waiting request.
func (t *Control) fail(reason *tmux.Error) {
	t.mu.Lock()
	if !t.dead {
		t.dead, t.reason = true, reason
	}
	if !t.attached {
		t.attached = true
		t.attachResult <- t.reason
	}
	pending := t.pending
	t.pending = nil
	t.mu.Unlock()
	for _, req := range pending {
		req.err = &tmux.Error{Kind: tmux.KindServerGone, Message: fmt.Sprintf("lost the control connection to tmux on %s before it answered: %s", t.sock, reason.Message), Err: errors.Join(errInFlight, reason)}
		if req.then != nil {
			req.then("", req.err)
		}
		close(req.done)
	}
}

// kill ends the tmux process; the reader then finishes.
func (t *Control) kill() {
	if t.cmd.Process != nil {
		_ = t.cmd.Process.Kill()
	}
}

// closeTimeout is how long Close waits for tmux to detach the connection
// after its input ends before killing the process.
const closeTimeout = 2 * time.Second

// Close detaches the connection (end of input makes tmux detach the
// client) and waits for the process and the reader to finish. It is safe
// to call more than once.
func (t *Control) Close() error {
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
