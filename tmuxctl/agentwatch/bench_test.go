package agentwatch_test

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/internal/agenttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/agentwatch"
)

// BenchmarkWatchTwentyAgents is what watching twenty agents costs, per
// second of a Wait that never matches (a look every 250 ms from tmux
// 3.7, over control mode; every 500 ms below, a tmux process each):
//
//   - %cpu: this process and the tmux clients it started (getrusage of
//     self and reaped children), 100 being a core;
//   - %cpu-server: what the tmux server spent more than while the agents
//     ran unwatched for as long just before (/proc/PID/stat);
//   - log/s and log/look: tmux's message-log entries the watcher added.
//
// The agents print a spinner line and a spinner title every 200 ms in
// four windows of five (claude and codex also mark themselves working by
// their hook), none in the window the client shows. The targets
// (issue 42): %cpu plus %cpu-server at most 5 from tmux 3.7, 10 below.
//
//	go test -run '^$' -bench WatchTwentyAgents -benchtime 1x ./tmuxctl/agentwatch/
func BenchmarkWatchTwentyAgents(b *testing.B) {
	n := tmuxtest.StartNested(b, 120, 40)
	srv := n.Inner
	bin := agenttest.Install(b)
	kinds := agenttest.Kinds
	for win := 1; win <= 4; win++ {
		target := "main:" + strconv.Itoa(win)
		srv.Must("new-window", "-d", "-t", target, "exec sh")
		for k := range 5 {
			script := []string{"spin 200"}
			if kinds[k] == "claude" || kinds[k] == "codex" {
				script = []string{"hook working", "spin 200"}
			}
			srv.Must("split-window", "-d", "-t", target, agenttest.Command(bin, kinds[k], script...))
			srv.Must("select-layout", "-t", target, "tiled")
		}
	}
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env(), Control: tmux.ControlAuto})
	b.Cleanup(func() { _ = c.Close() })
	ctx := b.Context()
	pid, _, err := c.ServerProcess(ctx)
	if err != nil {
		b.Fatal(err)
	}
	w := agentwatch.New(c, agents.DefaultRules())
	list, err := w.List(ctx, server)
	if err != nil || len(list) != 20 {
		b.Fatalf("%d agents (%v): %+v", len(list), err, list)
	}
	wall := tmuxtest.BenchDuration()

	// The server's time while the agents run unwatched.
	s0 := serverCPU(b, pid)
	time.Sleep(wall)
	baseline := serverCPU(b, pid) - s0

	log := &messageLog{n: n}
	log.since(b)
	self0, kids0 := rusage(b, syscall.RUSAGE_SELF), rusage(b, syscall.RUSAGE_CHILDREN)
	s0 = serverCPU(b, pid)
	start := time.Now()
	b.ResetTimer()
	looks := 0
	got, err := w.Wait(ctx, server, nil, []agents.State{agents.Error}, wall, func(n int) { looks = n })
	b.StopTimer()
	elapsed := time.Since(start)
	if err != nil || got.Matched {
		b.Fatalf("Wait: %+v, %v", got, err)
	}
	self, kids := rusage(b, syscall.RUSAGE_SELF)-self0, rusage(b, syscall.RUSAGE_CHILDREN)-kids0
	watched := serverCPU(b, pid) - s0
	entries, captures := log.since(b)
	sec := elapsed.Seconds()
	b.ReportMetric(100*(self+kids).Seconds()/sec, "%cpu")
	b.ReportMetric(100*(watched-baseline).Seconds()/sec, "%cpu-server")
	b.ReportMetric(float64(looks)/sec, "looks/s")
	b.ReportMetric(float64(entries)/sec, "log/s")
	b.ReportMetric(float64(entries)/float64(looks), "log/look")
	b.ReportMetric(float64(captures)/sec, "captures/s")
	b.Logf("tmux %s: %d looks in %v; server %v watched, %v unwatched", srv.Version(), looks, elapsed, watched, baseline)
}

// serverCPU is the tmux server's user and system time so far.
func serverCPU(b *testing.B, pid int) time.Duration {
	b.Helper()
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		b.Skipf("no /proc here: %v", err)
	}
	f := bytes.Fields(stat[bytes.LastIndexByte(stat, ')')+1:])
	utime, _ := strconv.ParseInt(string(f[11]), 10, 64)
	stime, _ := strconv.ParseInt(string(f[12]), 10, 64)
	return time.Duration(utime+stime) * time.Second / 100 // clock ticks (USER_HZ)
}

func rusage(b *testing.B, who int) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
