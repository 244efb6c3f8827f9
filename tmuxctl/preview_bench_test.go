package tmuxctl_test

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// BenchmarkPreviewCost is the CPU time panemap's own process spends on
// live previews per second of wall time (%cpu: 100 is one core), for a
// window of nine panes, in the ways the navigator can keep previews live:
//
//   - control-watch (tmux 3.7+): an OutputWatch, and a capture (arm
//     first) of the panes that printed, at most every 100 ms;
//   - exec-poll (any tmux): CapturePanes of all nine panes over exec,
//     four times a second. %cpu-children adds the tmux client processes
//     it starts (reaped children, RUSAGE_CHILDREN);
//   - control-poll, for comparison: all nine over control mode every
//     100 ms, without a watch (what the watch saves or costs).
//
// Loads: "lines", a numbered line every 10 ms in each pane (a busy build
// or log: the realistic case of panes that print all the time); "flood",
// yes(1) in each (the worst); "idle", panes that print nothing (the usual
// case). The tmux server's own work is not counted. Each run lasts
// PANEMAP_BENCH_SECONDS (default 5), whatever b.N is: the result is a
// rate, and -benchtime 100x (as .ci/run runs every benchmark) must not
// make it last a hundred times as long.
//
//	go test -run '^$' -bench PreviewCost ./tmuxctl/
func BenchmarkPreviewCost(b *testing.B) {
	loads := []struct{ name, cmd string }{
		{"lines", "i=0; while :; do i=$((i+1)); echo line $i; sleep 0.01; done"},
		{"flood", "exec yes"},
		{"idle", "exec cat"},
	}
	modes := []struct {
		name string
		run  func(b *testing.B, srv *tmuxtest.Server, panes []tmux.PaneID)
	}{
		{"control-watch", benchWatch},
		{"exec-poll", func(b *testing.B, srv *tmuxtest.Server, panes []tmux.PaneID) {
			benchPoll(b, clienttest.Exec(b, srv.Name, tmux.Env{}), panes, 250*time.Millisecond)
		}},
		{"control-poll", func(b *testing.B, srv *tmuxtest.Server, panes []tmux.PaneID) {
			sock := tmux.Socket{Name: srv.Name, Source: "-L"}
			benchPoll(b, tmuxctl.NewClient(newAuto(b, sock), tmux.Env{}), panes, 100*time.Millisecond)
		}},
	}
	for _, load := range loads {
		for _, mode := range modes {
			b.Run(load.name+"/"+mode.name, func(b *testing.B) {
				srv, panes := ninePrinters(b, load.cmd)
				mode.run(b, srv, panes)
			})
		}
	}
}

// benchWatch is the navigator on tmux 3.7+: wait for notices, gather them
// until 100 ms after the last capture, arm and capture those panes.
func benchWatch(b *testing.B, srv *tmuxtest.Server, _ []tmux.PaneID) {
	sock := tmux.Socket{Name: srv.Name, Source: "-L"}
	c := tmuxctl.NewClient(newAuto(b, sock), tmux.Env{})
	w, err := c.WatchOutput(b.Context(), tmux.SessionID(srv.Display("main:", "#{session_id}")))
	if err != nil {
		b.Fatal(err)
	}
	if w == nil {
		b.Skipf("tmux %s: no output watch before 3.7", srv.Version())
	}
	defer w.Close()
	captures, notices := 0, 0
	measureCPU(b, func(stop <-chan struct{}) {
		ctx, cancel := context.WithCancel(b.Context())
		defer cancel()
		go func() {
			<-stop
			cancel()
		}()
		var last time.Time
		for {
			dirty, ok := w.Wait(ctx)
			if !ok {
				return
			}
			notices++
			select {
			case <-time.After(time.Until(last.Add(100 * time.Millisecond))):
			case <-ctx.Done():
				return
			}
			dirty = append(dirty, w.Take()...)
			last = time.Now()
			if err := w.Arm(ctx, dirty); err != nil {
				if ctx.Err() == nil {
					b.Error(err)
				}
				return
			}
			if _, err := c.CapturePanes(ctx, dirty); err != nil {
				if ctx.Err() == nil {
					b.Error(err)
				}
				return
			}
			captures++
		}
	})
	secs := benchSeconds()
	b.ReportMetric(float64(captures)/secs, "captures/s")
	b.ReportMetric(float64(notices)/secs, "notices/s")
}

// benchPoll captures every pane every interval.
func benchPoll(b *testing.B, c *tmuxctl.Client, panes []tmux.PaneID, interval time.Duration) {
	captures := 0
	measureCPU(b, func(stop <-chan struct{}) {
		tick := time.NewTicker(interval)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
			case <-stop:
				return
			}
			got, err := c.CapturePanes(b.Context(), panes)
			if err != nil || len(got) != len(panes) {
				b.Errorf("%d screens, %v", len(got), err)
				return
			}
			captures++
		}
	})
	b.ReportMetric(float64(captures)/benchSeconds(), "captures/s")
}

// ninePrinters starts a server whose first window is nine tiled panes
// running cmd (the window is 200x50, each pane about 66x16).
func ninePrinters(b *testing.B, cmd string) (*tmuxtest.Server, []tmux.PaneID) {
	b.Helper()
	srv := tmuxtest.Start(b, 0, 0)
	first := srv.Display("main:0.0", "#{pane_id}")
	srv.Must("respawn-pane", "-k", "-t", first, cmd)
	panes := []tmux.PaneID{tmux.PaneID(first)}
	for range 8 {
		panes = append(panes, tmux.PaneID(srv.Must("split-window", "-d", "-t", first, "-P", "-F", "#{pane_id}", cmd)))
		srv.Must("select-layout", "-t", first, "tiled")
	}
	return srv, panes
}

func benchSeconds() float64 { return tmuxtest.BenchDuration().Seconds() }

// measureCPU runs work for benchSeconds() of wall time and reports
// the CPU time of this process (and of its reaped children) per second.
func measureCPU(b *testing.B, work func(stop <-chan struct{})) {
	b.Helper()
	wall := time.Duration(benchSeconds() * float64(time.Second))
	self0, kids0 := rusage(b, syscall.RUSAGE_SELF), rusage(b, syscall.RUSAGE_CHILDREN)
	start := time.Now()
	b.ResetTimer()
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		work(stop)
	}()
	time.Sleep(wall)
	close(stop)
	<-done
	b.StopTimer()
	elapsed := time.Since(start)
	self, kids := rusage(b, syscall.RUSAGE_SELF)-self0, rusage(b, syscall.RUSAGE_CHILDREN)-kids0
	b.ReportMetric(100*self.Seconds()/elapsed.Seconds(), "%cpu")
	b.ReportMetric(100*kids.Seconds()/elapsed.Seconds(), "%cpu-children")
}

func rusage(b *testing.B, who int) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
