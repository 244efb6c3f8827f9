package mcp_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/agentwatch"
)

// TestSendKeys: text is typed literally (tmux neither runs #(…), nor
// splits at ;, nor expands $HOME or #{…}, and a newline is a newline),
// then the named keys, then Enter; the answer says what was typed.
func TestSendKeys(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, agentOpts(mcp.Options{AllowInput: true}))
	f.srv.Must("respawn-pane", "-k", "-t", "main:0", "exec cat -vT")
	p := f.srv.Display("main:0", "#{pane_id}")
	f.srv.WaitRunning(20*time.Second, p, "cat")
	touched := filepath.Join(t.TempDir(), "X")

	line := "#(touch " + touched + ") ; $HOME #{pane_id} \\; end"
	var v struct {
		Pane  string   `json:"pane"`
		Chars int      `json:"chars"`
		Keys  []string `json:"keys"`
		Enter bool     `json:"enter"`
	}
	text := f.ok(t, "send_keys", obj("pane", p, "text", line+"\nsecond line\n"), &v)
	if v.Pane != p || v.Chars != len(line)+len("\nsecond line\n") || len(v.Keys) != 0 || v.Enter || !strings.Contains(text, p) {
		t.Errorf("send_keys text: %+v %q", v, text)
	}
	// cat prints each line back under the terminal's echo of it.
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		screen := f.srv.Must("capture-pane", "-p", "-t", p)
		return strings.Count(screen, line+"\n") == 2 && strings.Count(screen, "second line\n") == 2
	}, "%s to show %q twice and then %q twice:\n%s", p, line, "second line", f.srv.Must("capture-pane", "-p", "-t", p))
	if _, err := os.Stat(touched); !os.IsNotExist(err) {
		t.Errorf("#(touch %s) ran: %v", touched, err)
	}

	text = f.ok(t, "send_keys", obj("pane", p, "text", "x", "keys", []string{"Tab", "Escape", "Up"}, "enter", true), &v)
	if v.Chars != 1 || !slices.Equal(v.Keys, []string{"Tab", "Escape", "Up"}) || !v.Enter || !strings.Contains(text, "Tab Escape Up") {
		t.Errorf("send_keys keys: %+v %q", v, text)
	}
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		return strings.Contains(f.srv.Must("capture-pane", "-p", "-t", p), "x^I^[^[[A\n")
	}, "cat -vT to show x, Tab, Escape and Up:\n%s", f.srv.Must("capture-pane", "-p", "-t", p))
}

// TestSendKeysRefuses: send_keys refuses bad arguments before tmux,
// naming the value; a pane that is gone; a dead pane; and the server's
// own pane unless own is true. A refused call types nothing.
func TestSendKeysRefuses(t *testing.T) {
	t.Parallel()
	srv := tmuxtestStart(t)
	g := srv.Grid()
	for _, p := range g {
		srv.Must("respawn-pane", "-k", "-t", p, "exec cat")
	}
	srv.Must("set", "-p", "-t", g[3], "remain-on-exit", "on")
	srv.Must("respawn-pane", "-k", "-t", g[3], "exit 3")
	srv.WaitDeadStatus(20*time.Second, g[3], 3)
	srv.Must("kill-pane", "-t", g[2])
	self := tmux.Env{TMUX: srv.SocketPath() + ",1,0", TMUXPane: g[1]}
	f := startOn(t, srv, self, agentOpts(mcp.Options{AllowInput: true}))

	before := f.runs()
	for _, c := range []struct {
		args map[string]any
		name string
	}{
		{obj("pane", "main:0", "text", "x"), "main:0"},
		{obj("pane", "%1;kill-server", "text", "x"), "kill-server"},
		{obj("pane", g[0], "keys", []string{"Enter", "F1"}), `item 2, "F1", is not one of Enter,`},
		{obj("pane", g[0], "keys", []string{"C-d"}), "C-d"},
		{obj("pane", g[0], "text", strings.Repeat("y", 4001)), "at most 4000 characters"},
		{obj("pane", g[0]), "nothing to send"},
		{obj("pane", g[0], "text", "", "enter", false), "nothing to send"},
		{obj("pane", g[0], "text", "x", "own", "yes"), `"yes"`},
	} {
		text, meta := f.fail(t, "send_keys", c.args)
		if meta.Kind != tmux.KindInvalidInput || !strings.Contains(text, c.name) {
			t.Errorf("send_keys %s: %s %q; want invalid input naming %s", short(c.args), meta.Kind, text, c.name)
		}
	}
	if n := f.runs() - before; n > 1 { // the first call may ask the server its version
		t.Errorf("refused calls ran %d tmux processes", n)
	}

	for _, c := range []struct {
		pane string
		kind tmux.Kind
	}{
		{"%999", tmux.KindGone},
		{g[2], tmux.KindGone},
		{g[3], tmux.KindRefused},
		{g[1], tmux.KindRefused}, // the server's own pane
	} {
		text, meta := f.fail(t, "send_keys", obj("pane", c.pane, "text", "typed-"+c.pane, "enter", true))
		if meta.Kind != c.kind || !strings.Contains(text, c.pane) {
			t.Errorf("send_keys %s: %s %q; want %s naming the pane", c.pane, meta.Kind, text, c.kind)
		}
	}
	var v struct{ Pane string }
	f.ok(t, "send_keys", obj("pane", g[1], "text", "own-pane-typed", "enter", true, "own", true), &v)
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		return strings.Contains(srv.Must("capture-pane", "-p", "-t", g[1]), "own-pane-typed")
	}, "own: true to type into the server's own pane")
	if screen := srv.Must("capture-pane", "-p", "-t", g[1]); strings.Contains(screen, "typed-") {
		t.Errorf("a refused call typed into the server's own pane:\n%s", screen)
	}
}

