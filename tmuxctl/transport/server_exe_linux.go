package transport

import (
	"fmt"
	"net"
	"syscall"
)

// serverExecutable is the executable of the process that listens on the
// Unix socket path, as a path that runs it (/proc/PID/exe: it runs even
// when an upgrade replaced the file the server was started from). The
// pid comes from the socket's peer credentials (SO_PEERCRED); the
// connection is closed before it says anything, which tmux takes as a
// client that went away.
func serverExecutable(path string) (string, error) {
	conn, err := net.Dial("unix", path)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	raw, err := conn.(*net.UnixConn).SyscallConn()
	if err != nil {
		return "", err
	}
	var cred *syscall.Ucred
	var credErr error
	if err := raw.Control(func(fd uintptr) {
		cred, credErr = syscall.GetsockoptUcred(int(fd), syscall.SOL_SOCKET, syscall.SO_PEERCRED)
	}); err != nil {
		return "", err
	}
	if credErr != nil {
		return "", credErr
	}
	return fmt.Sprintf("/proc/%d/exe", cred.Pid), nil
}
