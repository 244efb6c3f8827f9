package tmuxctl_test

import (
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// BenchmarkTransports compares exec and control mode for the operations
// the navigator repeats, against one private server. Each sub-benchmark
// reports ns/op for its transport; the control ones also report
// exec/control, the speed-up over exec measured in the same run.
//
//	go test -run '^$' -bench Transports -benchtime=100x ./tmuxctl/
func BenchmarkTransports(b *testing.B) {
	srv := tmuxtest.Start(b, 0, 0)
	g := srv.Grid()
	sock := tmux.Socket{Name: srv.Name, Source: "-L"}
	clients := map[string]*tmuxctl.Client{
		"exec":    clienttest.Exec(b, srv.Name, tmux.Env{}),
		"control": tmuxctl.NewClient(newAuto(b, sock), tmux.Env{}),
	}
	win := tmux.WindowID(srv.Display(g[0], "#{window_id}"))
	ops := []struct {
		name string
		op   func(b *testing.B, c *tmuxctl.Client, i int)
	}{
		{"select", func(b *testing.B, c *tmuxctl.Client, i int) {
			dirs := []tmux.Direction{tmux.DirRight, tmux.DirDown, tmux.DirLeft, tmux.DirUp}
			if _, err := c.SelectPane(b.Context(), tmux.PaneID(g[0]), dirs[i%4]); err != nil {
				b.Fatal(err)
			}
		}},
		{"swap", func(b *testing.B, c *tmuxctl.Client, i int) {
			if _, err := c.SwapPane(b.Context(), tmux.PaneID(g[0]), tmux.PaneID(g[1+i%3])); err != nil {
				b.Fatal(err)
			}
		}},
		{"display", func(b *testing.B, c *tmuxctl.Client, i int) { // one trivial command: the transport's own cost
			if _, err := c.RunForTest(b.Context(), []string{"display-message", "-p", "x"}); err != nil {
				b.Fatal(err)
			}
		}},
		{"list", func(b *testing.B, c *tmuxctl.Client, i int) {
			if _, err := c.ListPanes(b.Context(), win); err != nil {
				b.Fatal(err)
			}
		}},
	}
	for _, o := range ops {
		var execNs float64
		for _, kind := range []string{"exec", "control"} {
			c := clients[kind]
			b.Run(o.name+"/"+kind, func(b *testing.B) {
				i := 0
				start := time.Now()
				for b.Loop() {
					o.op(b, c, i)
					i++
				}
				ns := float64(time.Since(start).Nanoseconds()) / float64(max(i, 1))
				if kind == "exec" {
					execNs = ns
				} else if execNs > 0 {
					b.ReportMetric(execNs/ns, "exec/control")
				}
			})
		}
	}
}
