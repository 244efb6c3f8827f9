package mcp_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/assets"
	"github.com/panemap/panemap/assets/tools"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// TestToolsListMatchesCards compares what tools/list serves with the
// embedded cards, field by field: the contracts for select_pane and
// swap_pane, and the snapshots of panemap's own cards (list_panes,
// resize_pane, select_layout, move_pane).
func TestToolsListMatchesCards(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{AllowInput: true})
	cards := []struct {
		fsys fs.FS
		path string
	}{
		{assets.Contracts, "contracts/select_pane.json"},
		{assets.Contracts, "contracts/swap_pane.json"},
		{tools.Cards, "list_panes.json"},
		{tools.Cards, "resize_pane.json"},
		{tools.Cards, "select_layout.json"},
		{tools.Cards, "move_pane.json"},
		{tools.Cards, "capture_pane.json"},
		{tools.Cards, "search_panes.json"},
		{tools.Cards, "wait_for_text.json"},
		{tools.Cards, "set_pane_title.json"},
		{tools.Cards, "rename_window.json"},
		{tools.Cards, "list_agents.json"},
		{tools.Cards, "wait_for_agent.json"},
		{tools.Cards, "send_keys.json"},
		{tools.Cards, "save_layout.json"},
		{tools.Cards, "list_layouts.json"},
		{tools.Cards, "apply_layout.json"},
		{tools.Cards, "delete_layout.json"},
	}
	if len(f.tools) != len(cards) {
		t.Errorf("tools/list served %d tools, want %d", len(f.tools), len(cards))
	}
	for _, c := range cards {
		data, err := fs.ReadFile(c.fsys, c.path)
		if err != nil {
			t.Fatal(err)
		}
		var card map[string]any
		if err := json.Unmarshal(data, &card); err != nil {
			t.Fatal(err)
		}
		name := card["name"].(string)
		t.Run(name, func(t *testing.T) {
			tool := f.tools[name]
			if tool == nil {
				t.Fatalf("tools/list lacks %s", name)
			}
			served := map[string]any{
				"name":         tool.Name,
				"description":  tool.Description,
				"inputSchema":  tool.InputSchema,
				"outputSchema": tool.OutputSchema,
				"annotations":  tool.Annotations,
				"_meta":        tool.Meta,
			}
			fields := map[string]string{ // served field -> card field
				"name": "name", "description": "description", "inputSchema": "inputSchema",
				"outputSchema": "outputSchema", "annotations": "annotations", "_meta": "meta",
			}
			for _, field := range slices.Sorted(maps.Keys(fields)) {
				want := card[fields[field]]
				got := jsonValue(t, served[field])
				if want == nil && (got == nil || reflect.DeepEqual(got, map[string]any{})) {
					continue // no meta on the card, none served
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s %s differs from the card:\nserved: %s\ncard:   %s", name, field, compact(got), compact(want))
				}
			}
			if tool.Title != "" || tool.Icons != nil {
				t.Errorf("%s serves fields the card does not have: title %q, icons %v", name, tool.Title, tool.Icons)
			}
		})
	}
}

// TestToolsMatchListTools checks that Tools (used by --list-tools) is the
// surface a server offers.
func TestToolsMatchListTools(t *testing.T) {
	t.Parallel()
	for _, opts := range []mcp.Options{{}, {ReadOnly: true}, {NoContent: true}, {ReadOnly: true, NoContent: true}, {AllowInput: true}, {AllowInput: true, NoContent: true}} {
		ro := fmt.Sprintf("%+v", opts)
		f := start(t, tmux.Env{}, opts)
		ts, err := mcp.Tools(opts)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tool := range ts {
			names = append(names, tool.Name)
			if !reflect.DeepEqual(jsonValue(t, tool.Annotations), jsonValue(t, f.tools[tool.Name].Annotations)) {
				t.Errorf("read-only=%v %s: Tools annotations differ from tools/list", ro, tool.Name)
			}
		}
		served := slices.Sorted(maps.Keys(f.tools))
		if !slices.Equal(names, served) {
			t.Errorf("%s: Tools = %v, tools/list = %v", ro, names, served)
		}
	}
}

