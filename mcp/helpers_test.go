package mcp_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// runs is how many tmux processes the server has started.
func (f *fixture) runs() int { return len(f.tmux.Calls()) }

// fixture is an MCP client session connected in memory to a panemap
// server on a private tmux server.
type fixture struct {
	srv   *tmuxtest.Server
	tmux  *tmuxtest.Counter // every tmux process the server started
	cs    *sdkmcp.ClientSession
	tools map[string]*sdkmcp.Tool // as tools/list served them
}

func start(t *testing.T, env tmux.Env, opts mcp.Options) *fixture {
	t.Helper()
	return startOn(t, tmuxtest.Start(t, 0, 0), env, opts)
}

func startOn(t *testing.T, srv *tmuxtest.Server, env tmux.Env, opts mcp.Options) *fixture {
	t.Helper()
	return startWith(t, srv, env, opts, tmuxtest.CountingTmux(t))
}

// startWith is startOn with a tmux of the test's own: processes through
// the counter, which logs every call and then runs the real tmux, or a
// fake that never does.
func startWith(t *testing.T, srv *tmuxtest.Server, env tmux.Env, opts mcp.Options, counter *tmuxtest.Counter) *fixture {
	t.Helper()
	return connect(t, srv, env, opts, counter, nil)
}

// startClient is startOn with a client of the test's own options (its
// notification handlers).
func startClient(t *testing.T, srv *tmuxtest.Server, opts mcp.Options, copts *sdkmcp.ClientOptions) *fixture {
	t.Helper()
	return connect(t, srv, tmux.Env{}, opts, tmuxtest.CountingTmux(t), copts)
}

func connect(t *testing.T, srv *tmuxtest.Server, env tmux.Env, opts mcp.Options, counter *tmuxtest.Counter, copts *sdkmcp.ClientOptions) *fixture {
	t.Helper()
	if opts.LayoutDir == "" {
		// Never the user's own layouts.
		opts.LayoutDir = t.TempDir()
	}
	client := tmuxctl.Open(tmuxctl.Options{
		Socket: tmux.Socket{Name: srv.Name, Source: "-L"}, Caller: env,
		Binary: counter.Path, Env: tmuxtest.Env(), Control: tmux.ControlNever,
	})

	server, err := mcp.New(client, opts)
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdkmcp.NewInMemoryTransports()
	ss, err := server.Connect(t.Context(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ss.Close() })
	cs, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "panemap-test", Version: "1"}, copts).Connect(t.Context(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })

	f := &fixture{srv: srv, tmux: counter, cs: cs, tools: map[string]*sdkmcp.Tool{}}
	list, err := cs.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		f.tools[tool.Name] = tool
	}
	return f
}

// call calls a tool; a protocol-level error fails the test, because every
// failure panemap knows about must come back as a tool result.
func (f *fixture) call(t *testing.T, name string, args any) *sdkmcp.CallToolResult {
	t.Helper()
	res, err := f.cs.CallTool(t.Context(), &sdkmcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s(%s): protocol error %v; want a tool result", name, short(args), err)
	}
	return res
}

// ok calls a tool that must succeed, checks its structured content against
// the output schema tools/list served, and decodes it into out.
func (f *fixture) ok(t *testing.T, name string, args any, out any) string {
	t.Helper()
	res := f.call(t, name, args)
	text := resultText(res)
	if res.IsError {
		t.Fatalf("%s(%s) failed: %s", name, short(args), text)
	}
	if text == "" {
		t.Errorf("%s(%s): no text content", name, short(args))
	}
	if res.Meta[mcp.ErrorMetaKey] != nil {
		t.Errorf("%s(%s): success carries %s meta", name, short(args), mcp.ErrorMetaKey)
	}
	checkOutput(t, f.tools[name], res.StructuredContent)
	raw, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(raw, out); err != nil {
		t.Fatalf("%s: structured content %s: %v", name, raw, err)
	}
	return text
}

// fail calls a tool that must fail with an isError result shaped as
// clients expect: text naming the problem, no structured content (it
// would be validated against the output schema), the error in _meta.
func (f *fixture) fail(t *testing.T, name string, args any) (string, mcp.ErrorMeta) {
	t.Helper()
	return checkFailure(t, f.call(t, name, args), name, args)
}

