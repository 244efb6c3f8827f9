package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func itoa(n int) string { return strconv.Itoa(n) }

// procStat is a process's parent and state, from /proc/PID/stat.
func procStat(pid int) (ppid int, state string, ok bool) {
	b, err := os.ReadFile("/proc/" + itoa(pid) + "/stat")
	if err != nil {
		return 0, "", false
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 2 {
		return 0, "", false
	}
	ppid, _ = strconv.Atoi(f[1])
	return ppid, f[0], true
}

// signalPID sends sig to process pid, never to a group: pid 0 or -1 would
// reach the test itself.
func signalPID(t *testing.T, pid int, sig syscall.Signal) {
	t.Helper()
	if pid <= 1 {
		t.Fatalf("no process to signal (pid %d)", pid)
	}
	if err := syscall.Kill(pid, sig); err != nil {
		t.Fatal(err)
	}
}

// processes are the ids of every process.
func processes(t testing.TB) []int {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Skip("no /proc")
	}
	var pids []int
	for _, e := range entries {
		if pid, err := strconv.Atoi(e.Name()); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// busyWorker is the child of the resident that holds a terminal (the
// worker drawing a map; the idle one holds none), and that terminal.
func busyWorker(t *testing.T, supervisor int) (int, string) {
	t.Helper()
	for _, pid := range processes(t) {
		if ppid, _, ok := procStat(pid); ok && ppid == supervisor {
			if tty := terminalOf(pid); tty != "" {
				return pid, tty
			}
		}
	}
	t.Fatalf("no worker of resident %d holds a terminal", supervisor)
	return 0, ""
}

// terminalOf is the first terminal among the process's descriptors.
func terminalOf(pid int) string {
	fds, _ := filepath.Glob("/proc/" + itoa(pid) + "/fd/*")
	for _, fd := range fds {
		if target, err := os.Readlink(fd); err == nil && strings.HasPrefix(target, "/dev/pts/") {
			return target
		}
	}
	return ""
}

// popupClient is the panemap-open process on terminal tty (the popup's).
func popupClient(t *testing.T, tty string) int {
	t.Helper()
	for _, pid := range processes(t) {
		exe, err := os.Readlink("/proc/" + itoa(pid) + "/exe")
		if err == nil && filepath.Base(exe) == "panemap-open" && terminalOf(pid) == tty {
			return pid
		}
	}
	t.Fatalf("no panemap-open on %s", tty)
	return 0
}