func TestReadOnlyOffersOnlyReaders(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{ReadOnly: true})
	if got := slices.Sorted(maps.Keys(f.tools)); !slices.Equal(got, []string{"capture_pane", "list_agents", "list_layouts", "list_panes", "search_panes", "wait_for_agent", "wait_for_text"}) {
		t.Fatalf("read-only tools = %v, want the readers, list_panes, list_layouts and the agents' readers", got)
	}
	a := f.tools["list_panes"].Annotations
	if !a.ReadOnlyHint || !a.IdempotentHint || a.DestructiveHint == nil || *a.DestructiveHint || a.OpenWorldHint == nil || *a.OpenWorldHint || a.Title == "" {
		t.Errorf("list_panes annotations %+v: want readOnly, idempotent, not destructive, closed world, titled", a)
	}
	before := f.srv.Active("main:0")
	win := f.srv.Display("main:0", "#{window_id}")
	shape := f.srv.Must("list-panes", "-a", "-F", "#{window_id} #{window_layout} #{pane_id} #{pane_active}")
	// A tool that is not offered is not callable either.
	calls := map[string]map[string]any{
		"select_pane":    obj("pane", before),
		"swap_pane":      obj("source_pane", before, "target_pane", before),
		"resize_pane":    obj("pane", before, "direction", "up", "cells", 1),
		"select_layout":  obj("window", win, "layout", "tiled"),
		"move_pane":      obj("pane", before, "new_window", true),
		"set_pane_title": obj("pane", before, "title", "x"),
		"rename_window":  obj("window", win, "name", "x"),
		"save_layout":    obj("name", "x", "window", win),
		"apply_layout":   obj("name", "x", "window", win),
		"delete_layout":  obj("name", "x"),
	}
	for _, name := range slices.Sorted(maps.Keys(calls)) {
		_, err := f.cs.CallTool(t.Context(), &sdkmcp.CallToolParams{Name: name, Arguments: calls[name]})
		if err == nil {
			t.Errorf("read-only server ran %s", name)
		}
	}
	if after := f.srv.Must("list-panes", "-a", "-F", "#{window_id} #{window_layout} #{pane_id} #{pane_active}"); after != shape {
		t.Errorf("a read-only server changed tmux:\n%s\nwas:\n%s", after, shape)
	}
	var w window
	f.ok(t, "list_panes", obj(), &w)
}

