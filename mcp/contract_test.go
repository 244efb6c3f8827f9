package mcp_test

import (
	"encoding/json"
	"io/fs"
	"maps"
	"reflect"
	"slices"
	"testing"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/assets"
	"github.com/panemap/panemap/assets/tools"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmuxctl"
)

// TestToolsListMatchesCards compares what tools/list serves with the
// embedded cards, field by field: the contracts for select_pane and
// swap_pane, and list_panes' own card (its snapshot).
func TestToolsListMatchesCards(t *testing.T) {
	f := start(t, tmuxctl.Env{}, mcp.Options{})
	cards := []struct {
		fsys fs.FS
		path string
	}{
		{assets.Contracts, "contracts/select_pane.json"},
		{assets.Contracts, "contracts/swap_pane.json"},
		{tools.Cards, "list_panes.json"},
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
	for _, ro := range []bool{false, true} {
		f := start(t, tmuxctl.Env{}, mcp.Options{ReadOnly: ro})
		ts, err := mcp.Tools(mcp.Options{ReadOnly: ro})
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
			t.Errorf("read-only=%v: Tools = %v, tools/list = %v", ro, names, served)
		}
	}
}

func TestReadOnlyOffersOnlyListPanes(t *testing.T) {
	f := start(t, tmuxctl.Env{}, mcp.Options{ReadOnly: true})
	if got := slices.Sorted(maps.Keys(f.tools)); !slices.Equal(got, []string{"list_panes"}) {
		t.Fatalf("read-only tools = %v, want [list_panes]", got)
	}
	a := f.tools["list_panes"].Annotations
	if !a.ReadOnlyHint || !a.IdempotentHint || a.DestructiveHint == nil || *a.DestructiveHint || a.OpenWorldHint == nil || *a.OpenWorldHint || a.Title == "" {
		t.Errorf("list_panes annotations %+v: want readOnly, idempotent, not destructive, closed world, titled", a)
	}
	before := f.srv.Active("main:0")
	// A tool that is not offered is not callable either.
	for _, name := range []string{"select_pane", "swap_pane"} {
		_, err := f.cs.CallTool(t.Context(), &sdkmcp.CallToolParams{Name: name, Arguments: obj("pane", before, "source_pane", before, "target_pane", before)})
		if err == nil {
			t.Errorf("read-only server ran %s", name)
		}
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
