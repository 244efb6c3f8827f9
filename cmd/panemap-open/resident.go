package main

import (
	"context"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/panemap/panemap/resident/supervise"
)

// residentFlag makes panemap-open the resident's supervisor:
//
//	panemap-open --resident -S SOCKET --server-pid PID
//
// It runs in this small process rather than in panemap's, which would
// keep all of panemap's pages resident beside the idle worker's.
const residentFlag = "--resident"

// serverCheck is how often the resident checks that its tmux server still
// runs: a signal 0 to its process, nothing else while idle.
const serverCheck = 2 * time.Second

// successorDelay is how long a worker that took an open has the machine
// to itself before the next idle worker starts, unless it exits sooner
// or says it has painted its first frame (wire.LinkPainted), after which
// the next one waits supervise's afterPaint only. A worker starting and
// warming up beside a navigator drawing its first frame slowed it
// (traced on 3.3a: the opening read took 5-13 ms against 4-6, the map
// was on screen later than without a resident). The full delay is for a
// navigator that never writes, or a worker of an older build.
const successorDelay = time.Second

// supervisorGCPercent keeps the supervisor's heap goal near its live heap
// (a few hundred KiB); supervisorMemoryLimit bounds all the runtime holds.
const (
	supervisorGCPercent   = 10
	supervisorMemoryLimit = 3 << 20
)

// runResident is the supervisor, until its server exits.
func runResident(panemap string, args []string) int {
	var sock string
	var pid int
	for i := 0; i+1 < len(args); i += 2 {
		switch args[i] {
		case "-S":
			sock = args[i+1]
		case "--server-pid":
			pid, _ = strconv.Atoi(args[i+1])
		}
	}
	if sock == "" || pid <= 1 {
		os.Stderr.WriteString("usage: panemap-open --resident -S SOCKET --server-pid PID\n")
		return 2
	}
	// Its own session, away from the terminal or the job that started it.
	_, _ = syscall.Setsid()
	// A few KiB of garbage an open (a process started, a link read):
	// collected as it comes rather than once 4 MiB have piled up, which
	// would be most of the supervisor's memory; and the memory limit has
	// the runtime give back what it freed, rather than keep it (measured
	// without it: 1.6 to 3.0 MiB anonymous over 100 to 400 opens, then
	// down and up again).
	debug.SetGCPercent(supervisorGCPercent)
	debug.SetMemoryLimit(supervisorMemoryLimit)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	defer stop()
	s := supervise.Supervisor{
		TmuxSocket:  sock,
		Version:     versionString(),
		ServerAlive: func() bool { return supervise.Alive(pid) },
		CheckEvery:  serverCheck,
		// The next idle worker waits for the one that took an open.
		SuccessorDelay: successorDelay,
		Worker:         []string{panemap, "resident", "--worker", "-S", sock},
	}
	if err := s.Run(ctx); err != nil {
		os.Stderr.WriteString("panemap-open: resident: " + err.Error() + "\n")
		return 1
	}
	return 0
}

// startResident starts a resident for the tmux server on sock, detached
// (its own session, no terminal), for the next key press, when the popup
// runs under that server (this process's parent: display-popup starts
// its command itself). A resident already there keeps its place: the new
// one sees its lock and exits.
func startResident(sock string) {
	server := os.Getppid()
	if !isTmux(server) {
		return
	}
	exe, err := os.Executable()
	if err != nil {
		return
	}
	null, err := os.Open(os.DevNull)
	if err != nil {
		return
	}
	defer null.Close()
	argv := []string{exe, residentFlag, "-S", sock, "--server-pid", strconv.Itoa(server)}
	p, err := os.StartProcess(exe, argv, &os.ProcAttr{
		Files: []*os.File{null, null, null},
		Sys:   &syscall.SysProcAttr{Setsid: true},
	})
	if err == nil {
		_ = p.Release()
	}
}

// isTmux says whether process pid is tmux (its name, which the server
// sets to "tmux: server", or its binary's).
func isTmux(pid int) bool {
	comm, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/comm")
	exe, _ := os.Readlink("/proc/" + strconv.Itoa(pid) + "/exe")
	return strings.HasPrefix(string(comm), "tmux") || strings.HasPrefix(filepath.Base(exe), "tmux")
}
