package supervise

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/panemap/panemap/resident/wire"
)

// Status is what panemap doctor says of a tmux server's resident.
type Status struct {
	Running bool
	PID     int
	Version string // the resident's panemap -V
	Socket  string // where it listens
	Opens   int    // how many opens its workers took
	Ready   bool   // an idle worker is warm and waits for an open
}

// The files in the resident's directory besides its socket.
const (
	lockFile = "lock" // held (flock) by the running supervisor
	infoFile = "info" // its pid and version, for Status
	logFile  = "log"  // the supervisor's and workers' stderr
)

// ReadStatus says whether a resident runs for the tmux server on
// tmuxSocket: its lock is held, and its info file names it.
func ReadStatus(tmuxSocket string) Status {
	dir := wire.Dir(tmuxSocket)
	st := Status{Socket: wire.SocketPath(tmuxSocket)}
	if !Running(tmuxSocket) {
		return st
	}
	st.Running = true
	_, err := os.Stat(wire.ReadyPath(tmuxSocket))
	st.Ready = err == nil
	b, _ := os.ReadFile(filepath.Join(dir, infoFile))
	for _, line := range strings.Split(string(b), "\n") {
		k, v, _ := strings.Cut(line, "\t")
		switch k {
		case "pid":
			st.PID, _ = strconv.Atoi(v)
		case "version":
			st.Version = v
		case "opens":
			st.Opens, _ = strconv.Atoi(v)
		}
	}
	if !Alive(st.PID) {
		// A killed resident's info, read as its successor, which holds
		// the lock already, has yet to write its own.
		st = Status{Running: true, Socket: st.Socket}
	}
	return st
}

// Running says whether a supervisor runs for the tmux server on
// tmuxSocket: its lock is held.
func Running(tmuxSocket string) bool {
	f, err := os.Open(filepath.Join(wire.Dir(tmuxSocket), lockFile))
	if err != nil {
		return false
	}
	defer f.Close()
	return syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB) != nil
}

// Alive says whether process pid runs: not gone, and not a zombie (an
// exited tmux server whose parent has yet to reap it, which in a container
// without an init process may be never).
func Alive(pid int) bool {
	if pid <= 1 || syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true // no /proc: the signal says
	}
	_, after, _ := strings.Cut(string(stat[strings.LastIndexByte(string(stat), ')')+1:]), " ")
	return !strings.HasPrefix(after, "Z")
}

// errRunning is another supervisor holding the lock.
var errRunning = errors.New("a resident already runs for this tmux server")

// lock takes the directory's lock, or fails with errRunning.
func lock(dir string) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(dir, lockFile), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, errRunning
	}
	return f, nil
}

// writeInfo writes the info file for ReadStatus (again after every open:
// a few bytes). It is written aside and renamed into place: a status read
// while it was rewritten in place found it empty, as a killed resident's
// (no pid, no opens).
func writeInfo(dir, version string, opens int) error {
	info := "pid\t" + strconv.Itoa(os.Getpid()) + "\nversion\t" + version + "\nopens\t" + strconv.Itoa(opens) + "\n"
	path := filepath.Join(dir, infoFile)
	if err := os.WriteFile(path+".new", []byte(info), 0o600); err != nil {
		return err
	}
	return os.Rename(path+".new", path)
}

// markReady names the resident's ready file ready or busy (wire.ReadyPath).
func (s Supervisor) markReady(ready bool) {
	from, to := wire.BusyPath(s.TmuxSocket), wire.ReadyPath(s.TmuxSocket)
	if !ready {
		from, to = to, from
	}
	_ = os.Rename(from, to)
}
