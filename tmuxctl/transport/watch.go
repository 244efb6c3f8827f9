package transport

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/panemap/panemap/tmux"
)

// OutputWatch says which panes printed, so that a preview is recaptured
// only when its pane changed. It is a control-mode client of its own,
// attached to one session with pane output on (`attach-session -f
// ignore-size`: it never resizes a window), that tmux tells about every
// pane of that session that prints (%output).
//
// Protocol: a pane is armed or not. The first output of an armed pane is
// delivered (Wait, Take), and at that moment the watch pauses that pane's
// output for its client (`refresh-client -A %N:pause`), so a pane that
// prints continuously costs one notification and one command per arming,
// not a stream of its output. Arm resumes it (`-A %N:continue`, which
// also drops what the pane printed meanwhile) and arms the pane once tmux
// has done it. When the watch starts, the panes of the session's current
// window are armed; every other pane of the session is paused and stays
// unreported until armed, and so does a pane that appears later (the
// caller captures a new pane anyway, then arms it).
//
// Pause, not off (`-A %N:off`, which would do the same for this client):
// tmux stops reading a pane that every attached client has turned off
// (server_client_check_pane_buffer), so where the watch is the only
// client (panemap's MCP server on a detached session, or exec mode) its
// offs would freeze the programs in the panes as soon as the pipe fills.
// A paused pane is not waited for. Both exist from tmux 3.2.
//
// Arm before capturing, not after: output that comes between an arm and
// the capture is both in the capture and reported (one capture too
// many), where output between a capture and a later arm would be lost
// until the pane prints again.
//
// tmux sends a pane's output to the client until the pause reaches it,
// and nothing for a paused pane: the watch reads only the pane id of each
// %output line, and with every pane paused it costs nothing.
//
// It is a Control connection dialed with Output: one connection type,
// with output on and a hook for it.
//
// Crashes: WatchOutput connects only where PlanControl (ControlAuto)
// allows control mode, that is tmux 3.7 and later: before 3.7 a control
// client connecting can crash the server (CrashConnectRace). On 3.7
// through 3.7c any attached control client exposes the server to
// CrashDeferredWindowChange; the watch adds no new kind of exposure to
// that of the navigator's own connection, and its owner must hold it only
// while the navigator is open (the popup's open time) and Close it then.
// Like any client it counts in #{session_attached} and fires the
// client-attached and client-detached hooks.
type OutputWatch struct {
	ctl *Control

	// order makes a line's bookkeeping and its write one step, so that
	// lines reach tmux in the order the books say (a pause must never
	// overtake the continue that armed its pane).
	order sync.Mutex

	mu      sync.Mutex    // guards what follows
	ready   bool          // the session's panes are known: output counts
	armed   map[int]bool  // report the next output
	arming  map[int]int   // continue commands written, not yet answered
	paused  map[int]bool  // a pause was written or is queued (pauses)
	pauses  []int         // output seen: pause to be written
	fired   []tmux.PaneID // to deliver once their pauses are written
	printed []tmux.PaneID // delivered: what Take returns

	wake      chan struct{} // a value when printed has panes (never closed)
	closeOnce sync.Once
}

// WatchOutput starts an output watch on session s's panes with this
// transport's binary and environment, or answers (nil, nil) where this
// tmux gets none (before 3.7, a version it cannot read, or
// PANEMAP_CONTROL=never): poll then. PANEMAP_CONTROL=always does not
// extend the watch to older tmux: it is an optimisation, not worth a
// server. ctx bounds only the start. Capture after it returns: output
// from then on is reported.
func (t *Auto) WatchOutput(ctx context.Context, s tmux.SessionID) (*OutputWatch, error) {
	if _, err := tmux.ParseSessionID(string(s)); err != nil {
		return nil, err
	}
	if t.Policy == tmux.ControlNever {
		return nil, nil
	}
	v, err := t.ServerVersion(ctx) // the server's, as for the connection
	if err != nil {
		return nil, err
	}
	if !watchable(v) {
		return nil, nil
	}
	w := &OutputWatch{
		armed: map[int]bool{}, arming: map[int]int{}, paused: map[int]bool{},
		wake: make(chan struct{}, 1),
	}
	d := &Dialer{Binary: t.Binary, Env: t.Env, Output: w.output, Idle: w.flush}
	dctx, cancel := context.WithTimeout(ctx, dialTimeout)
	ctl, err := d.Dial(dctx, t.sock, s)
	cancel()
	if err != nil {
		return nil, err // a session gone is KindGone, named by the dial (attachErr)
	}
	w.mu.Lock()
	w.ctl = ctl
	w.mu.Unlock()
	if err := w.send(ctx, []string{"list-panes", "-s", "-t", string(s), "-F", "#{window_active} #{pane_id}"}, w.started); err != nil {
		_ = w.Close()
		return nil, err
	}
	return w, nil
}

// watchable reports whether a server of version v gets a watch: where
// PlanControl allows control mode by default. One that is not upstream's
// own spelling gets none (see tmux.Version.Upstream).
func watchable(v tmux.Version) bool {
	return tmux.PlanControl(tmux.ControlAuto, v).Control
}

// started takes list-panes' answer: the current window's panes are
// armed, the session's others paused (reader goroutine).
func (w *OutputWatch) started(out string, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err != nil {
		return
	}
	for _, l := range strings.Split(out, "\n") {
		active, id, _ := strings.Cut(l, " ")
		p, err := tmux.ParsePaneID(id)
		switch {
		case err != nil:
		case active == "1":
			w.armed[p.Num()] = true
		default:
			w.paused[p.Num()] = true
			w.pauses = append(w.pauses, p.Num())
		}
	}
	w.ready = true
}

