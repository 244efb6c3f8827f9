// Package supervise is the resident's supervisor (see package resident):
// it holds the listening socket in a private directory and keeps one idle
// worker process, started and warmed before the key press, replacing each
// once the navigator it took an open for has drawn its first frame; and a
// file that says whether a worker is idle (wire.ReadyPath). It runs in
// panemap-open's small process, so it imports the standard library and
// the wire only, and no network package: it never accepts a connection
// itself.
package supervise

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"time"

	"github.com/panemap/panemap/resident/wire"
)

// Supervisor is the resident of one tmux server.
type Supervisor struct {
	// TmuxSocket is the tmux server's socket path, as the binding passes
	// it to the client (#{socket_path}).
	TmuxSocket string
	// Version is panemap -V, for panemap doctor.
	Version string
	// ServerAlive says whether the tmux server still runs; the
	// supervisor asks it every CheckEvery and exits when it does not.
	ServerAlive func() bool
	CheckEvery  time.Duration
	// Worker is the argv of an idle worker (panemap resident --worker),
	// its path first; the supervisor gives it the listener as fd 3 and
	// its link to the supervisor as fd 4.
	Worker []string
	// SuccessorDelay is the longest the next idle worker waits for the
	// one that took an open: until that one exits, or has painted its
	// first frame and had afterPaint since.
	SuccessorDelay time.Duration
}

// ErrUnsupported is the resident on a system without peer credentials.
var ErrUnsupported = errors.New("the resident runs on Linux only")

// lockWait is how long a new supervisor waits for an old one, which a
// client of another build just told to exit, to let go of the lock.
const lockWait = 2 * time.Second

// Run listens and keeps one idle worker until ctx ends, the tmux server
// exits, or a client of another build connects. A resident already
// running for the server is errRunning's business: Run returns nil.
//
// It returns once every worker it started has exited, and reaps them: its
// idle worker ends with it, and one that took an open is waited for (a
// navigator in use), after the lock, the socket and the files are let go,
// so that a new supervisor need not wait for it. A worker left running
// would be orphaned, and never reaped where there is no init process.
func (s Supervisor) Run(ctx context.Context) error {
	var workers sync.WaitGroup
	err := s.run(ctx, &workers)
	workers.Wait()
	return err
}

