//go:build !linux

package transport

import "errors"

// serverExecutable is the executable of the process that listens on the
// Unix socket path; only Linux tells it (server_exe_linux.go).
func serverExecutable(string) (string, error) {
	return "", errors.New("the process behind a socket is told on Linux only")
}
