package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// The SDK's typed handlers validate arguments too, but a failure there has
// no _meta (so no machine-readable kind) and repeats the offending value
// whole, however long or hostile it is. panemap registers raw handlers and
// validates here instead, with the card's own schema as the authority and a
// message that names the argument and a shortened value.

// args are validated arguments: a JSON object whose values passed their
// property schemas. Strings are Go strings; numbers stay json.Number.
type args map[string]any

// str is the string argument name, or "" when it is absent or null.
func (a args) str(name string) string {
	s, _ := a[name].(string)
	return s
}

// parseArgs decodes and validates raw tool arguments against the tool's
// input schema. Absent or null arguments mean an empty object.
func (d *toolDef) parseArgs(raw json.RawMessage) (args, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		raw = []byte("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // keep huge numbers as text instead of failing on them
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, invalid("", fmt.Sprintf("the arguments of %s are not valid JSON: %v", d.tool.Name, err))
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, invalid(render(v), fmt.Sprintf("the arguments of %s must be a JSON object, got %s", d.tool.Name, render(v)))
	}
	if err := d.input.Validate(validatable(obj)); err == nil {
		return args(obj), nil
	} else if e := d.explain(obj); e != nil {
		return nil, e
	} else {
		// The schema refused something explain does not know how to
		// name; the validator's text may quote the value, so only its
		// first line goes out, shortened.
		first, _, _ := strings.Cut(err.Error(), "\n")
		return nil, invalid("", fmt.Sprintf("invalid arguments for %s: %s", d.tool.Name, tmux.Quote(first)))
	}
}

// explain finds the first argument at fault, checking in a fixed order so
// the same input always gets the same message.
func (d *toolDef) explain(obj map[string]any) error {
	names := slices.Sorted(maps.Keys(obj))
	known := slices.Sorted(maps.Keys(d.props))
	if d.closed {
		for _, n := range names {
			if d.props[n] == nil {
				return invalid(n, fmt.Sprintf("unknown argument %s for %s: it takes %s", tmux.Quote(n), d.tool.Name, strings.Join(known, ", ")))
			}
		}
	}
	for _, n := range d.required {
		if _, ok := obj[n]; !ok {
			return invalid("", fmt.Sprintf("missing required argument %s for %s", n, d.tool.Name))
		}
	}
	for _, n := range names {
		p := d.props[n]
		if p == nil {
			continue
		}
		if err := p.resolved.Validate(validatable(obj[n])); err != nil {
			if i, item, ok := p.badItem(obj[n]); ok {
				return invalid(valueText(item), fmt.Sprintf("invalid %s argument: item %d, %s, is not %s", n, i+1, render(item), p.itemsWant))
			}
			return invalid(valueText(obj[n]), fmt.Sprintf("invalid %s argument %s: want %s", n, render(obj[n]), p.want))
		}
	}
	return nil
}

// badItem is the first item of an array argument that its item schema
// refuses, so that one bad state among several is named alone.
func (p *propSchema) badItem(v any) (int, any, bool) {
	list, ok := v.([]any)
	if !ok || p.items == nil {
		return 0, nil, false
	}
	for i, item := range list {
		if p.items.Validate(validatable(item)) != nil {
			return i, item, true
		}
	}
	return 0, nil, false
}

func invalid(value, msg string) *tmux.Error {
	return &tmux.Error{Kind: tmux.KindInvalidInput, Value: value, Message: msg}
}

// validatable turns json.Numbers into float64 for the schema validator,
// which would otherwise see them as strings. Out-of-range numbers become
// the largest float: still a number, which is all the type check needs.
func validatable(v any) any {
	switch v := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(v), 64)
		if err != nil || math.IsInf(f, 0) {
			if strings.HasPrefix(string(v), "-") {
				return -math.MaxFloat64
			}
			return math.MaxFloat64
		}
		return f
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = validatable(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = validatable(x)
		}
		return out
	}
	return v
}

// render shows a client-supplied value in a one-line message: strings as
// tmuxctl.Quote does (escaped, shortened), anything else as compact JSON,
// shortened the same way.
func render(v any) string {
	if s, ok := v.(string); ok {
		return tmux.Quote(s)
	}
	text := valueText(v)
	const max = 64
	if len(text) <= max {
		return text
	}
	return text[:max] + fmt.Sprintf("… (%d bytes)", len(text))
}

// valueText is the value as JSON text (json.Marshal escapes control
// characters and invalid UTF-8, so it is one safe line).
func valueText(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// describe says in words what a schema accepts, for the schemas the cards
// use: enums, types (with a number's range), anyOf/oneOf and local $refs.
func describe(s map[string]any, defs map[string]any) string {
	if ref, ok := s["$ref"].(string); ok {
		if def, ok := defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any); ok {
			return describe(def, defs)
		}
	}
	if enum, ok := s["enum"].([]any); ok {
		words := make([]string, len(enum))
		for i, e := range enum {
			words[i] = fmt.Sprint(e)
		}
		return "one of " + strings.Join(words, ", ")
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		if alts, ok := s[key].([]any); ok {
			var words []string
			for _, a := range alts {
				if m, ok := a.(map[string]any); ok {
					words = append(words, describe(m, defs))
				}
			}
			return strings.Join(words, ", or ")
		}
	}
	switch t := s["type"].(type) {
	case string:
		if items, ok := s["items"].(map[string]any); ok && t == "array" {
			return "an array whose items are each " + describe(items, defs) + countRange(s)
		}
		lo, okLo := s["minimum"].(float64)
		hi, okHi := s["maximum"].(float64)
		if (t == "integer" || t == "number") && okLo && okHi {
			return fmt.Sprintf("%s from %v to %v", typeWord(t), lo, hi)
		}
		if n, ok := s["maxLength"].(float64); ok && t == "string" {
			return fmt.Sprintf("a string of at most %v characters", n)
		}
		return typeWord(t)
	case []any:
		words := make([]string, len(t))
		for i, x := range t {
			words[i] = typeWord(fmt.Sprint(x))
		}
		return strings.Join(words, " or ")
	}
	return "a value this tool accepts"
}

// countRange is an array schema's bounds on its length, in words.
func countRange(s map[string]any) string {
	lo, okLo := s["minItems"].(float64)
	hi, okHi := s["maxItems"].(float64)
	switch {
	case okLo && okHi:
		return fmt.Sprintf(", %v to %v of them", lo, hi)
	case okHi:
		return fmt.Sprintf(", at most %v", hi)
	case okLo:
		return fmt.Sprintf(", at least %v", lo)
	}
	return ""
}

func typeWord(t string) string {
	switch t {
	case "null":
		return "null"
	case "array", "integer", "object":
		return "an " + t
	}
	return "a " + t
}
