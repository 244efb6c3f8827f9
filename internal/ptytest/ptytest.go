//go:build linux

// Package ptytest opens pseudo-terminals for tests that need a program
// to run on a real terminal (raw mode, sizes), as a popup's program does.
package ptytest

import (
	"os"
	"strconv"
	"syscall"
	"testing"
	"unsafe"
)

// Open opens a pseudo-terminal of cols x rows and returns its two ends:
// the master (what the terminal emulator reads and writes) and the
// terminal the program runs on. Both close with the test.
func Open(tb testing.TB, cols, rows int) (master, terminal *os.File) {
	tb.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		tb.Skipf("no pseudo-terminals here: %v", err)
	}
	tb.Cleanup(func() { m.Close() })
	var unlock int32
	if err := ioctl(m, syscall.TIOCSPTLCK, unsafe.Pointer(&unlock)); err != nil {
		tb.Fatalf("unlocking the pseudo-terminal: %v", err)
	}
	var n uint32
	if err := ioctl(m, syscall.TIOCGPTN, unsafe.Pointer(&n)); err != nil {
		tb.Fatalf("numbering the pseudo-terminal: %v", err)
	}
	t, err := os.OpenFile("/dev/pts/"+strconv.FormatUint(uint64(n), 10), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		tb.Fatalf("opening the terminal: %v", err)
	}
	tb.Cleanup(func() { t.Close() })
	ws := struct{ rows, cols, x, y uint16 }{uint16(rows), uint16(cols), 0, 0}
	if err := ioctl(t, syscall.TIOCSWINSZ, unsafe.Pointer(&ws)); err != nil {
		tb.Fatalf("sizing the terminal: %v", err)
	}
	return m, t
}

// Termios is f's terminal settings.
func Termios(tb testing.TB, f *os.File) syscall.Termios {
	tb.Helper()
	var st syscall.Termios
	if err := ioctl(f, syscall.TCGETS, unsafe.Pointer(&st)); err != nil {
		tb.Fatalf("reading the terminal's settings: %v", err)
	}
	return st
}

func ioctl(f *os.File, req uint, arg unsafe.Pointer) error {
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), uintptr(req), uintptr(arg)); e != 0 {
		return e
	}
	return nil
}
