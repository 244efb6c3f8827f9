package ui

import (
	"context"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/panetext"
	"github.com/panemap/panemap/ui/previews"
)

// BenchmarkPreviewsLiveCPU runs the navigator as Bubble Tea would (each
// command in its own goroutine, timers real, a frame drawn after every
// update) on a 9-pane window whose panes all print a line every 10 ms,
// for PANEMAP_BENCH_SECONDS (default 5) whatever b.N is, and reports the CPU its process used per second of
// wall time (%cpu; 100 is one core) and the tmux client processes it
// started (%cpu-children: tmux processes, before 3.7). It connects as
// panemap does on the tmux under test: control mode with the output watch
// from 3.7 (the budget there: 5%), one tmux process per refresh
// at most four times a second below. frames/s is how often the map was
// drawn anew.
//
//	go test -run '^$' -bench PreviewsLiveCPU -benchtime 1x ./ui/
func BenchmarkPreviewsLiveCPU(b *testing.B) {
	srv := tmuxtest.Start(b, 200, 60)
	panes := srv.NinePanes()
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env()})
	b.Cleanup(func() { _ = c.Close() })
	ok, _ := c.Connect(b.Context())
	srv.TypeLine(panes, tmuxtest.ColouredLines)
	sid := tmux.SessionID(srv.Display("main:", "#{session_id}"))
	src := panetext.NewPreviews(c)
	watching := src.Watch(b.Context(), sid)
	defer func() { _ = src.Close() }()
	b.Logf("tmux %s, control mode %v, output watch %v", srv.Version(), ok, watching)

	opts := benchOptions(sid)
	opts.Previews = src
	m := New(c, opts)
	m.after = func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		return func() tea.Msg { return fn(<-time.After(d)) }
	}
	ctx, cancel := context.WithCancel(b.Context())
	defer cancel()
	m = m.WithContext(ctx)
	msgs := make(chan tea.Msg, 4096)
	var run func(tea.Cmd)
	run = func(cmd tea.Cmd) {
		if cmd == nil {
			return
		}
		go func() {
			msg := cmd()
			if batch, ok := msg.(tea.BatchMsg); ok {
				for _, c := range batch {
					run(c)
				}
				return
			}
			select {
			case msgs <- msg:
			case <-ctx.Done():
			}
		}()
	}
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m = next.(Model)
	run(m.Init())

	var self0, kids0 syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &self0)
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids0)
	start := time.Now()
	deadline := time.After(tmuxtest.BenchDuration())
	frames, lastKey, notices, captures, reads := 0, "", 0, 0, 0
loop:
	for {
		select {
		case msg := <-msgs:
			switch msg := msg.(type) {
			case previews.ChangedMsg:
				notices++
			case previews.CapturedMsg:
				captures++
			case stateMsg:
				reads++
				if msg.preview != nil {
					captures++
				}
			}
			next, cmd := m.Update(msg)
			m = next.(Model)
			_ = m.View()
			if m.mapKey != lastKey {
				frames, lastKey = frames+1, m.mapKey
			}
			run(cmd)
		case <-deadline:
			break loop
		}
	}
	wall := time.Since(start).Seconds()
	cancel()
	var self1, kids1 syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &self1)
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids1)
	cpu := func(a, z syscall.Rusage) float64 {
		d := time.Duration(z.Utime.Nano()-a.Utime.Nano()) + time.Duration(z.Stime.Nano()-a.Stime.Nano())
		return 100 * d.Seconds() / wall
	}
	if len(m.previews.Shots()) != 9 {
		b.Fatalf("%d panes previewed, want 9", len(m.previews.Shots()))
	}
	b.ReportMetric(cpu(self0, self1), "%cpu")
	b.ReportMetric(cpu(kids0, kids1), "%cpu-children")
	b.ReportMetric(float64(frames)/wall, "frames/s")
	b.ReportMetric(float64(captures)/wall, "captures/s")
	b.ReportMetric(float64(notices)/wall, "notices/s")
	b.ReportMetric(float64(reads)/wall, "reads/s")
}
