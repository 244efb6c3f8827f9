package transport

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/panemap/panemap/tmux"
)

// Auto runs commands over a control-mode connection when it can
// and as tmux processes (Exec) when it cannot: when the server
// has no session to attach to (it never creates one), while a connection
// is being made, when this tmux is too old, and after a connection is
// lost. It reconnects lazily on a later call, with backoff, and in the
// background while someone is subscribed to events. A caller notices
// nothing but a slower answer, with one exception: a command that was
// already sent when the connection died may or may not have run, so it is
// retried over exec only when it is read-only; otherwise the call fails
// with KindServerGone and the caller decides.
//
// Policy tmux.ControlNever keeps it on tmux processes alone. Create it
// with NewAuto. It is safe for concurrent use.
type Auto struct {
	Binary string             // tmux executable; "" means "tmux" from PATH. Set before first use.
	Env    []string           // process environment; nil means os.Environ(). Set before first use.
	Policy tmux.ControlPolicy // when control mode may be used. Set before first use.
	// DeferDial keeps Run on tmux processes until Connect or Subscribe is
	// called: a program that may only hand over to another (the popup
	// launcher) attaches no control client at all.
	DeferDial bool

	sock   tmux.Socket
	hub    *eventHub
	ctx    context.Context // ends at Close; bounds background dials
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu          sync.Mutex
	ctl         *Control       // the live connection, or nil
	follow      tmux.SessionID // session to attach to when it exists
	formats     [][]string     // the connections' subscriptions (SubscribeFormat)
	dialing     bool
	redialing   bool
	nextDial    time.Time
	backoff     time.Duration
	unsupported error // why this server gets no control connection; exec only
	closed      bool
	wanted      bool // Connect or Subscribe was called (see DeferDial)
	// server is the server's version (#{version}) while it is known to
	// be this server's (see server_version.go); zero when not.
	server tmux.Version

	// Detaching while idle, on a tmux where an attached control client
	// is itself a risk (see ControlPlan.Idle).
	idle      time.Duration // 0: stay attached
	busy      int           // calls in flight
	idleTimer *time.Timer
}

// Reconnection backoff after a failed dial.
const (
	minBackoff  = 50 * time.Millisecond
	maxBackoff  = 5 * time.Second
	dialTimeout = 3 * time.Second
)

// NewAuto returns the transport panemap uses: control mode with
// exec as the fallback. It connects on first use.
func NewAuto(sock tmux.Socket) *Auto {
	ctx, cancel := context.WithCancel(context.Background())
	return &Auto{sock: sock, hub: newEventHub(), ctx: ctx, cancel: cancel}
}

// Socket is the server the transport talks to.
func (t *Auto) Socket() tmux.Socket { return t.sock }

// Exec is a transport that runs each call as a tmux process of its own,
// with this transport's binary, environment and server.
func (t *Auto) Exec() *Exec {
	return &Exec{Binary: t.Binary, Socket: t.sock, Env: t.Env}
}

// Connect tries to open the control connection now (Run does it lazily).
// It reports whether control mode is in use; an error says why not.
func (t *Auto) Connect(ctx context.Context) (bool, error) {
	t.mu.Lock()
	t.nextDial = time.Time{}
	t.wanted = true
	t.mu.Unlock()
	ctl, err := t.control(ctx)
	return ctl != nil, err
}

// Control is the live control connection, or nil while exec is in use.
func (t *Auto) Control() *Control {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.ctl
}

// Run sends cmds as one command list over control mode or exec.
func (t *Auto) Run(ctx context.Context, cmds ...[]string) (string, error) {
	if countCommands(cmds) == 0 {
		return "", nil
	}
	return t.runVia(ctx, cmds, readOnly(cmds), func(ctl *Control) (string, error) {
		return ctl.Run(ctx, cmds...)
	})
}

// runVia runs cmds with send over the control connection when there is
// one, and as a tmux process otherwise: also when the connection is down
// before the line left, and, when rerun allows it (the commands change
// nothing), when it was lost before the answer came. What a control-mode
// line cannot carry is refused on both paths, so the answer does not
// depend on which path is in use.
func (t *Auto) runVia(ctx context.Context, cmds [][]string, rerun bool, send func(*Control) (string, error)) (string, error) {
	if _, err := CommandLine(cmds); err != nil {
		return "", err
	}
	t.begin()
	defer t.end()
	if ctl, _ := t.control(ctx); ctl != nil {
		out, err := send(ctl)
		switch {
		case err == nil:
			return out, nil
		case errors.Is(err, errNotSent):
		case errors.Is(err, errInFlight) && rerun:
		default:
			return out, err
		}
		t.dropped(ctl)
	}
	out, err := t.Exec().Run(ctx, cmds...)
	if tmux.KindOf(err) == tmux.KindServerGone {
		t.serverGone()
	}
	return out, err
}

