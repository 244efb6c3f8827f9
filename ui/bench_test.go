package ui

import (
	"context"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/panetext"
)

// timedCore measures how long the navigator waits on tmux, so the
// benchmarks can report the navigator's own work apart from tmux's.
type timedCore struct {
	Core
	waited atomic.Int64 // nanoseconds
}

// Events: none. The benchmarks run the model's commands synchronously
// (settle), where waiting for the next notification would never end.
func (c *timedCore) Events(context.Context) (<-chan tmux.Event, bool) { return nil, false }

func (c *timedCore) time(start time.Time) { c.waited.Add(int64(time.Since(start))) }

func (c *timedCore) ReadState(ctx context.Context, s tmux.SessionID) (*tmux.State, error) {
	defer c.time(time.Now())
	return c.Core.ReadState(ctx, s)
}

func (c *timedCore) Act(ctx context.Context, s tmux.SessionID, op tmuxctl.Op) (tmuxctl.Result, error) {
	defer c.time(time.Now())
	return c.Core.Act(ctx, s, op)
}

// settle runs cmd and everything it leads to, synchronously, ignoring
// timers (the poll), and returns the model.
func settle(tb testing.TB, m Model, cmd tea.Cmd) Model {
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 1000 {
			tb.Fatal("commands did not settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil, tea.QuitMsg:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			next, more := m.Update(msg)
			m = next.(Model)
			queue = append(queue, more)
		}
	}
	return m
}

// realCore is a client on a private server with a 2x2 window, connected
// as panemap connects on the tmux under test: control mode from tmux 3.7,
// tmux processes below (the log line says which).
func realCore(b *testing.B) (*timedCore, tmux.SessionID, [4]string) {
	srv := tmuxtest.Start(b, 0, 0)
	g := srv.Grid()
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Env: tmuxtest.Env()})
	b.Cleanup(func() { _ = c.Close() })
	ok, err := c.Connect(b.Context())
	if err != nil && tmux.KindOf(err) != tmux.KindUnsupported {
		b.Fatalf("connecting: %v", err)
	}
	b.Logf("control mode: %v (%v)", ok, err)
	return &timedCore{Core: c}, tmux.SessionID(srv.Display("main:", "#{session_id}")), g
}

func benchOptions(s tmux.SessionID) Options {
	o := DefaultOptions(s)
	o.Env = []string{"TERM=xterm-256color", "HOME=/root"}
	return o
}

// BenchmarkKeyToFrame is one arrow key through the real navigator model
// and a real tmux over control mode: Update, the select, the re-read, and
// the new frame. own-ms/key is the navigator's part (the target is
// under 5 ms); tmux-ms/key is the time spent waiting on tmux.
//
//	go test -run '^$' -bench KeyToFrame ./ui/
func BenchmarkKeyToFrame(b *testing.B) {
	core, sid, _ := realCore(b)
	m := New(core, benchOptions(sid))
	m.after = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m = settle(b, next.(Model), m.Init())
	pressArrows(b, core, m)
}

// BenchmarkLaunchToFirstFrame is a navigator started on a real tmux over
// control mode up to its first full frame (the connection is already up:
// panemap dials it while the terminal starts). The target is
// under 50 ms plus what the terminal takes.
//
//	go test -run '^$' -bench LaunchToFirstFrame ./ui/
func BenchmarkLaunchToFirstFrame(b *testing.B) {
	core, sid, g := realCore(b)
	core.waited.Store(0)
	start := time.Now()
	n := 0
	for b.Loop() {
		m := New(core, benchOptions(sid))
		m.after = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
		next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		m = settle(b, next.(Model), m.Init())
		if !m.loaded {
			b.Fatal("no state after Init")
		}
		if v := m.View(); v.Content == "" || !containsAll(v.Content, g[:]) {
			b.Fatal("first frame does not show every pane")
		}
		n++
	}
	total := time.Since(start)
	waited := time.Duration(core.waited.Load())
	b.ReportMetric(float64(total.Microseconds())/1000/float64(n), "ms/first-frame")
	b.ReportMetric(float64((total-waited).Microseconds())/1000/float64(n), "own-ms/first-frame")
}

func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// BenchmarkKeyToFramePreviews is BenchmarkKeyToFrame with live previews
// on: every box holds its pane's screen (each pane has printed a screen
// of coloured text), so each frame draws four previews. own-ms/key is
// the navigator's part; the target is under 5 ms with previews.
//
//	go test -run '^$' -bench KeyToFramePreviews ./ui/
func BenchmarkKeyToFramePreviews(b *testing.B) {
	core, sid, g := realCore(b)
	client := core.Core.(*tmuxctl.Client)
	fill := "i=0; while [ $i -lt 60 ]; do printf '\\033[3%dm%s line %d \\033[1mbold\\033[0m text text text text text\\n' $((i%7+1)) $i $i; i=$((i+1)); done"
	for _, p := range g {
		if _, err := client.CapturePanes(b.Context(), []tmux.PaneID{tmux.PaneID(p)}); err != nil {
			b.Fatal(err)
		}
		sendLine(b, client, p, fill)
	}
	opts := benchOptions(sid)
	opts.Previews = panetext.NewPreviews(client)
	m := New(core, opts)
	m.after = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	next, _ := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m = settle(b, next.(Model), m.Init())
	if len(m.previews.Shots()) != 4 || !strings.Contains(m.View().Content, "bold") {
		b.Fatalf("no previews on the map: %d shots", len(m.previews.Shots()))
	}
	pressArrows(b, core, m)
}

// sendLine types line and Enter into pane p through tmux (the pane's sh
// runs it) and waits until its output is there.
func sendLine(b *testing.B, c *tmuxctl.Client, p, line string) {
	b.Helper()
	srvName := c.Socket().Name
	cmd := exec.Command("tmux", "-L", srvName, "send-keys", "-t", p, "-l", line+"; printf 'DONE%s\\n' x")
	cmd.Env = tmuxtest.Env()
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("send-keys: %v %s", err, out)
	}
	enter := exec.Command("tmux", "-L", srvName, "send-keys", "-t", p, "Enter")
	enter.Env = tmuxtest.Env()
	if err := enter.Run(); err != nil {
		b.Fatal(err)
	}
	tmuxtest.Eventually(b, 5*time.Second, func() bool {
		scr, err := c.CapturePanes(b.Context(), []tmux.PaneID{tmux.PaneID(p)})
		return err == nil && len(scr) == 1 && strings.Contains(scr[0].Text, "DONEx")
	}, "pane %s did not run its line", p)
}

// pressArrows presses the arrows in turn through m until the benchmark
// ends, drawing a frame after each, and reports the navigator's own time
// per key apart from the time spent waiting on tmux.
func pressArrows(b *testing.B, core *timedCore, m Model) {
	keys := []tea.KeyPressMsg{{Code: tea.KeyRight}, {Code: tea.KeyDown}, {Code: tea.KeyLeft}, {Code: tea.KeyUp}}
	core.waited.Store(0)
	start := time.Now()
	i := 0
	for b.Loop() {
		next, cmd := m.Update(keys[i%len(keys)])
		m = settle(b, next.(Model), cmd)
		_ = m.View()
		i++
	}
	total := time.Since(start)
	waited := time.Duration(core.waited.Load())
	b.ReportMetric(float64((total-waited).Microseconds())/1000/float64(i), "own-ms/key")
	b.ReportMetric(float64(waited.Microseconds())/1000/float64(i), "tmux-ms/key")
}
