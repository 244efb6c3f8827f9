package mcp_test

import (
	"maps"
	"regexp"
	"slices"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// codeSpan is a `quoted` span in a description.
var codeSpan = regexp.MustCompile("`([^`]+)`")

// TestCardExamplesAreAccepted calls every tool with every example its card
// gives: the JSON Schema `examples` of each input property, as tools/list
// serves them. A property with examples may quote, in its description,
// only values among them, so no example a client reads goes untried. The
// window is 80x24 with one pane: the size and pane count the layout
// string examples are written for.
func TestCardExamplesAreAccepted(t *testing.T) {
	t.Parallel()
	f := startOn(t, tmuxtest.Start(t, 80, 24), tmux.Env{}, mcp.Options{})
	// What a required argument that has no examples names on this server.
	subject := map[string]any{
		"window": f.srv.Display("main:0", "#{window_id}"),
		"pane":   f.srv.Display("main:0", "#{pane_id}"),
	}
	tried := 0
	for _, name := range slices.Sorted(maps.Keys(f.tools)) {
		schema := jsonValue(t, f.tools[name].InputSchema).(map[string]any)
		props, _ := schema["properties"].(map[string]any)
		var required []string
		for _, r := range asSlice(schema["required"]) {
			required = append(required, r.(string))
		}
		for _, prop := range slices.Sorted(maps.Keys(props)) {
			p := props[prop].(map[string]any)
			examples := asSlice(p["examples"])
			if len(examples) == 0 {
				continue
			}
			desc, _ := p["description"].(string)
			for _, m := range codeSpan.FindAllStringSubmatch(desc, -1) {
				if !slices.Contains(examples, any(m[1])) {
					t.Errorf("%s.%s: the description quotes `%s`, which is not among its examples %v", name, prop, m[1], examples)
				}
			}
			for _, ex := range examples {
				args := map[string]any{prop: ex}
				for _, r := range required {
					if r == prop {
						continue
					}
					if rex := asSlice(props[r].(map[string]any)["examples"]); len(rex) > 0 {
						args[r] = rex[0]
					} else if v, ok := subject[r]; ok {
						args[r] = v
					} else {
						t.Fatalf("%s: no value for the required %s beside the example of %s", name, r, prop)
					}
				}
				res := f.call(t, name, args)
				if res.IsError {
					t.Errorf("%s: the card's example %s=%v is refused: %s", name, prop, ex, resultText(res))
				}
				tried++
			}
		}
	}
	if tried < 5 {
		t.Errorf("only %d examples found in the cards", tried)
	}
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}