func checkFailure(t *testing.T, res *sdkmcp.CallToolResult, name string, args any) (string, mcp.ErrorMeta) {
	t.Helper()
	text := resultText(res)
	if !res.IsError {
		t.Fatalf("%s(%s) succeeded (%s); want isError", name, short(args), text)
	}
	if res.StructuredContent != nil {
		t.Errorf("%s(%s): error result has structuredContent %v", name, short(args), res.StructuredContent)
	}
	if text == "" {
		t.Errorf("%s(%s): error result without text", name, short(args))
	}
	raw, err := json.Marshal(res.Meta[mcp.ErrorMetaKey])
	var meta mcp.ErrorMeta
	if err != nil || res.Meta[mcp.ErrorMetaKey] == nil || json.Unmarshal(raw, &meta) != nil || meta.Kind == "" {
		t.Fatalf("%s(%s): _meta %v lacks %s", name, short(args), res.Meta, mcp.ErrorMetaKey)
	}
	var keys map[string]any
	_ = json.Unmarshal(raw, &keys)
	if len(keys) != 3 {
		t.Errorf("%s meta %s: want exactly kind, retryable, stale", mcp.ErrorMetaKey, raw)
	}
	return text, meta
}

func resultText(res *sdkmcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*sdkmcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// checkOutput validates structured content against a served output schema.
func checkOutput(t *testing.T, tool *sdkmcp.Tool, content any) {
	t.Helper()
	if tool == nil {
		t.Fatal("tool not listed")
	}
	if content == nil {
		t.Fatalf("%s: no structured content", tool.Name)
	}
	raw, _ := json.Marshal(tool.OutputSchema)
	var s jsonschema.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	r, err := s.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Validate(content); err != nil {
		t.Errorf("%s: structured content %v does not match the output schema: %v", tool.Name, content, err)
	}
}

func short(v any) string {
	var s string
	if raw, ok := v.(json.RawMessage); ok {
		s = string(raw)
	} else {
		b, _ := json.Marshal(v)
		s = string(b)
	}
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return s
}

// view and window mirror the output schemas.
type view struct {
	SessionID   string `json:"session_id"`
	WindowIndex int    `json:"window_index"`
	WindowName  string `json:"window_name"`
	Neighbours  struct {
		Up    sideOf `json:"up"`
		Down  sideOf `json:"down"`
		Left  sideOf `json:"left"`
		Right sideOf `json:"right"`
	} `json:"neighbours"`
	ID         string  `json:"id"`
	WindowID   string  `json:"window_id"`
	Active     bool    `json:"active"`
	Caller     string  `json:"caller"`
	Command    *string `json:"command"`
	Path       *string `json:"path"`
	Index      int     `json:"index"`
	Left       int     `json:"left"`
	Top        int     `json:"top"`
	Width      int     `json:"width"`
	Height     int     `json:"height"`
	Title      string  `json:"title"`
	Dead       bool    `json:"dead"`
	DeadStatus *int    `json:"dead_status"`
	Mode       string  `json:"mode"`
}

// window is a list_panes answer of one window, read from the listing's
// first window (tests that list one window use it).
type window struct {
	WindowID string
	Width    int
	Height   int
	Zoomed   bool
	Panes    []view
	Listing  listing
}

func (w *window) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, &w.Listing); err != nil {
		return err
	}
	if len(w.Listing.Windows) > 0 {
		lw := w.Listing.Windows[0]
		w.WindowID, w.Width, w.Height, w.Zoomed = lw.WindowID, lw.Width, lw.Height, lw.Zoomed
	}
	w.Panes = w.Listing.Panes
	return nil
}

// listing is a list_panes answer.
type listing struct {
	Scope  string `json:"scope"`
	Caller *struct {
		Pane      string `json:"pane"`
		WindowID  string `json:"window_id"`
		SessionID string `json:"session_id"`
	} `json:"caller"`
	Windows []struct {
		SessionID   string   `json:"session_id"`
		SessionName string   `json:"session_name"`
		WindowID    string   `json:"window_id"`
		WindowIndex int      `json:"window_index"`
		WindowName  string   `json:"window_name"`
		Width       int      `json:"width"`
		Height      int      `json:"height"`
		Zoomed      bool     `json:"zoomed"`
		Current     bool     `json:"current"`
		Layout      string   `json:"layout"`
		Panes       []string `json:"panes"`
	} `json:"windows"`
	Panes     []view `json:"panes"`
	Truncated bool   `json:"truncated"`
}

// sideOf is one side of a listed pane's neighbours.
type sideOf struct {
	Panes []string `json:"panes"`
	Wraps bool     `json:"wraps"`
}

func obj(kv ...any) map[string]any {
	m := map[string]any{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

func tmuxtestStart(t *testing.T) *tmuxtest.Server { return tmuxtest.Start(t, 0, 0) }