func (s Supervisor) run(ctx context.Context, workers *sync.WaitGroup) error {
	if runtime.GOOS != "linux" {
		return ErrUnsupported // no peer credentials for its workers to check
	}
	dir := wire.Dir(s.TmuxSocket)
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		return err
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	if err := wire.CheckPrivate(dir); err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	lk, err := waitLock(ctx, dir)
	if errors.Is(err, errRunning) {
		return nil
	}
	if err != nil {
		return err
	}
	defer lk.Close()
	_ = os.Remove(filepath.Join(dir, infoFile)) // a killed resident's
	// Busy until its first worker is ready (a killed resident's ready
	// file goes), and neither once it stops.
	ready, busy := wire.ReadyPath(s.TmuxSocket), wire.BusyPath(s.TmuxSocket)
	_ = os.Remove(ready)
	if err := os.WriteFile(busy, nil, 0o600); err != nil {
		return err
	}
	defer os.Remove(ready)
	defer os.Remove(busy)
	path := wire.SocketPath(s.TmuxSocket)
	_ = os.Remove(path) // a dead resident's
	lf, err := listen(path)
	if err != nil {
		return err
	}
	defer os.Remove(path)
	defer lf.Close()
	if err := writeInfo(dir, s.Version, 0); err != nil {
		return err
	}
	defer os.Remove(filepath.Join(dir, infoFile))
	log, err := os.OpenFile(filepath.Join(dir, logFile), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	defer log.Close()
	gone, err := s.keepIdle(ctx, dir, lf, log, workers)
	if gone || !s.ServerAlive() {
		// No client of that server will come again, whether the check
		// saw it go or the supervisor stops for another reason (a
		// SIGTERM, idle workers failing) after it went: leave nothing
		// behind (before the deferred closes, which need no files).
		_ = os.RemoveAll(dir)
	}
	return err
}

// waitLock takes the directory's lock, waiting up to lockWait for a
// supervisor that is on its way out.
func waitLock(ctx context.Context, dir string) (*os.File, error) {
	deadline := time.Now().Add(lockWait)
	for {
		f, err := lock(dir)
		if !errors.Is(err, errRunning) || time.Now().After(deadline) {
			return f, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// workerEvent is what one worker's link said: a byte, or closed.
type workerEvent struct {
	b      byte
	closed bool
}

// crashLimit is how many idle workers may die in a row, before taking
// any open, before the supervisor gives up (a worker that cannot start).
const crashLimit = 5

// keepIdle keeps one idle worker; gone reports that it returned because
// the tmux server exited.
func (s Supervisor) keepIdle(ctx context.Context, dir string, listener, log *os.File, workers *sync.WaitGroup) (gone bool, err error) {
	tick := time.NewTicker(s.CheckEvery)
	defer tick.Stop()
	crashes, opens := 0, 0
	for {
		w, err := s.startWorker(listener, log, workers)
		if err != nil {
			return false, err
		}
		events, exited := w.events, w.exited
		ev, end := s.wait(ctx, tick.C, events)
		if end == stayed && ev.b == wire.LinkReady {
			// Ready from its word until the next, whatever it is.
			s.markReady(true)
			ev, end = s.wait(ctx, tick.C, events)
			s.markReady(false)
		}
		if end != stayed {
			w.end()
			return end == serverGone, nil
		}
		switch {
		case ev.closed:
			crashes++
			if crashes >= crashLimit {
				return false, errors.New("idle workers keep exiting; see " + filepath.Join(dir, logFile))
			}
		case ev.b == wire.LinkMismatch:
			w.end() // it has told its client, and exits
			return false, nil
		default: // wire.LinkTaken: it serves its open and exits
			crashes = 0
			opens++
			_ = writeInfo(dir, s.Version, opens)
			if end := s.settle(ctx, tick.C, events, exited); end != stayed {
				return end == serverGone, nil
			}
		}
	}
}

// afterPaint is how long the next idle worker waits after the taken
// one's first frame: the navigator's opening read (one tmux process),
// which keys wait for, answers meanwhile. Measured on 3.3a, 20 rounds
// (BENCHMARKS.md): a key pressed the moment the map showed took 24 ms to
// move the focus with 60 ms here, as with no successor at all, against
// 26-43 ms with the next worker started at the paint; and the next
// worker is ready ~90 ms after the map, for a second navigator or a
// reopen (a key press sooner runs the navigator in its popup, as fast).
const afterPaint = 60 * time.Millisecond

// settle waits until the worker that took the open has exited, or
// painted and had afterPaint, or had SuccessorDelay, unless the
// supervisor must end.
func (s Supervisor) settle(ctx context.Context, tick <-chan time.Time, events <-chan workerEvent, exited <-chan struct{}) ending {
	d := s.SuccessorDelay
	delay := time.NewTimer(d)
	defer delay.Stop()
	for {
		select {
		case <-ctx.Done():
			return stopped
		case <-tick:
			if !s.ServerAlive() {
				return serverGone
			}
		case ev := <-events:
			switch {
			case ev.closed:
				return stayed
			case ev.b == wire.LinkPainted:
				delay.Reset(min(afterPaint, d))
			}
		case <-exited:
			return stayed
		case <-delay.C:
			return stayed
		}
	}
}

// ending is why the supervisor stops waiting.
type ending int

const (
	stayed     ending = iota // the idle worker said something
	stopped                  // ctx ended
	serverGone               // the tmux server exited
)

// wait waits for the idle worker's word, unless the supervisor must end.
func (s Supervisor) wait(ctx context.Context, tick <-chan time.Time, events <-chan workerEvent) (workerEvent, ending) {
	for {
		select {
		case <-ctx.Done():
			return workerEvent{}, stopped
		case <-tick:
			if !s.ServerAlive() {
				return workerEvent{}, serverGone
			}
		case ev := <-events:
			return ev, stayed
		}
	}
}

// worker is one started idle worker: its link, the events read from it,
// and exited, which closes once it has exited and been reaped.
type worker struct {
	link    *os.File
	process *os.Process
	events  <-chan workerEvent
	exited  <-chan struct{}
}

// idleExit is how long an idle worker has to exit once its link is shut
// before it is killed: it exits as soon as it reads the end, unless it is
// stuck (in its warm-up); it has served nothing, so nothing is lost.
const idleExit = 2 * time.Second

// end ends an idle worker as its supervisor stops. Its link is shut for
// writing only: the worker reads the end and exits, while a take it made
// just before can still be read here; one that took an open goes on (a
// navigator in use), and Run waits for it. One that neither exits nor
// takes within idleExit is killed.
func (w worker) end() {
	shut := errors.New("no raw link")
	if rc, err := w.link.SyscallConn(); err == nil {
		err = rc.Control(func(fd uintptr) { shut = syscall.Shutdown(int(fd), syscall.SHUT_WR) })
		shut = cmp.Or(err, shut)
	}
	if shut != nil {
		w.link.Close() // the worker reads the end all the same
	}
	timeout := time.NewTimer(idleExit)
	defer timeout.Stop()
	for {
		select {
		case <-w.exited:
			return
		case ev := <-w.events:
			if ev.b == wire.LinkTaken {
				return
			}
		case <-timeout.C:
			_ = w.process.Kill()
			return
		}
	}
}

// startWorker starts an idle worker and reads its link: the first byte it
// sends, or closed when it exits without one; exited closes as it exits.
// workers counts it until it has been reaped.
func (s Supervisor) startWorker(listener, log *os.File, workers *sync.WaitGroup) (worker, error) {
	mine, theirs, err := socketPair()
	if err != nil {
		return worker{}, err
	}
	null, err := os.Open(os.DevNull)
	if err != nil {
		return worker{}, err
	}
	p, err := os.StartProcess(s.Worker[0], s.Worker, &os.ProcAttr{Files: []*os.File{null, log, log, listener, theirs}})
	null.Close()
	theirs.Close()
	if err != nil {
		mine.Close()
		return worker{}, err
	}
	// At most three events: LinkReady, then LinkTaken and LinkPainted,
	// or LinkMismatch; closed instead of any of them when it exits
	// first. Buffered for all, so that the reader never waits for a
	// supervisor that has stopped listening to this worker.
	ev, done := make(chan workerEvent, 3), make(chan struct{})
	workers.Add(1)
	go func() {
		defer workers.Done()
		defer close(done)
		defer mine.Close()
		var b [1]byte
		for {
			if n, _ := mine.Read(b[:]); n != 1 {
				ev <- workerEvent{closed: true}
				break
			}
			ev <- workerEvent{b: b[0]}
			if b[0] != wire.LinkReady && b[0] != wire.LinkTaken {
				break
			}
		}
		// The link stays open while the worker runs: it learns the
		// supervisor is gone when it closes. Reap it when it exits.
		_, _ = io.Copy(io.Discard, mine)
		_, _ = p.Wait()
	}()
	return worker{link: mine, process: p, events: ev, exited: done}, nil
}

// socketPair is a connected pair of unix stream sockets, as files.
func socketPair() (*os.File, *os.File, error) {
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		return nil, nil, err
	}
	syscall.CloseOnExec(fds[0])
	syscall.CloseOnExec(fds[1])
	// The supervisor's end in the runtime's poller, so that closing it
	// ends the read that waits on it.
	if err := syscall.SetNonblock(fds[0], true); err != nil {
		return nil, nil, err
	}
	return os.NewFile(uintptr(fds[0]), "supervisor"), os.NewFile(uintptr(fds[1]), "worker"), nil
}

// listen is a unix socket listening on path, as a file to hand to the
// workers (which accept on it; the supervisor never does).
func listen(path string) (*os.File, error) {
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		return nil, err
	}
	syscall.CloseOnExec(fd)
	if err := syscall.Bind(fd, &syscall.SockaddrUnix{Name: path}); err != nil {
		_ = syscall.Close(fd)
		return nil, err
	}
	if err := syscall.Listen(fd, 16); err != nil {
		_ = syscall.Close(fd)
		return nil, err
	}
	return os.NewFile(uintptr(fd), path), nil
}
