package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// startMCP starts `panemap -L socket mcp` with PANEMAP_CONTROL=control
// and connects the go-sdk client over its stdin and stdout. It returns the
// session and the process.
func startMCP(tb testing.TB, socket, control string) (*sdkmcp.ClientSession, *exec.Cmd) {
	tb.Helper()
	cmd := exec.Command(tmuxtest.Panemap(tb), "-L", socket, "mcp")
	cmd.Env = append(mcpEnv(), "PANEMAP_CONTROL="+control)
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	cs, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "panemap-bench", Version: "1"}, nil).
		Connect(tb.Context(), &sdkmcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		tb.Fatalf("connecting to panemap mcp: %v\nstderr:\n%s", err, stderr)
	}
	tb.Cleanup(func() { _ = cs.Close() })
	return cs, cmd
}

func callOK(tb testing.TB, cs *sdkmcp.ClientSession, tool string, args map[string]any) {
	res, err := cs.CallTool(tb.Context(), &sdkmcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		tb.Fatal(err)
	}
	if res.IsError {
		tb.Fatalf("%s %v: %v", tool, args, res.Content)
	}
}

func tmuxOK(tb testing.TB, socket string, args ...string) {
	cmd := exec.Command("tmux", append([]string{"-L", socket}, args...)...)
	cmd.Env = tmuxtest.Env()
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("tmux %v: %v: %s", args, err, out)
	}
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

// BenchmarkMCPRoundTrip times one MCP tool call end to end, from the
// go-sdk client over stdio through the real `panemap mcp` binary to tmux
// and back, against one bare tmux process doing the same thing, run
// interleaved in the same loop. It reports both medians and their ratio
// (mcp/tmux: the target is at most 0.5).
//
//	go test -run '^$' -bench MCPRoundTrip -benchtime=2000x ./cmd/panemap/
//
// Sub-benchmarks run the server with what panemap chooses by itself for
// this tmux (auto: control mode from tmuxctl.SafeControlVersion, tmux
// processes below it) and with tmux processes only (never). Run it with
// each tmux first on PATH; the log line names the version.
func BenchmarkMCPRoundTrip(b *testing.B) {
	v, err := transport.TmuxVersion(b.Context(), "")
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("tmux %s: auto is %s", v, tmux.PlanControl(tmux.ControlAuto, v).Why)
	for _, control := range []string{"auto", "never"} {
		b.Run("control="+control, func(b *testing.B) { benchMCPRoundTrip(b, control) })
	}
}

func benchMCPRoundTrip(b *testing.B, control string) {
	srv := tmuxtest.Start(b, 0, 0)
	g := srv.Grid()
	cs, _ := startMCP(b, srv.Name, control)
	dirs := []string{"right", "down", "left", "up"}
	flags := []string{"-R", "-D", "-L", "-U"}
	ops := []struct {
		name string
		mcp  func(b *testing.B, i int)
		tmux func(b *testing.B, i int)
	}{
		{"select_pane",
			func(b *testing.B, i int) {
				callOK(b, cs, "select_pane", map[string]any{"pane": g[0], "direction": dirs[i%4]})
			},
			func(b *testing.B, i int) { tmuxOK(b, srv.Name, "select-pane", "-t", g[0], flags[i%4]) }},
		{"swap_pane",
			func(b *testing.B, i int) {
				callOK(b, cs, "swap_pane", map[string]any{"source_pane": g[0], "target_pane": g[1+i%3]})
			},
			func(b *testing.B, i int) { tmuxOK(b, srv.Name, "swap-pane", "-d", "-s", g[0], "-t", g[1+i%3]) }},
	}
	for _, o := range ops {
		b.Run(o.name, func(b *testing.B) {
			var viaMCP, viaTmux []time.Duration
			i := 0
			for b.Loop() {
				start := time.Now()
				o.mcp(b, i)
				viaMCP = append(viaMCP, time.Since(start))
				start = time.Now()
				o.tmux(b, i)
				viaTmux = append(viaTmux, time.Since(start))
				i++
			}
			m, x := median(viaMCP), median(viaTmux)
			b.ReportMetric(float64(m.Nanoseconds()), "mcp-ns/call")
			b.ReportMetric(float64(x.Nanoseconds()), "tmux-ns/call")
			b.ReportMetric(float64(m)/float64(x), "mcp/tmux")
		})
	}
}

// vmRSS is a process's resident set size in KiB, from /proc.
func vmRSS(tb testing.TB, pid int) int {
	kb, err := statusRSS(pid)
	if errors.Is(err, os.ErrNotExist) {
		tb.Skipf("no /proc here: %v", err)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return kb
}

// statusRSS is VmRSS from /proc/PID/status: an error for a process gone,
// or exited (a zombie has none).
func statusRSS(pid int) (int, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return kb, nil
		}
	}
	return 0, fmt.Errorf("process %d has no VmRSS: it has exited", pid)
}

// TestMCPMemorySoak makes 10,000 calls to `panemap mcp` and checks its
// resident memory: under 30 MiB after them, and not growing (at most 20%
// above what it was after 2,000). It takes about half a minute or more, so it
// runs only with PANEMAP_SOAK=1.
//
//	PANEMAP_SOAK=1 go test -run MCPMemorySoak -v ./cmd/panemap/
func TestMCPMemorySoak(t *testing.T) {
	if os.Getenv("PANEMAP_SOAK") == "" {
		t.Skip("set PANEMAP_SOAK=1 to run")
	}
	srv := tmuxtest.Start(t, 0, 0)
	g := srv.Grid()
	cs, cmd := startMCP(t, srv.Name, "always")
	pid := cmd.Process.Pid
	dirs := []string{"right", "down", "left", "up"}
	win := srv.Display(g[0], "#{window_id}")
	rss := map[int]int{}
	start := time.Now()
	ctx, cancel := context.WithTimeout(t.Context(), 90*time.Second)
	defer cancel()
	for i := 1; i <= 10000; i++ {
		var err error
		var res *sdkmcp.CallToolResult
		switch i % 3 {
		case 0:
			res, err = cs.CallTool(ctx, &sdkmcp.CallToolParams{Name: "select_pane", Arguments: map[string]any{"pane": g[0], "direction": dirs[i%4]}})
		case 1:
			res, err = cs.CallTool(ctx, &sdkmcp.CallToolParams{Name: "swap_pane", Arguments: map[string]any{"source_pane": g[0], "target_pane": g[1+i%3]}})
		default:
			res, err = cs.CallTool(ctx, &sdkmcp.CallToolParams{Name: "list_panes", Arguments: map[string]any{"window": win}})
		}
		if err != nil || res.IsError {
			t.Fatalf("call %d: %v %v", i, err, res)
		}
		if i%1000 == 0 {
			rss[i] = vmRSS(t, pid)
		}
		if i == 2000 && time.Since(start) > 30*time.Second {
			t.Logf("slow machine: 2,000 calls took %v", time.Since(start))
		}
	}
	t.Logf("10,000 calls in %v; VmRSS KiB at 1k..10k: %v", time.Since(start), rss)
	if rss[10000] > 30*1024 {
		t.Errorf("VmRSS after 10,000 calls = %d KiB, want under 30 MiB", rss[10000])
	}
	if rss[10000] > rss[2000]*12/10 {
		t.Errorf("VmRSS grew from %d KiB at 2,000 calls to %d KiB at 10,000", rss[2000], rss[10000])
	}
}