// jsonValue is v as a JSON document decodes generically, for comparing
// what the client received with the card file.
func jsonValue(t *testing.T, v any) any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestRearrangeCards pins what the cards of resize_pane, select_layout
// and move_pane promise, as tools/list serves them: closed input schemas
// that bound every argument, honest annotations, a capability block with
// the contracts' keys, and descriptions that say what the tools never do.
func TestRearrangeCards(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	contract := jsonValue(t, f.tools["select_pane"].Meta).(map[string]any)[capabilityKey].(map[string]any)
	paneView := jsonValue(t, f.tools["select_pane"].OutputSchema).(map[string]any)["properties"].(map[string]any)
	cases := []struct {
		name                    string
		required                []string
		idempotent, destructive bool
		effects                 []any
		secrets, untrusted      bool
		paneView                bool // answers with select_pane's pane view
	}{
		{"resize_pane", []string{"pane", "direction", "cells"}, false, false, []any{"change"}, true, true, true},
		{"select_layout", []string{"window", "layout"}, false, false, []any{"change"}, false, false, false},
		{"move_pane", []string{"pane"}, true, true, []any{"change", "delete"}, true, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tool := f.tools[c.name]
			if tool == nil {
				t.Fatalf("tools/list lacks %s", c.name)
			}
			a := tool.Annotations
			if a.ReadOnlyHint || a.IdempotentHint != c.idempotent || a.DestructiveHint == nil || *a.DestructiveHint != c.destructive ||
				a.OpenWorldHint == nil || *a.OpenWorldHint || a.Title == "" {
				t.Errorf("annotations %+v: want not read-only, idempotent %v, destructive %v, closed world, titled", a, c.idempotent, c.destructive)
			}

			in := jsonValue(t, tool.InputSchema).(map[string]any)
			if in["$schema"] != "https://json-schema.org/draft/2020-12/schema" || in["additionalProperties"] != false || in["type"] != "object" {
				t.Errorf("input schema is not a closed draft 2020-12 object: %s", compact(in))
			}
			if got := jsonValue(t, in["required"]); !reflect.DeepEqual(got, jsonValue(t, c.required)) {
				t.Errorf("required = %v, want %v", got, c.required)
			}

			out := jsonValue(t, tool.OutputSchema).(map[string]any)
			props := out["properties"].(map[string]any)
			if c.paneView {
				for k := range paneView {
					if props[k] == nil {
						t.Errorf("output lacks select_pane's %q", k)
					}
				}
			}

			capability, _ := jsonValue(t, tool.Meta).(map[string]any)[capabilityKey].(map[string]any)
			if !slices.Equal(slices.Sorted(maps.Keys(capability)), slices.Sorted(maps.Keys(contract))) {
				t.Errorf("capability keys %v, want the contracts' %v", slices.Sorted(maps.Keys(capability)), slices.Sorted(maps.Keys(contract)))
			}
			want := map[string]any{
				"amplifiesFutureInput": false, "inputLiteralization": map[string]any{}, "nestedAuthority": []any{},
				"outputClasses": []any{"tmux-metadata"}, "processReach": "none", "toolset": "manage",
				"tmuxEffects": c.effects, "mayExposeSecrets": c.secrets, "mayReturnUntrustedContent": c.untrusted,
			}
			for k, v := range want {
				if !reflect.DeepEqual(capability[k], v) {
					t.Errorf("capability %s = %v, want %v", k, capability[k], v)
				}
			}

			for _, never := range []string{"never runs commands in panes", "never sends keys", "never creates or kills a pane", "no client-supplied executable input"} {
				if !strings.Contains(tool.Description, never) {
					t.Errorf("description does not say %q", never)
				}
			}
		})
	}

	// The bounds the schemas themselves enforce.
	in := jsonValue(t, f.tools["resize_pane"].InputSchema).(map[string]any)["properties"].(map[string]any)
	cells := in["cells"].(map[string]any)
	if cells["type"] != "integer" || cells["minimum"] != 1.0 || cells["maximum"] != float64(tmuxctl.MaxResizeCells) {
		t.Errorf("resize_pane cells schema %s: want an integer from 1 to %d", compact(cells), tmuxctl.MaxResizeCells)
	}
	if got := in["direction"].(map[string]any)["enum"]; !reflect.DeepEqual(got, []any{"up", "down", "left", "right"}) {
		t.Errorf("resize_pane direction enum %v", got)
	}
	layout := jsonValue(t, f.tools["select_layout"].InputSchema).(map[string]any)["properties"].(map[string]any)["layout"].(map[string]any)
	for _, name := range append(slices.Clone(tmuxctl.NamedLayouts), tmuxctl.LayoutNext, tmuxctl.LayoutPrevious, tmuxctl.LayoutSpread) {
		if !strings.Contains(layout["description"].(string), "`"+name+"`") {
			t.Errorf("select_layout's layout description does not name %s", name)
		}
	}
}

const capabilityKey = "com.git-pull.libtmux-mcp/capability"

// TestNoContentWithholdsReaders: --no-content offers no tool that reads
// what panes show, and with --read-only only list_panes, list_layouts and
// the agents' states (list_agents, wait_for_agent) are left.
func TestNoContentWithholdsReaders(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		opts mcp.Options
		want []string
	}{
		{mcp.Options{NoContent: true}, []string{"apply_layout", "delete_layout", "list_agents", "list_layouts", "list_panes", "move_pane", "rename_window", "resize_pane", "save_layout", "select_layout", "select_pane", "set_pane_title", "swap_pane", "wait_for_agent"}},
		{mcp.Options{NoContent: true, ReadOnly: true}, []string{"list_agents", "list_layouts", "list_panes", "wait_for_agent"}},
	} {
		f := start(t, tmux.Env{}, c.opts)
		if got := slices.Sorted(maps.Keys(f.tools)); !slices.Equal(got, c.want) {
			t.Errorf("%+v: tools %v, want %v", c.opts, got, c.want)
		}
		pane := f.srv.Display("main:0", "#{pane_id}")
		for _, name := range []string{"capture_pane", "search_panes", "wait_for_text"} {
			if _, err := f.cs.CallTool(t.Context(), &sdkmcp.CallToolParams{Name: name, Arguments: obj("pane", pane, "pattern", "x")}); err == nil {
				t.Errorf("%+v: %s was callable", c.opts, name)
			}
		}
	}
}
