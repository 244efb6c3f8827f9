package main

// A bounded chaos run of `panemap mcp`: thousands of mixed valid and
// hostile calls, several in flight at once, through the real binary, while
// another process splits, kills and swaps panes. Every call must be
// answered (callDeadline catches a hang), with the right pane or a typed error; no
// injected command may run; the server must answer afterwards. A second
// run of swaps only must keep the set of panes and of cells unchanged.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
)

const (
	chaosCalls   = 2000
	chaosWorkers = 8
)

// chaosHostile are values that must be refused wherever an id goes. The
// canary ones would create the file or a window named CANARY if any part
// of them ever ran.
func chaosHostile(canary string) []string {
	return []string{
		"%1; new-window -n CANARY",
		"%1 ; new-window -n CANARY ;",
		"%1;",
		"%1\nnew-window -n CANARY",
		"@0; new-window -n CANARY",
		"$(touch " + canary + ")",
		"`touch " + canary + "`",
		`'; run-shell "touch ` + canary + `"'`,
		`%1'; run-shell 'touch ` + canary + ``,
		"#{run-shell:touch " + canary + "}",
		"#(touch " + canary + ")",
		"{marked}", ":.+", "main:0.1", "%01", "%+1", "% 1", "%-1", "",
		"%1\x00", "%\xff", strings.Repeat("%1", 50_000),
		"%99999999999999999999999999",
	}
}

type chaosCall struct {
	tool    string
	args    map[string]any
	hostile bool
	pane    string // the pane a select without direction must answer with
}

func TestMCPChaos(t *testing.T) {
	srv := tmuxtest.Start(t, 250, 80)
	g := srv.Grid()
	win := srv.Display(g[0], "#{window_id}")
	srv.Must("new-window", "-d", "-t", "main:1")
	canary := filepath.Join(t.TempDir(), "canary")
	hostile := chaosHostile(canary)
	cs, stderr := connectMCP(t, srv.Name)

	// Churn: another process splits, kills and swaps panes all along.
	stop := make(chan struct{})
	var churned atomic.Int64
	var churn sync.WaitGroup
	churn.Go(func() {
		r := rand.New(rand.NewPCG(1, 2))
		for {
			select {
			case <-stop:
				return
			default:
			}
			out, err := srv.Run("list-panes", "-t", win, "-F", "#{pane_id}")
			if err != nil {
				continue
			}
			panes := strings.Fields(out)
			if len(panes) == 0 {
				continue
			}
			p := panes[r.IntN(len(panes))]
			switch op := r.IntN(3); {
			case op == 0 && len(panes) < 12:
				_, _ = srv.Run("split-window", "-d", "-t", p, "exec sh")
			case op == 1 && len(panes) > 3:
				_, _ = srv.Run("kill-pane", "-t", p)
			default:
				_, _ = srv.Run("swap-pane", "-d", "-s", p, "-t", panes[r.IntN(len(panes))])
			}
			churned.Add(1)
		}
	})

	r := rand.New(rand.NewPCG(3, 4))
	calls := make([]chaosCall, tmuxtest.Rounds(chaosCalls, chaosCalls/4))
	for i := range calls {
		pane := fmt.Sprintf("%%%d", r.IntN(40)) // ids come and go; many are stale
		bad := hostile[r.IntN(len(hostile))]
		switch k := r.IntN(8); k {
		case 0:
			calls[i] = chaosCall{tool: "select_pane", args: map[string]any{"pane": pane}, pane: pane}
		case 1:
			calls[i] = chaosCall{tool: "select_pane", args: map[string]any{"pane": pane, "direction": []string{"up", "down", "left", "right", "next", "previous", "last"}[r.IntN(7)]}}
		case 2:
			calls[i] = chaosCall{tool: "swap_pane", args: map[string]any{"source_pane": pane, "target_pane": fmt.Sprintf("%%%d", r.IntN(40))}, pane: pane}
		case 3:
			calls[i] = chaosCall{tool: "list_panes", args: map[string]any{"window": win}}
		case 4:
			calls[i] = chaosCall{tool: "select_pane", args: map[string]any{"pane": bad}, hostile: true}
		case 5:
			calls[i] = chaosCall{tool: "swap_pane", args: map[string]any{"source_pane": pane, "target_pane": bad}, hostile: true}
		case 6:
			calls[i] = chaosCall{tool: "list_panes", args: map[string]any{"window": bad}, hostile: true}
		default:
			calls[i] = chaosCall{tool: "select_pane", args: map[string]any{"pane": pane, "direction": bad}, hostile: true}
		}
	}

	var next atomic.Int64
	var mu sync.Mutex
	kinds := map[string]int{}
	var workers sync.WaitGroup
	for range chaosWorkers {
		workers.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(calls) || t.Failed() {
					return
				}
				c := calls[i]
				kind := checkChaosCall(t, cs, c)
				mu.Lock()
				kinds[kind]++
				mu.Unlock()
			}
		})
	}
	workers.Wait()
	close(stop)
	churn.Wait()
	t.Logf("answers by kind: %v; %d outside changes", kinds, churned.Load())
	if kinds["ok"] == 0 || kinds[string(tmux.KindGone)] == 0 {
		t.Errorf("the run did not exercise both success and gone panes: %v", kinds)
	}

	if _, err := os.Stat(canary); err == nil {
		t.Errorf("an injected shell command ran: %s exists", canary)
	}
	if names := srv.Must("list-windows", "-a", "-F", "#{window_name}"); strings.Contains(names, "CANARY") {
		t.Errorf("an injected tmux command ran: windows %q", names)
	}
	res := callMCP(t, cs, "list_panes", map[string]any{"window": win})
	if res.IsError {
		t.Fatalf("the server does not answer after the chaos: %s\n%s", text(res), stderr)
	}
}

