package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// BenchmarkPopupPreviewsCPU is the live previews' cost as `top` sees it:
// the real binary in a real popup (the plugin's key pressed on a real
// client, nested servers), over a 160x46 window of nine panes that each
// print a coloured line every 10 ms. For PANEMAP_BENCH_SECONDS (default
// 5) it reads from /proc the CPU of the panemap process (%cpu) and of
// the tmux processes it started and waited for (%cpu-children), per
// second of wall time (100 is one core), and the tmux server's extra
// work while the popup is open, against the same span with it closed
// (%server-extra). %cpu-idle-panes is the total over a span before the
// panes start printing. BenchmarkPreviewsLiveCPU (ui) is the same load
// without the popup and the terminal, with a profile to hand.
//
//	go test -run '^$' -bench PopupPreviewsCPU -benchtime 1x ./cmd/panemap/
func BenchmarkPopupPreviewsCPU(b *testing.B) {
	n, panes, bin := previewBench(b)
	server, err := strconv.Atoi(n.Inner.Display("", "#{pid}"))
	if err != nil {
		b.Fatal(err)
	}
	span := tmuxtest.BenchDuration()
	b.Logf("tmux %s, %v per reading", n.Inner.Version(), span)
	// measure is what pid (and the server) used over one span.
	measure := func(pid int) (self, srv cpuTicks) {
		self0, srv0 := procCPU(b, pid), procCPU(b, server)
		time.Sleep(span) // a measurement span, not synchronisation
		return procCPU(b, pid).minus(self0), procCPU(b, server).minus(srv0)
	}

	n.Keys("C-b", pluginDefaultKey)
	n.WaitScreen(wait, "the map", func(scr string) bool { return strings.Contains(scr, "NAV") })
	pid := childRunning(b, server, bin)
	idle, _ := measure(pid)
	n.Inner.TypeLine(panes, tmuxtest.ColouredLines)
	busy, srvOpen := measure(pid)
	n.Keys("q")
	n.WaitScreen(wait, "the popup closed", func(scr string) bool { return !strings.Contains(scr, "NAV") })
	_, srvClosed := measure(server)

	pct := func(ticks int64) float64 { return 100 * float64(ticks) / clockTicks / span.Seconds() }
	b.ReportMetric(pct(busy.own), "%cpu")
	b.ReportMetric(pct(busy.sys), "%cpu-sys")
	b.ReportMetric(pct(busy.children), "%cpu-children")
	b.ReportMetric(pct(busy.own+busy.children), "%cpu-total")
	b.ReportMetric(pct(idle.own+idle.children), "%cpu-idle-panes")
	b.ReportMetric(pct(srvOpen.own-srvClosed.own), "%server-extra")
}

// previewBench is the previews' benchmarks' setup: nested servers with a
// 160x46 window of nine panes running sh (their ids), and the plugin
// loaded with the panemap binary bin.
func previewBench(b *testing.B) (n *tmuxtest.Nested, panes []string, bin string) {
	n = tmuxtest.StartNested(b, 160, 46)
	panes = n.Inner.NinePanes()
	bin = tmuxtest.Panemap(b)
	loadPlugin(b, n.Inner, bin)
	return n, panes, bin
}

// clockTicks is USER_HZ, the unit of /proc's times: 100 on every Linux
// this runs on.
const clockTicks = 100

// cpuTicks is a process's CPU from /proc/PID/stat: its own (utime +
// stime) and its waited-for children's (cutime + cstime).
type cpuTicks struct{ own, sys, children int64 }

func (a cpuTicks) minus(b cpuTicks) cpuTicks {
	return cpuTicks{own: a.own - b.own, sys: a.sys - b.sys, children: a.children - b.children}
}

func procCPU(tb testing.TB, pid int) cpuTicks {
	tb.Helper()
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		tb.Fatal(err)
	}
	// The fields after the command, which is in parentheses and may hold
	// anything: state is field 3, utime 14 ... cstime 17.
	s := string(raw)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	num := func(i int) int64 {
		v, err := strconv.ParseInt(f[i-3], 10, 64)
		if err != nil {
			tb.Fatalf("/proc/%d/stat field %d: %v", pid, i, err)
		}
		return v
	}
	return cpuTicks{own: num(14) + num(15), sys: num(15), children: num(16) + num(17)}
}

// childRunning is the pid of parent's child process running exe.
func childRunning(tb testing.TB, parent int, exe string) int {
	tb.Helper()
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		pid, _ := strconv.Atoi(filepath.Base(d))
		if target, err := os.Readlink(filepath.Join(d, "exe")); err != nil || target != exe {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(d, "stat"))
		if err != nil {
			continue
		}
		s := string(raw)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) > 1 && f[1] == strconv.Itoa(parent) {
			return pid
		}
	}
	tb.Fatalf("no process of %s under the tmux server (pid %d)", exe, parent)
	return 0
}
