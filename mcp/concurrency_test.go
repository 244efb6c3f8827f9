package mcp_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// TestConcurrentCalls keeps many calls in flight on one session and checks
// that each answer belongs to its own request.
func TestConcurrentCalls(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	g := f.srv.Grid()
	w0 := f.srv.Display(g[0], "#{window_id}")
	other := f.srv.Must("new-window", "-t", "main", "-P", "-F", "#{pane_id}")
	w1 := f.srv.Display(other, "#{window_id}")
	panes := append(g[:], other)

	type call struct {
		tool  string
		args  map[string]any
		check func(t *testing.T, res *sdkmcp.CallToolResult)
	}
	var calls []call
	for i := range 64 {
		switch i % 4 {
		case 0: // select a pane: the answer is that pane, active
			p := panes[i%len(panes)]
			calls = append(calls, call{"select_pane", obj("pane", p), func(t *testing.T, res *sdkmcp.CallToolResult) {
				var v view
				decode(t, f, "select_pane", res, &v)
				if v.ID != p || !v.Active {
					t.Errorf("select_pane %s answered %+v", p, v)
				}
			}})
		case 1: // list a window: the answer is that window
			want, count := w0, 4
			if i%8 == 1 {
				want, count = w1, 1
			}
			calls = append(calls, call{"list_panes", obj("window", want), func(t *testing.T, res *sdkmcp.CallToolResult) {
				var w window
				decode(t, f, "list_panes", res, &w)
				if w.WindowID != want || len(w.Panes) != count {
					t.Errorf("list_panes %s answered %s with %d panes", want, w.WindowID, len(w.Panes))
				}
			}})
		case 2: // a refused input stays refused, and named
			bad := fmt.Sprintf("%%%d; kill-server", i)
			calls = append(calls, call{"select_pane", obj("pane", bad), func(t *testing.T, res *sdkmcp.CallToolResult) {
				text, meta := checkFailure(t, res, "select_pane", bad)
				if meta.Kind != tmux.KindInvalidInput || !strings.Contains(text, bad) {
					t.Errorf("select_pane %q answered %q %+v", bad, text, meta)
				}
			}})
		case 3: // a gone pane names itself
			gone := fmt.Sprintf("%%%d", 1000+i)
			calls = append(calls, call{"swap_pane", obj("source_pane", g[0], "target_pane", gone), func(t *testing.T, res *sdkmcp.CallToolResult) {
				text, meta := checkFailure(t, res, "swap_pane", gone)
				if meta.Kind != tmux.KindGone || !strings.Contains(text, gone) {
					t.Errorf("swap_pane with %s answered %q %+v", gone, text, meta)
				}
			}})
		}
	}

	results := make([]*sdkmcp.CallToolResult, len(calls))
	errs := make([]error, len(calls))
	var wg sync.WaitGroup
	for i, c := range calls {
		wg.Go(func() {
			results[i], errs[i] = f.cs.CallTool(t.Context(), &sdkmcp.CallToolParams{Name: c.tool, Arguments: c.args})
		})
	}
	wg.Wait()
	for i, c := range calls {
		if errs[i] != nil {
			t.Errorf("%s %v: protocol error %v", c.tool, c.args, errs[i])
			continue
		}
		c.check(t, results[i])
	}
}

// decode checks a successful result as fixture.ok does.
func decode(t *testing.T, f *fixture, tool string, res *sdkmcp.CallToolResult, out any) {
	t.Helper()
	if res.IsError {
		t.Fatalf("%s failed: %s", tool, resultText(res))
	}
	checkOutput(t, f.tools[tool], res.StructuredContent)
	raw, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(raw, out); err != nil {
		t.Fatal(err)
	}
}
