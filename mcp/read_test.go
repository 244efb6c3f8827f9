package mcp_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// buildPane respawns the first pane to print hostile text and numbered
// lines, then wait for input (cat), and returns it once it has.
func buildPane(t *testing.T, f *fixture) string {
	t.Helper()
	f.srv.Must("respawn-pane", "-k", "-t", "main:0", `printf '\033]52;c;c2VjcmV0\007\033[31mred\033[0m \033]0;t\007ok\n'; seq -f 'step-%g' 1 100; exec cat`)
	p := f.srv.Display("main:0", "#{pane_id}")
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		return strings.Contains(f.srv.Must("capture-pane", "-p", "-t", p), "step-100")
	}, "%s to print", p)
	return p
}

type captured struct {
	Pane      string   `json:"pane"`
	Height    int      `json:"height"`
	FirstLine int      `json:"first_line"`
	Lines     []string `json:"lines"`
	Truncated bool     `json:"truncated"`
	Mode      string   `json:"mode"`
}

func TestCapturePane(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	p := buildPane(t, f)
	var c captured
	text := f.ok(t, "capture_pane", obj("pane", p, "lines", 200), &c)
	if c.Pane != p || c.FirstLine != -52 || len(c.Lines) != 102 || c.Lines[0] != "red ok" || c.Lines[100] != "step-100" || c.Truncated {
		t.Errorf("capture: %+v", c)
	}
	if strings.ContainsAny(text, "\x1b\a") || !strings.Contains(text, "red ok\nstep-1\n") {
		t.Errorf("text %q", text)
	}
	f.srv.Must("copy-mode", "-t", p)
	f.ok(t, "capture_pane", obj("pane", p), &c)
	if len(c.Lines) != c.Height || c.FirstLine != 0 || !c.Truncated || c.Mode != "copy-mode" || c.Lines[c.Height-2] != "step-100" {
		t.Errorf("the screen in copy mode: %+v", c)
	}
}

func TestSearchPanes(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	p := buildPane(t, f)
	var v struct {
		Matches []struct {
			Pane string `json:"pane"`
			Line int    `json:"line"`
			Text string `json:"text"`
		} `json:"matches"`
		Panes     int  `json:"panes_searched"`
		Truncated bool `json:"truncated"`
	}
	text := f.ok(t, "search_panes", obj("pattern", `^step-(5|77)$`), &v)
	if len(v.Matches) != 2 || v.Matches[0].Pane != p || v.Matches[0].Text != "step-5" || v.Matches[1].Line != 77-52 || v.Panes != 1 || v.Truncated {
		t.Errorf("search: %+v", v)
	}
	if !strings.Contains(text, "2 matching lines in 1 pane searched:") {
		t.Errorf("text %q does not count in English", text)
	}
	if !strings.Contains(text, p+" line 25: step-77") {
		t.Errorf("text %q", text)
	}
	f.ok(t, "search_panes", obj("pattern", `step`, "scope", "window"), &v)
	if len(v.Matches) != 100 || v.Truncated {
		t.Errorf("100 lines match step: %d, truncated %v", len(v.Matches), v.Truncated)
	}
	f.srv.Must("split-window", "-t", p, "seq -f 'step-%g' 1 300; exec cat")
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		return strings.Contains(f.srv.Must("capture-pane", "-p", "-t", "main:0.1"), "step-300")
	}, "the second pane to print")
	f.ok(t, "search_panes", obj("pattern", `step`, "session", f.srv.Display(p, "#{session_id}")), &v)
	if len(v.Matches) != 200 || !v.Truncated || v.Panes != 2 {
		t.Errorf("400 lines match step: %d, truncated %v, %d panes", len(v.Matches), v.Truncated, v.Panes)
	}
}

