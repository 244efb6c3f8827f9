// Command panemap-open is what the plugin's popup runs when the resident
// is on: a tiny program that hands the popup's terminal to the resident
// (panemap resident), whose warm navigator draws on it, and exits with the
// navigator's status. It imports almost nothing, so that it starts as a
// tiny static program does.
//
// When the resident is absent, dead, refusing or another build, it runs
// the navigator as the popup did without it: it becomes the panemap beside
// it (exec, same arguments), after starting a resident for the next key
// press.
package main

import (
	"errors"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/panemap/panemap/resident/supervise"
	"github.com/panemap/panemap/resident/wire"
)

// acceptWait is how long the client waits for a navigator to take the
// open: an idle one answers in well under a millisecond; the next one,
// when another client took the idle one between this one's look at the
// ready file and its connection, once it has started.
const acceptWait = 400 * time.Millisecond

func main() {
	args := os.Args[1:]
	panemap := besideMe()
	if len(args) > 0 && args[0] == residentFlag {
		os.Exit(runResident(panemap, args[1:]))
	}
	sock := tmuxSocket(args)
	if sock == "" {
		fallBack(panemap, args)
	}
	code, how := open(panemap, sock, args)
	switch how {
	case ran:
		os.Exit(code)
	case cannot:
		startResident(sock)
	}
	fallBack(panemap, args)
}

// outcome is how an open through the resident went.
type outcome int

const (
	ran    outcome = iota // the resident ran the navigator; code is its status
	busy                  // the resident runs, but no worker is idle
	cannot                // no resident, a dead one, one of another build
)

// open runs the navigator in the resident, when it has an idle worker.
// With none (another navigator took it a moment ago, and the next is
// starting) the popup runs the navigator itself at once: faster than
// waiting for that worker's warm-up (measured: BENCHMARKS.md).
func open(panemap, sock string, args []string) (code int, how outcome) {
	build, err := wire.BuildID(panemap)
	if err != nil {
		return 0, cannot
	}
	dir := wire.Dir(sock)
	if wire.CheckPrivate(dir) != nil {
		return 0, cannot
	}
	if !exists(wire.ReadyPath(sock)) && exists(wire.BusyPath(sock)) && supervise.Running(sock) {
		return 0, busy
	}
	conn, err := wire.Dial(wire.SocketPath(sock))
	if err != nil {
		return 0, cannot
	}
	defer conn.Close()
	hello := wire.Hello{Build: build, Args: args, Env: environment()}
	if conn.SendHello(hello, []int{0, 1, 2}) != nil {
		return 0, cannot
	}
	if how := waitAccepted(conn, sock); how != ran {
		return 0, how
	}
	// Resizes before Go are seen by the navigator as it starts.
	winch := make(chan os.Signal, 1)
	signal.Notify(winch, syscall.SIGWINCH)
	if conn.Send(wire.Go) != nil {
		return 0, cannot
	}
	go func() {
		for range winch {
			if conn.Send(wire.Resized) != nil {
				return
			}
		}
	}()
	b, err := conn.Receive(0)
	if err != nil || b != wire.Exited {
		// The navigator's process died under it (killed): run one
		// here. The terminal's file is shared with the dead process,
		// whose runtime made it non-blocking: panemap's input would
		// read that as its end, and close at once.
		for fd := 0; fd <= 2; fd++ {
			_ = syscall.SetNonblock(fd, false)
		}
		return 0, cannot
	}
	status, err := conn.Receive(0)
	if err != nil {
		return 0, cannot
	}
	return int(status), ran
}

// busyCheck is how often a client waiting for a worker looks whether the
// resident has become busy.
const busyCheck = 10 * time.Millisecond

// waitAccepted waits for a worker to accept the open: ran when one did
// (it runs the navigator once told to go).
// It waits at most acceptWait, and no longer once the resident says it
// is busy: another client, which saw the same idle worker, took it
// first, and the next one is a warm-up away (two keys pressed at once).
func waitAccepted(conn *wire.Conn, sock string) outcome {
	deadline := time.Now().Add(acceptWait)
	for {
		b, err := conn.Receive(busyCheck)
		switch {
		case err == nil && b == wire.Accepted:
			return ran
		case !errors.Is(err, syscall.EAGAIN) || time.Now().After(deadline):
			return cannot
		case exists(wire.BusyPath(sock)):
			return busy
		}
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// besideMe is the panemap binary in the directory of this one.
func besideMe() string {
	exe, err := os.Executable()
	if err != nil {
		return "panemap"
	}
	return filepath.Join(filepath.Dir(exe), "panemap")
}

// tmuxSocket is the -S the binding passes; "" when it passes none. Only
// the global flags before the others are read (-S, -L, -t, as panemap
// reads them): a value of a later flag may hold anything.
func tmuxSocket(args []string) string {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-S" && i+1 < len(args):
			return args[i+1]
		case strings.HasPrefix(a, "-S") && len(a) > 2:
			return a[2:]
		case a == "-L" || a == "-t":
			i++ // its value
		case strings.HasPrefix(a, "-L") || strings.HasPrefix(a, "-t"):
		default:
			return ""
		}
	}
	return ""
}

// environment is the forwarded variables as this popup has them.
func environment() []string {
	env := make([]string, 0, len(wire.Forwarded))
	for _, k := range wire.Forwarded {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		} else {
			env = append(env, k)
		}
	}
	return env
}

// fallBack becomes panemap with the same arguments: the navigator in this
// popup, as without the resident.
func fallBack(panemap string, args []string) {
	err := syscall.Exec(panemap, append([]string{panemap}, args...), os.Environ())
	os.Stderr.WriteString("panemap-open: cannot run " + panemap + ": " + err.Error() + "\n")
	os.Exit(127)
}
