package mcp_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// TestHostileInput sends every kind of bad argument the issue lists. Each
// must come back as an isError result of kind invalid_input whose message
// names the argument or the value (shortened), and nothing may reach tmux.
func TestHostileInput(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	huge := "%" + strings.Repeat("1", 100_000)
	hugeText := strings.Repeat("x", 100_000)
	cases := []struct {
		tool string
		args any
		says string // the message must contain this
	}{
		// Pane ids that are not exactly % and digits.
		{"select_pane", obj("pane", "1"), `pane: invalid pane id "1"`},
		{"select_pane", obj("pane", "acc:0.0"), `"acc:0.0"`},
		{"select_pane", obj("pane", "{marked}"), `"{marked}"`},
		{"select_pane", obj("pane", "%1; kill-server"), `"%1; kill-server"`},
		{"select_pane", obj("pane", "%1;"), `"%1;"`},
		{"select_pane", obj("pane", "%1\nnew-window"), `"%1\nnew-window"`},
		{"select_pane", obj("pane", "%1\x00"), `"%1\x00"`},
		{"select_pane", obj("pane", "%\xff1"), "\"%\ufffd1\""}, // JSON carries invalid UTF-8 as U+FFFD
		{"select_pane", obj("pane", "% 1"), `"% 1"`},
		{"select_pane", obj("pane", ""), `""`},
		{"select_pane", obj("pane", "%99999999999999999999"), `pane: invalid pane id "%99999999999999999999": the number is out of range: tmux's pane ids go up to %4294967295`},
		{"select_pane", obj("pane", "%4294967296"), `"%4294967296": the number is out of range`},
		{"select_pane", obj("pane", "%01"), `"%01": want % followed by digits with no leading zero, like %1`},
		{"select_pane", obj("pane", huge), "(100001 bytes)"},
		{"select_pane", obj("pane", hugeText), "(100000 bytes)"},
		// Wrong JSON types, including numbers no float can hold.
		{"select_pane", obj("pane", 1), "pane argument 1: want a string"},
		{"select_pane", json.RawMessage(`{"pane": 1e400}`), "pane argument 1e400"},
		{"select_pane", json.RawMessage(`{"pane": 123456789012345678901234567890123456789}`), "pane argument 123456789012345678901234567890123456789"},
		{"select_pane", json.RawMessage(`{"pane": -1e99999}`), "pane argument -1e99999"},
		{"select_pane", obj("pane", true), "pane argument true"},
		{"select_pane", obj("pane", nil), "pane argument null"},
		{"select_pane", obj("pane", []any{"%1"}), `pane argument ["%1"]`},
		{"select_pane", obj("pane", map[string]any{"id": "%1"}), `pane argument {"id":"%1"}`},
		{"select_pane", obj("pane", []any{hugeText}), "(100004 bytes)"},
		// Missing, unknown and malformed arguments.
		{"select_pane", obj(), "missing required argument pane"},
		{"select_pane", nil, "missing required argument pane"},
		{"select_pane", obj("pane", "%1", "window", "@1"), `unknown argument "window"`},
		{"select_pane", obj("pane", "%1", "bad\nkey", 1), `unknown argument "bad\nkey"`},
		{"select_pane", obj("pane", "%1", hugeText, 1), "(100000 bytes)"},
		{"select_pane", json.RawMessage(`["%1"]`), "must be a JSON object"},
		{"select_pane", json.RawMessage(`"%1"`), "must be a JSON object"},
		// Directions outside the contract's enum.
		{"select_pane", obj("pane", "%1", "direction", "sideways"), `direction argument "sideways": want one of up, down, left, right, last, next, previous, or null`},
		{"select_pane", obj("pane", "%1", "direction", "UP"), `"UP"`},
		{"select_pane", obj("pane", "%1", "direction", ""), `direction argument ""`},
		{"select_pane", obj("pane", "%1", "direction", 3), "direction argument 3"},
		{"select_pane", obj("pane", "%1", "direction", "up; kill-server"), `"up; kill-server"`},
		// swap_pane names whichever side is bad.
		{"swap_pane", obj("source_pane", "%1", "target_pane", "{marked}"), `target_pane: invalid pane id "{marked}"`},
		{"swap_pane", obj("source_pane", "acc:0.0", "target_pane", "%1"), `source_pane: invalid pane id "acc:0.0"`},
		{"swap_pane", obj("source_pane", "%1"), "missing required argument target_pane"},
		{"swap_pane", obj("source_pane", "%1", "target_pane", 2), "target_pane argument 2"},
		{"swap_pane", obj("source_pane", "%1", "target_pane", "%2", "pane", "%3"), `unknown argument "pane"`},
		// list_panes takes window ids only.
		{"list_panes", obj("window", "1"), `window: invalid window id "1"`},
		{"list_panes", obj("window", "main:1"), `"main:1"`},
		{"list_panes", obj("window", "%1"), `"%1"`},
		{"list_panes", obj("window", "@1; kill-server"), `"@1; kill-server"`},
		{"list_panes", obj("window", 1), "window argument 1"},
		{"list_panes", obj("pane", "%1"), `unknown argument "pane"`},
		{"list_panes", obj("window", "@99999999999"), `window: invalid window id "@99999999999": the number is out of range: tmux's window ids go up to @4294967295`},
		// A window name must have something to read; tmux would show "1:".
		{"rename_window", obj("window", "@0", "name", ""), `invalid window name "": it is empty; tmux's status line would show the window by its number alone`},
		{"rename_window", obj("window", "@0", "name", "  "), `invalid window name "  ": it is only white space`},
	}
	for _, c := range cases {
		before := f.runs()
		text, meta := f.fail(t, c.tool, c.args)
		if meta != (mcp.ErrorMeta{Kind: tmux.KindInvalidInput}) {
			t.Errorf("%s(%s): meta %+v, want invalid_input, not retryable, not stale", c.tool, short(c.args), meta)
		}
		if !strings.Contains(text, c.says) {
			t.Errorf("%s(%s): message %q does not contain %q", c.tool, short(c.args), text, c.says)
		}
		if len(text) > 300 || strings.ContainsAny(text, "\n\x00") {
			t.Errorf("%s(%s): message is not one short line: %q", c.tool, short(c.args), text)
		}
		if n := f.runs() - before; n != 0 {
			t.Errorf("%s(%s): %d tmux command(s) ran for a refused input", c.tool, short(c.args), n)
		}
	}
	// The server is still intact and serving.
	if out := f.srv.Must("list-windows", "-F", "#{window_id}"); strings.Count(out, "@") != 1 {
		t.Errorf("windows after hostile input: %q", out)
	}
	var w window
	f.ok(t, "list_panes", obj(), &w)
}