// Wait blocks until armed panes have printed and returns them, each
// once: every pane that printed since the last Wait or Take, so that a
// consumer that looks only now and then wakes once for all of them
// (nine panes printing together used to be nine wake-ups of every
// goroutine on the way, most of what a navigator's previews cost on
// 3.7). ok is false once the watch has ended (Close, or the server or
// the session's client went away: poll then) or ctx is done.
func (w *OutputWatch) Wait(ctx context.Context) (panes []tmux.PaneID, ok bool) {
	for {
		if panes := w.Take(); len(panes) > 0 {
			return panes, true
		}
		select {
		case <-w.wake:
		case <-w.ctl.Done():
			return nil, false
		case <-ctx.Done():
			return nil, false
		}
	}
}

// Take returns at once the panes that printed since the last Wait or
// Take, each once (none: nil).
func (w *OutputWatch) Take() []tmux.PaneID {
	w.mu.Lock()
	defer w.mu.Unlock()
	panes := w.printed
	w.printed = nil
	return panes
}

// Arm resumes output for panes and arms them: each is delivered on
// Wait the next time it prints. It returns once tmux has done it.
// Panes of other sessions are accepted and never reported.
func (w *OutputWatch) Arm(ctx context.Context, panes []tmux.PaneID) error {
	if len(panes) == 0 {
		return nil
	}
	cmd := []string{"refresh-client"}
	nums := make([]int, 0, len(panes))
	for _, p := range panes {
		if _, err := tmux.ParsePaneID(string(p)); err != nil {
			return err
		}
		cmd = append(cmd, "-A", string(p)+":continue")
		nums = append(nums, p.Num())
	}
	return w.send(ctx, cmd, func(_ string, err error) {
		w.mu.Lock()
		defer w.mu.Unlock()
		for _, n := range nums {
			if w.arming[n]--; w.arming[n] <= 0 {
				delete(w.arming, n)
			}
			if err == nil {
				w.armed[n] = true
			}
		}
	}, nums...)
}

// send writes cmd and waits for its answer; then runs on the reader as
// the answer arrives. The panes in resumed are being armed from the
// moment the line is written: until then runs, their output is from
// before the continue and ignored, and no pause is written for them (it
// would undo the continue).
func (w *OutputWatch) send(ctx context.Context, cmd []string, then func(string, error), resumed ...int) error {
	line, err := CommandLine([][]string{cmd})
	if err != nil {
		return err
	}
	req := &request{want: 1, then: then, done: make(chan struct{})}
	w.order.Lock()
	w.mu.Lock()
	for _, n := range resumed {
		w.arming[n]++
		delete(w.paused, n)
	}
	w.mu.Unlock()
	err = w.ctl.send(req, line)
	w.order.Unlock()
	if err != nil {
		return err
	}
	select {
	case <-req.done:
		return req.err
	case <-ctx.Done():
		return &tmux.Error{Kind: tmux.KindServerGone, Message: fmt.Sprintf("tmux did not answer: %v", ctx.Err()), Err: ctx.Err()}
	}
}

// output notes that pane n printed (reader goroutine).
func (w *OutputWatch) output(n int) {
	w.mu.Lock()
	if w.ready && w.arming[n] == 0 {
		if w.armed[n] {
			delete(w.armed, n)
			w.fired = append(w.fired, tmux.PaneID("%"+strconv.Itoa(n)))
		}
		if !w.paused[n] {
			w.paused[n] = true
			w.pauses = append(w.pauses, n)
		}
	}
	flushNow := len(w.pauses) >= maxPausesPerLine
	w.mu.Unlock()
	if flushNow {
		w.flush()
	}
}

// maxPausesPerLine bounds one refresh-client line.
const maxPausesPerLine = 64

// flush writes the pauses noted so far, then delivers the panes that
// fired (reader goroutine, whenever it has read all there was). In that
// order: a pane delivered may be armed at once, and its continue must
// reach tmux after its pause. Nobody waits for the pause's answer.
func (w *OutputWatch) flush() {
	w.order.Lock()
	w.mu.Lock()
	cmd := []string{"refresh-client"}
	for _, n := range w.pauses {
		if w.arming[n] > 0 {
			delete(w.paused, n) // armed meanwhile: the continue wins
			continue
		}
		cmd = append(cmd, "-A", "%"+strconv.Itoa(n)+":pause")
	}
	w.pauses = w.pauses[:0]
	fired := w.fired
	w.fired = nil
	ctl := w.ctl
	w.mu.Unlock()
	if len(cmd) > 1 && ctl != nil {
		line, _ := CommandLine([][]string{cmd})
		_ = ctl.send(&request{want: 1, done: make(chan struct{})}, line)
	}
	w.order.Unlock()
	if len(fired) > 0 {
		w.mu.Lock()
		for _, p := range fired {
			if !slices.Contains(w.printed, p) {
				w.printed = append(w.printed, p)
			}
		}
		w.mu.Unlock()
		select {
		case w.wake <- struct{}{}:
		default: // a wake-up is pending already
		}
	}
}

// Close detaches the watch's client (the end of its input makes tmux
// detach it at once) and waits for its process and goroutines to end:
// Wait then answers false. It is safe to call more than once.
func (w *OutputWatch) Close() error {
	w.closeOnce.Do(func() { _ = w.ctl.Close() })
	return nil
}