// TestSendKeysOnlyWithAllowInput: send_keys is offered only with
// AllowInput (panemap mcp --allow-input), is not callable otherwise, and
// AllowInput with ReadOnly is refused outright.
func TestSendKeysOnlyWithAllowInput(t *testing.T) {
	t.Parallel()
	srv := tmuxtestStart(t)
	p := srv.Display("main:0", "#{pane_id}")
	for _, opts := range []mcp.Options{{}, {ReadOnly: true}, {NoContent: true}, {ReadOnly: true, NoContent: true}} {
		f := startOn(t, srv, tmux.Env{}, agentOpts(opts))
		if f.tools["send_keys"] != nil {
			t.Errorf("%+v offers send_keys", opts)
		}
		if _, err := f.cs.CallTool(t.Context(), &sdkmcp.CallToolParams{Name: "send_keys", Arguments: obj("pane", p, "text", "x")}); err == nil {
			t.Errorf("%+v: send_keys was callable", opts)
		}
	}
	for _, opts := range []mcp.Options{{AllowInput: true}, {AllowInput: true, NoContent: true}} {
		if f := startOn(t, srv, tmux.Env{}, agentOpts(opts)); f.tools["send_keys"] == nil {
			t.Errorf("%+v does not offer send_keys", opts)
		}
	}
	both := mcp.Options{AllowInput: true, ReadOnly: true}
	if _, err := mcp.Tools(both); err == nil || !strings.Contains(err.Error(), "ReadOnly") {
		t.Errorf("Tools(AllowInput and ReadOnly) = %v; want an error", err)
	}
	if _, err := mcp.New(nil, both); err == nil || !strings.Contains(err.Error(), "AllowInput") {
		t.Errorf("New(AllowInput and ReadOnly) = %v; want an error", err)
	}
}

// TestAgentCardsMatchTheirPackages: the states and keys the cards list
// are package agents' States and agentwatch's SendableKeys, in order.
func TestAgentCardsMatchTheirPackages(t *testing.T) {
	t.Parallel()
	ts, err := mcp.Tools(mcp.Options{AllowInput: true})
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*sdkmcp.Tool{}
	for _, tool := range ts {
		byName[tool.Name] = tool
	}
	var states []string
	for _, s := range agents.States {
		states = append(states, string(s))
	}
	enum := func(v any, path ...string) []string {
		for _, k := range path {
			v = v.(map[string]any)[k]
		}
		var out []string
		for _, x := range v.([]any) {
			out = append(out, x.(string))
		}
		return out
	}
	in := func(name string) any { return jsonValue(t, byName[name].InputSchema) }
	out := func(name string) any { return jsonValue(t, byName[name].OutputSchema) }
	for what, got := range map[string][]string{
		"wait_for_agent states": enum(in("wait_for_agent"), "properties", "states", "items", "enum"),
		"wait_for_agent output": enum(out("wait_for_agent"), "$defs", "State", "enum"),
		"list_agents output":    enum(out("list_agents"), "$defs", "State", "enum"),
	} {
		if !slices.Equal(got, states) {
			t.Errorf("%s: %v, want agents.States %v", what, got, states)
		}
	}
	keys := in("send_keys").(map[string]any)["properties"].(map[string]any)["keys"].(map[string]any)["anyOf"].([]any)[0]
	if got := enum(keys, "items", "enum"); !slices.Equal(got, agentwatch.SendableKeys) {
		t.Errorf("send_keys keys: %v, want agentwatch.SendableKeys %v", got, agentwatch.SendableKeys)
	}
	a := byName["send_keys"].Annotations
	if a.ReadOnlyHint || a.DestructiveHint == nil || !*a.DestructiveHint || !strings.Contains(byName["send_keys"].Description, "Whoever can type into a shell can run commands") {
		t.Errorf("send_keys card: %+v; want not read-only, destructive, and saying what typing allows", a)
	}
}