// control returns the live connection, dialing one when none is up and
// the backoff allows. Only one caller dials; the others use exec meanwhile.
func (t *Auto) control(ctx context.Context) (*Control, error) {
	t.mu.Lock()
	if t.closed || t.unsupported != nil {
		err := t.unsupported
		t.mu.Unlock()
		return nil, err
	}
	if ctl := t.ctl; ctl != nil {
		select {
		case <-ctl.Done():
		default:
			t.mu.Unlock()
			return ctl, nil
		}
	}
	if t.dialing || time.Now().Before(t.nextDial) || t.DeferDial && !t.wanted {
		t.mu.Unlock()
		return nil, nil
	}
	t.dialing = true
	follow, formats := t.follow, t.formats
	t.mu.Unlock()

	dctx, cancel := context.WithTimeout(ctx, dialTimeout)
	ctl, err := t.dial(dctx, follow)
	if err == nil && len(formats) > 0 {
		_, _ = ctl.Run(dctx, formats...) // events only: no answer to wait for
	}
	cancel()

	t.mu.Lock()
	defer t.mu.Unlock()
	t.dialing = false
	if err != nil {
		t.backoff = min(max(2*t.backoff, minBackoff), maxBackoff)
		t.nextDial = time.Now().Add(t.backoff)
		switch tmux.KindOf(err) {
		case tmux.KindUnsupported:
			t.unsupported = err
		case tmux.KindServerGone:
			t.forgetServerLocked()
		}
		return nil, err
	}
	if t.closed {
		_ = ctl.Close()
		return nil, nil
	}
	t.ctl, t.backoff, t.nextDial = ctl, 0, time.Time{}
	t.armIdleLocked()
	t.hub.publish(tmux.Event{Kind: tmux.EventConnected, Args: []string{string(ctl.Session())}})
	t.wg.Add(1)
	go t.watch(ctl)
	return ctl, nil
}

// dial picks a session and attaches to it, where the plan for the
// server's version allows a control client. That version is this
// server's, never the tmux binary's: when it is not known (see
// server_version.go) it is read with the sessions, before anything
// attaches.
func (t *Auto) dial(ctx context.Context, follow tmux.SessionID) (*Control, error) {
	if t.Policy == tmux.ControlNever {
		return nil, t.plan(tmux.Version{})
	}
	t.mu.Lock()
	v := t.server
	t.mu.Unlock()
	d := &Dialer{Binary: t.Binary, Env: t.Env, hub: t.hub}
	if follow != "" && v.Raw != "" {
		// The session followed is the one shown, with its user's client
		// attached: attach to it straight away, without asking tmux
		// which sessions there are first.
		if err := t.plan(v); err != nil {
			return nil, err
		}
		ctl, err := d.Dial(ctx, t.sock, follow)
		if tmux.KindOf(err) != tmux.KindGone {
			return ctl, err
		}
	}
	v, s, err := pickSession(ctx, t.Exec(), follow)
	if v.Raw != "" {
		t.LearnVersion(v)
		if perr := t.plan(v); perr != nil {
			return nil, perr
		}
	} else if err == nil {
		err = &tmux.Error{Kind: tmux.KindRefused, Message: fmt.Sprintf("tmux on %s did not say its version: no control client without it", t.sock)}
	}
	if err != nil {
		return nil, err
	}
	return d.Dial(ctx, t.sock, s)
}

// watch waits for a connection to end and then lets the next call (or the
// background redial, when someone listens to events) reconnect.
func (t *Auto) watch(ctl *Control) {
	defer t.wg.Done()
	select {
	case <-ctl.Done():
	case <-t.ctx.Done():
		return
	}
	t.dropped(ctl)
}

// dropped forgets a connection that has ended.
func (t *Auto) dropped(ctl *Control) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ctl != ctl {
		return
	}
	t.ctl = nil
	t.nextDial = time.Time{} // try again at once; failures back off
	t.forgetServerLocked()   // the server may be gone, and another start
	ctl.kill()
	if !t.closed {
		t.hub.publish(tmux.Event{Kind: tmux.EventDisconnected})
		t.startRedialLocked()
	}
}