func TestWaitForText(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	p := buildPane(t, f)
	type waited struct {
		Matched bool    `json:"matched"`
		Line    *int    `json:"line"`
		Text    *string `json:"text"`
		Dead    bool    `json:"dead"`
	}
	var w waited
	f.ok(t, "wait_for_text", obj("pane", p, "pattern", `step-9\d`, "timeout_ms", 30000), &w)
	if !w.Matched || w.Text == nil || *w.Text != "step-90" {
		t.Errorf("on screen: %+v", w)
	}
	f.ok(t, "wait_for_text", obj("pane", p, "pattern", `never`, "timeout_ms", 200), &w)
	if w.Matched || w.Line != nil || w.Text != nil {
		t.Errorf("timeout: %+v", w)
	}

	// With a progress token (TestWaitForTextProgress checks the
	// notifications), the build's last line is found once it is typed.
	params := &sdkmcp.CallToolParams{Name: "wait_for_text", Arguments: obj("pane", p, "pattern", `^BUILD (OK|FAILED)$`, "timeout_ms", 20000)}
	params.SetProgressToken("tok")
	done := make(chan *sdkmcp.CallToolResult)
	go func() {
		res, err := f.cs.CallTool(t.Context(), params)
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	// The keys may come before or after the wait's first look: found
	// either way.
	f.srv.Must("send-keys", "-t", p, "-l", "BUILD OK\n")
	select {
	case res := <-done:
		if res == nil || res.IsError || !strings.Contains(resultText(res), "BUILD OK") {
			t.Errorf("wait for the build: %+v", res)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the wait did not end")
	}
}

// TestReadersRefuseBadInput: bad arguments are refused before tmux, naming
// the value, and run no tmux process.
func TestReadersRefuseBadInput(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	p := f.srv.Display("main:0", "#{pane_id}")
	cases := []struct {
		tool string
		args map[string]any
		name string
	}{
		{"capture_pane", obj("pane", "main:0"), "main:0"},
		{"capture_pane", obj("pane", p, "lines", 0), "0"},
		{"capture_pane", obj("pane", p, "lines", 10001), "10001"},
		{"search_panes", obj("pattern", "a(b"), "a(b"},
		{"search_panes", obj("pattern", strings.Repeat("a", 501)), "aaaa"},
		{"search_panes", obj("pattern", "x", "window", "%1"), "%1"},
		{"search_panes", obj("pattern", "x", "lines", -1), "-1"},
		{"wait_for_text", obj("pane", p, "pattern", "[", "timeout_ms", 10), "["},
		{"wait_for_text", obj("pane", p, "pattern", "x", "timeout_ms", 60001), "60001"},
		{"wait_for_text", obj("pane", "%1;kill-server", "pattern", "x"), "kill-server"},
		{"set_pane_title", obj("pane", p, "title", "a\nb"), `a\nb`},
		{"set_pane_title", obj("pane", p, "title", strings.Repeat("t", 201)), "ttt"},
		{"rename_window", obj("window", "@0", "name", "\x1b[31m"), `\x1b`},
		{"rename_window", obj("window", "{marked}", "name", "x"), "{marked}"},
	}
	before := f.runs()
	for _, c := range cases {
		text, meta := f.fail(t, c.tool, c.args)
		if meta.Kind != tmux.KindInvalidInput || !strings.Contains(text, c.name) {
			t.Errorf("%s %v: %s %q; want invalid input naming %s", c.tool, short(c.args), meta.Kind, text, c.name)
		}
	}
	if n := f.runs() - before; n > 1 { // the first call may ask the server its version
		t.Errorf("refused calls ran %d tmux processes", n)
	}
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"capture_pane", obj("pane", "%999")},
		{"wait_for_text", obj("pane", "%999", "pattern", "x")},
		{"set_pane_title", obj("pane", "%999", "title", "x")},
		{"rename_window", obj("window", "@999", "name", "x")},
	} {
		if _, meta := f.fail(t, c.tool, c.args); meta.Kind != tmux.KindGone {
			t.Errorf("%s %v: %s, want gone", c.tool, c.args, meta.Kind)
		}
	}
}

func TestLabelTools(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	p := f.srv.Display("main:0", "#{pane_id}")
	w := f.srv.Display("main:0", "#{window_id}")
	marker := filepath.Join(t.TempDir(), "ran")
	text := fmt.Sprintf("#(touch %s) #{pane_id} ## ;", marker)
	var tv struct {
		Title string `json:"title"`
	}
	f.ok(t, "set_pane_title", obj("pane", p, "title", text), &tv)
	var nv struct {
		Name string `json:"name"`
	}
	f.ok(t, "rename_window", obj("window", w, "name", text), &nv)
	if tv.Title != text || nv.Name != text || f.srv.Display(p, "#{pane_title}") != text || f.srv.Display(p, "#{window_name}") != text {
		t.Errorf("stored %q and %q, tmux holds %q and %q; want %q", tv.Title, nv.Name,
			f.srv.Display(p, "#{pane_title}"), f.srv.Display(p, "#{window_name}"), text)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("#(…) ran")
	}
}
