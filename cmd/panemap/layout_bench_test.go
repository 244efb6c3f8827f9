package main

import (
	"fmt"
	"io"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/layoutcli"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// benchLayoutStrings are the windows the list's layouts are saved from:
// two to nine panes, nested splits.
var benchLayoutStrings = []string{
	"20e6,160x48,0,0{97x48,0,0,0,62x48,98,0[62x13,98,0,1,62x34,98,14{21x34,98,14,2,40x34,120,14,3}]}",
	"f075,160x48,0,0[160x23,0,0,1,160x24,0,24,2]",
}

// nineLayout is tmux's tiled layout of nine panes at 160x48.
func nineLayout(tb testing.TB) string {
	tb.Helper()
	srv := tmuxtest.Start(tb, 160, 48)
	srv.NinePanes()
	return strings.TrimSpace(srv.Must("display-message", "-p", "-t", "main:0", "#{window_layout}"))
}

// BenchmarkLayoutList times panemap layout list with 50 saved layouts:
// panemap's own work (reading and checking 50 files, drawing 50 maps,
// writing the text), which the issue wants under 16 ms. The files are
// read afresh every round, as a new process reads them.
//
//	go test -run '^$' -bench LayoutList ./cmd/panemap/
func BenchmarkLayoutList(b *testing.B) {
	dir := b.TempDir()
	store := &layouts.Store{Dir: dir}
	strs := append(benchLayoutStrings, nineLayout(b))
	for i := range 50 {
		s := strs[i%len(strs)]
		named, err := tmux.ParseLayout(s)
		if err != nil {
			b.Fatal(err)
		}
		w := &tmux.Window{ID: "@1", Width: 160, Height: 48, Layout: s}
		for id := range named {
			w.Panes = append(w.Panes, tmux.Pane{ID: tmux.PaneID(fmt.Sprintf("%%%d", id)), Command: "sh", Title: "host", Path: "/home/user/src/project"})
		}
		w.Panes[0].Active = true
		l, err := layouts.FromWindow(fmt.Sprintf("layout-%02d", i), w, tmux.Version{Raw: "3.3a"}, time.Now())
		if err != nil {
			b.Fatal(err)
		}
		if err := store.Save(l, false); err != nil {
			b.Fatal(err)
		}
	}
	for _, asJSON := range []bool{false, true} {
		b.Run(fmt.Sprintf("json=%v", asJSON), func(b *testing.B) {
			// The process's CPU time too: on a busy machine the wall
			// clock also counts the time other processes had the cores.
			cpu := processCPU()
			n := 0
			for b.Loop() {
				if err := layoutcli.List(io.Discard, store, asJSON); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64((processCPU()-cpu).Nanoseconds())/float64(n), "cpu-ns/op")
		})
	}
}

// processCPU is the user and system CPU time this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkLayoutApplyNinePanes times panemap layout apply on a window
// of nine panes, its tmux processes included (the read, then the command
// list), alternating two saved layouts so every apply moves panes,
// against a bare tmux select-layout of the same layout strings in the
// same loop (one tmux process, which moves no pane). It reports both
// medians, the in-process apply's (panemap's work and its two tmux
// processes, without starting panemap), and the ratios.
//
//	go test -run '^$' -bench LayoutApplyNinePanes -benchtime=40x ./cmd/panemap/
func BenchmarkLayoutApplyNinePanes(b *testing.B) {
	srv := tmuxtest.Start(b, 160, 48)
	panes := srv.NinePanes()
	e := &layoutEnv{srv: srv, config: b.TempDir()}
	w := strings.TrimSpace(srv.Must("display-message", "-p", "-t", "main:0", "#{window_id}"))
	run := func(args ...string) {
		cmd := exec.Command(tmuxtest.Panemap(b), append([]string{"-L", srv.Name}, args...)...)
		cmd.Env = append(tmuxtest.Env(), "XDG_CONFIG_HOME="+e.config)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("panemap %v: %v\n%s", args, err, out)
		}
	}
	run("layout", "save", "tiled", "-t", w)
	tiled := strings.TrimSpace(srv.Must("display-message", "-p", "-t", w, "#{window_layout}"))
	srv.Must("select-layout", "-t", w, "main-vertical", ";", "swap-pane", "-d", "-s", panes[0], "-t", panes[8], ";", "swap-pane", "-d", "-s", panes[2], "-t", panes[5])
	run("layout", "save", "main", "-t", w)
	main := strings.TrimSpace(srv.Must("display-message", "-p", "-t", w, "#{window_layout}"))
	names, strs := []string{"tiled", "main"}, []string{tiled, main}
	client := execClient(srv)
	defer client.Close()
	store := &layouts.Store{Dir: e.config + "/panemap/layouts"}
	var viaCLI, viaClient, viaTmux []time.Duration
	i := 0
	for b.Loop() {
		start := time.Now()
		run("layout", "apply", names[i%2], "-t", w)
		viaCLI = append(viaCLI, time.Since(start))
		start = time.Now()
		applyInProcess(b, client, store, names[(i+1)%2], w)
		viaClient = append(viaClient, time.Since(start))
		start = time.Now()
		tmuxOK(b, srv.Name, "select-layout", "-t", w, strs[i%2])
		viaTmux = append(viaTmux, time.Since(start))
		i++
	}
	c, p, x := median(viaCLI), median(viaClient), median(viaTmux)
	b.Logf("tmux %s: panemap layout apply %v, in process %v, tmux select-layout %v", srv.Version(), c, p, x)
	b.ReportMetric(float64(c.Nanoseconds()), "apply-ns")
	b.ReportMetric(float64(p.Nanoseconds()), "inproc-ns")
	b.ReportMetric(float64(x.Nanoseconds()), "tmux-ns")
	b.ReportMetric(float64(c)/float64(x), "apply/tmux")
	b.ReportMetric(float64(p)/float64(x), "inproc/tmux")
}

// applyInProcess is what panemap layout apply does once started: load,
// read the window, plan, apply.
func applyInProcess(b *testing.B, client *tmuxctl.Client, store *layouts.Store, name, w string) {
	l, err := store.Load(name)
	if err != nil {
		b.Fatal(err)
	}
	win, err := client.ListPanes(b.Context(), tmux.WindowID(w))
	if err != nil {
		b.Fatal(err)
	}
	plan, err := layouts.MakePlan(l, win, false, false)
	if err != nil {
		b.Fatal(err)
	}
	op := tmuxctl.Op{Kind: tmuxctl.OpApplyLayout, Window: win.ID, Plan: plan, Text: name, From: &tmux.State{Windows: []*tmux.Window{win}}}
	if err := client.ApplyLayout(b.Context(), op); err != nil {
		b.Fatal(err)
	}
}