// checkChaosCall makes one call with a deadline and checks its answer.
// It returns "ok" or the error kind.
func checkChaosCall(t *testing.T, cs *sdkmcp.ClientSession, c chaosCall) string {
	ctx, cancel := context.WithTimeout(t.Context(), callDeadline)
	defer cancel()
	res, err := cs.CallTool(ctx, &sdkmcp.CallToolParams{Name: c.tool, Arguments: c.args})
	what := fmt.Sprintf("%s %.120q", c.tool, fmt.Sprint(c.args))
	if err != nil {
		t.Errorf("%s: not answered within %v: %v", what, callDeadline, err)
		return "no answer"
	}
	if !res.IsError {
		if c.hostile {
			t.Errorf("%s: hostile input accepted: %s", what, text(res))
			return "ok"
		}
		var v struct {
			ID string `json:"id"`
		}
		raw, _ := json.Marshal(res.StructuredContent)
		_ = json.Unmarshal(raw, &v)
		if c.pane != "" && v.ID != c.pane {
			t.Errorf("%s: answered with pane %q: %s", what, v.ID, text(res))
		}
		return "ok"
	}
	m := errorMeta(t, res)
	switch {
	case c.hostile && m.Kind != tmux.KindInvalidInput:
		t.Errorf("%s: hostile input answered %+v: %s", what, m, text(res))
	case !c.hostile && m.Kind == tmux.KindGone:
		if !m.Stale {
			t.Errorf("%s: gone but not stale: %+v", what, m)
		}
	case !c.hostile && m.Kind == tmux.KindRefused && strings.Contains(text(res), "no last pane"):
	case !c.hostile:
		t.Errorf("%s: %+v %s", what, m, text(res))
	}
	if msg := text(res); strings.ContainsAny(msg, "\n\x00") || len(msg) > 400 {
		t.Errorf("%s: message is not one short line: %.200q", what, msg)
	}
	return string(m.Kind)
}

// TestMCPConcurrentSwapsKeepPanesAndCells runs only swaps, from several
// MCP calls at once and from another tmux client, in whatever interleaving
// the scheduler picks: afterwards the window has the same panes and the
// same cells, each pane in exactly one cell.
func TestMCPConcurrentSwapsKeepPanesAndCells(t *testing.T) {
	srv := tmuxtest.Start(t, 0, 0)
	g := srv.Grid()
	win := srv.Display(g[0], "#{window_id}")
	srv.Must("split-window", "-d", "-h", "-t", g[1])
	srv.Must("split-window", "-d", "-v", "-t", g[2])
	other := srv.Must("new-window", "-d", "-t", "main:1", "-P", "-F", "#{pane_id}")
	snapshot := func() (ids, cells []string) {
		out := srv.Must("list-panes", "-s", "-t", "main", "-F", "#{pane_id} #{window_id}:#{pane_left},#{pane_top},#{pane_width}x#{pane_height}")
		for _, line := range strings.Split(out, "\n") {
			id, cell, _ := strings.Cut(line, " ")
			ids, cells = append(ids, id), append(cells, cell)
		}
		slices.Sort(ids)
		slices.Sort(cells)
		return ids, cells
	}
	ids0, cells0 := snapshot()
	panes := append(strings.Fields(srv.Must("list-panes", "-t", win, "-F", "#{pane_id}")), other)
	cs, _ := connectMCP(t, srv.Name)

	stopChurn := srv.SwapChurn(panes, 5)
	var workers sync.WaitGroup
	for w := range chaosWorkers {
		workers.Go(func() {
			r := rand.New(rand.NewPCG(uint64(w), 7))
			for range tmuxtest.Rounds(40, 10) {
				a, b := panes[r.IntN(len(panes))], panes[r.IntN(len(panes))]
				ctx, cancel := context.WithTimeout(t.Context(), callDeadline)
				res, err := cs.CallTool(ctx, &sdkmcp.CallToolParams{Name: "swap_pane", Arguments: map[string]any{"source_pane": a, "target_pane": b}})
				cancel()
				if err != nil {
					t.Errorf("swap %s %s: not answered within %v: %v", a, b, callDeadline, err)
					return
				}
				if res.IsError {
					t.Errorf("swap %s %s: %s", a, b, text(res))
				}
			}
		})
	}
	workers.Wait()
	stopChurn()
	ids1, cells1 := snapshot()
	if !slices.Equal(ids0, ids1) {
		t.Errorf("panes changed:\nbefore %v\nafter  %v", ids0, ids1)
	}
	if !slices.Equal(cells0, cells1) {
		t.Errorf("cells changed:\nbefore %v\nafter  %v", cells0, cells1)
	}
}