// startRedialLocked reconnects in the background while anyone is
// subscribed, so events resume without waiting for a call.
func (t *Auto) startRedialLocked() {
	if t.redialing || t.closed || t.hub.count() == 0 {
		return
	}
	t.redialing = true
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		for {
			t.mu.Lock()
			if t.closed || t.ctl != nil || t.unsupported != nil || t.hub.count() == 0 {
				t.redialing = false
				t.mu.Unlock()
				return
			}
			wait := time.Until(t.nextDial)
			t.mu.Unlock()
			if wait < minBackoff {
				wait = minBackoff / 5
			}
			timer := time.NewTimer(wait)
			select {
			case <-t.ctx.Done():
				timer.Stop()
				t.mu.Lock()
				t.redialing = false
				t.mu.Unlock()
				return
			case <-timer.C:
			}
			_, _ = t.control(t.ctx)
		}
	}()
}

// Subscribe returns tmux's notifications across reconnections. The first
// event is EventConnected (with the session as its argument) or
// EventDisconnected; after that EventDisconnected and EventConnected mark
// every loss and recovery of the connection. While disconnected there are
// no notifications: poll. The channel closes on cancel or Close.
func (t *Auto) Subscribe() (<-chan tmux.Event, func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	first := tmux.Event{Kind: tmux.EventDisconnected}
	if t.ctl != nil {
		first = tmux.Event{Kind: tmux.EventConnected, Args: []string{string(t.ctl.Session())}}
	}
	ch, cancel := t.hub.subscribe(first)
	t.wanted = true
	if t.ctl == nil {
		t.startRedialLocked()
	}
	t.stopIdleLocked()
	return ch, func() {
		cancel()
		t.mu.Lock()
		t.armIdleLocked()
		t.mu.Unlock()
	}
}

// FollowSession makes the connection attach to session s, so that the
// notifications tmux sends only for the attached session's windows
// (layout changes, window add/close) are about s. It moves the live
// connection with switch-client (which fires the client-session-changed
// hook and makes s tmux's most recent session), and later connections
// attach to s while it exists.
func (t *Auto) FollowSession(ctx context.Context, s tmux.SessionID) error {
	if _, err := tmux.ParseSessionID(string(s)); err != nil {
		return err
	}
	t.mu.Lock()
	t.follow = s
	ctl := t.ctl
	t.mu.Unlock()
	if ctl == nil || ctl.Session() == s {
		return nil
	}
	_, err := ctl.Run(ctx, []string{"switch-client", "-c", ctl.ClientName(), "-t", string(s)})
	if err == nil {
		ctl.switched(s)
	}
	return err
}

// SubscribeFormat has tmux tell every connection, from the live one on,
// when format's value changes for what (refresh-client -B name:what:
// format; what "%*" is each pane of the attached session): an event
// "subscription-changed", tmux checking once a second (control.c,
// control_check_subs_timer) and logging no command for it. Without
// control mode there are no events: it does nothing.
func (t *Auto) SubscribeFormat(ctx context.Context, name, what, format string) error {
	sub := []string{"refresh-client", "-B", name + ":" + what + ":" + format}
	t.mu.Lock()
	t.formats = append(slices.DeleteFunc(slices.Clone(t.formats), func(c []string) bool { return strings.HasPrefix(c[2], name+":") }), sub)
	ctl := t.ctl
	t.mu.Unlock()
	if ctl == nil {
		return nil
	}
	_, err := ctl.Run(ctx, sub)
	return err
}

// Close ends the connection and every background goroutine, and closes
// the subscribers' channels.
func (t *Auto) Close() error {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return nil
	}
	t.closed = true
	ctl := t.ctl
	t.ctl = nil
	t.stopIdleLocked()
	t.cancel()
	t.mu.Unlock()
	if ctl != nil {
		_ = ctl.Close()
	}
	t.wg.Wait()
	t.hub.close()
	return nil
}

// readOnlyCommands change nothing in tmux, so running one twice is
// harmless: a list made only of them may be retried after a lost answer.
var readOnlyCommands = map[string]bool{
	"list-panes": true, "lsp": true, "list-windows": true, "lsw": true,
	"list-sessions": true, "ls": true, "list-clients": true, "lsc": true,
	"show-options": true, "show": true, "show-window-options": true, "showw": true,
	"has-session": true, "has": true, "show-environment": true, "showenv": true,
	"list-buffers": true, "lsb": true, "show-hooks": true,
}

func readOnly(cmds [][]string) bool {
	for _, c := range cmds {
		if len(c) == 0 {
			continue
		}
		switch c[0] {
		case "display-message", "display", "capture-pane", "capturep":
			// Only -p prints instead of showing a message to a client
			// or storing a buffer.
			if !slices.Contains(c[1:], "-p") {
				return false
			}
		default:
			if !readOnlyCommands[c[0]] {
				return false
			}
		}
	}
	return true
}
