package mcp

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"slices"

	"github.com/google/jsonschema-go/jsonschema"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/assets"
	"github.com/panemap/panemap/assets/tools"
)

// card is a tool card as published (assets/contracts) or hand-written
// (assets/tools). The schemas stay raw JSON so they reach the client byte
// for byte as reviewed, not as a Go struct would re-generate them.
type card struct {
	Name         string                  `json:"name"`
	Description  string                  `json:"description"`
	InputSchema  json.RawMessage         `json:"inputSchema"`
	OutputSchema json.RawMessage         `json:"outputSchema"`
	Annotations  *sdkmcp.ToolAnnotations `json:"annotations"`
	Meta         map[string]any          `json:"meta"`
}

// The card files, by tool name. The contracts are served as published; the
// cards of panemap's own tools are written in the same shape.
var cardFiles = []struct {
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

// toolDef is a card made ready to serve: the SDK tool, plus the compiled
// input schema used to validate arguments before the SDK would.
type toolDef struct {
	tool  *sdkmcp.Tool
	input *jsonschema.Resolved
	// props has each top-level property's schema compiled on its own, so a
	// failure can name the argument at fault.
	props    map[string]*propSchema
	required []string
	closed   bool // additionalProperties: false
}

type propSchema struct {
	resolved *jsonschema.Resolved
	want     string // what a valid value is, for messages: "a string"
	// items is an array argument's item schema, so a failure can name
	// the item at fault; nil for other arguments.
	items     *jsonschema.Resolved
	itemsWant string
}

// loadCards reads and compiles every card. The cards are embedded, so an
// error here is a build mistake, caught by the tests.
func loadCards() (map[string]*toolDef, error) {
	defs := map[string]*toolDef{}
	for _, f := range cardFiles {
		data, err := fs.ReadFile(f.fsys, f.path)
		if err != nil {
			return nil, err
		}
		d, err := compileCard(data)
		if err != nil {
			return nil, fmt.Errorf("tool card %s: %w", f.path, err)
		}
		defs[d.tool.Name] = d
	}
	return defs, nil
}

func compileCard(data []byte) (*toolDef, error) {
	var c card
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, err
	}
	if c.Name == "" || len(c.InputSchema) == 0 || len(c.OutputSchema) == 0 || c.Annotations == nil {
		return nil, fmt.Errorf("card needs name, inputSchema, outputSchema and annotations")
	}
	d := &toolDef{
		tool: &sdkmcp.Tool{
			Name:         c.Name,
			Description:  c.Description,
			InputSchema:  c.InputSchema,
			OutputSchema: c.OutputSchema,
			Annotations:  c.Annotations,
			Meta:         c.Meta,
		},
		props: map[string]*propSchema{},
	}
	var err error
	if d.input, err = resolve(c.InputSchema); err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	if _, err := resolve(c.OutputSchema); err != nil {
		return nil, fmt.Errorf("output schema: %w", err)
	}

	// Compile each property with the root's $defs beside it, so its $refs
	// still resolve when it is validated alone.
	var root struct {
		Schema     string                     `json:"$schema"`
		Defs       map[string]json.RawMessage `json:"$defs"`
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
		Additional *bool                      `json:"additionalProperties"`
	}
	if err := json.Unmarshal(c.InputSchema, &root); err != nil {
		return nil, err
	}
	d.required = root.Required
	d.closed = root.Additional != nil && !*root.Additional
	for _, name := range slices.Sorted(maps.Keys(root.Properties)) {
		var prop map[string]any
		if err := json.Unmarshal(root.Properties[name], &prop); err != nil {
			return nil, fmt.Errorf("property %s: %w", name, err)
		}
		var defs map[string]any
		if root.Defs != nil {
			raw, _ := json.Marshal(root.Defs)
			_ = json.Unmarshal(raw, &defs)
			prop["$defs"] = defs
		}
		if root.Schema != "" {
			prop["$schema"] = root.Schema
		}
		p, err := compileProp(prop, root.Schema, defs)
		if err != nil {
			return nil, fmt.Errorf("property %s: %w", name, err)
		}
		d.props[name] = p
	}
	return d, nil
}

// compileProp compiles one property's schema, and its items' when it is
// an array (or an array or null).
func compileProp(prop map[string]any, schema string, defs map[string]any) (*propSchema, error) {
	r, err := resolveMap(prop)
	if err != nil {
		return nil, err
	}
	p := &propSchema{resolved: r, want: describe(prop, defs)}
	items, _ := prop["items"].(map[string]any)
	if alts, ok := prop["anyOf"].([]any); ok && items == nil {
		for _, a := range alts {
			if m, ok := a.(map[string]any); ok && m["items"] != nil {
				items, _ = m["items"].(map[string]any)
			}
		}
	}
	if items == nil {
		return p, nil
	}
	items = maps.Clone(items)
	if defs != nil {
		items["$defs"] = defs
	}
	if schema != "" {
		items["$schema"] = schema
	}
	if p.items, err = resolveMap(items); err != nil {
		return nil, fmt.Errorf("items: %w", err)
	}
	p.itemsWant = describe(items, defs)
	return p, nil
}

func resolveMap(m map[string]any) (*jsonschema.Resolved, error) {
	raw, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return resolve(raw)
}

func resolve(raw json.RawMessage) (*jsonschema.Resolved, error) {
	var s jsonschema.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, err
	}
	return s.Resolve(nil)
}
