package mcp_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/panemap/panemap/mcp"
	"github.com/panemap/panemap/tmux"
)

// withChecksum prefixes a layout body with tmux's checksum of it.
func withChecksum(body string) string {
	return fmt.Sprintf("%04x,%s", tmux.LayoutChecksum(body), body)
}

// TestRearrangeHostileInput: every bad argument of the rearranging tools
// is refused as invalid_input, with one short line naming the argument
// or the value, and tmux is left exactly as it was. Only a well-formed
// layout string is checked against the window, which takes a read; every
// other refusal happens before anything reaches tmux.
func TestRearrangeHostileInput(t *testing.T) {
	t.Parallel()
	f := start(t, tmux.Env{}, mcp.Options{})
	g := f.srv.Grid()
	w0 := f.srv.Display(g[0], "#{window_id}")
	p1 := f.srv.Must("split-window", "-d", "-h", "-t", f.srv.Must("new-window", "-d", "-t", "main:1", "-P", "-F", "#{pane_id}"), "-P", "-F", "#{pane_id}")
	w1 := f.srv.Display(p1, "#{window_id}")
	other := f.srv.Display(w1, "#{window_layout}") // 2 panes, for a 4-pane window
	layout := f.srv.Display(w0, "#{window_layout}")
	badSum := "0000" + layout[4:]
	if badSum == layout {
		badSum = "1111" + layout[4:]
	}
	// Well-formed, with a good checksum, but for another size, or another
	// pane count, or with panes that cannot fit.
	otherSize := withChecksum("100x30,0,0{50x30,0,0[50x15,0,0,1,50x14,0,16,2],49x30,51,0[49x15,51,0,3,49x14,51,16,4]}")
	twoPanes := withChecksum("200x50,0,0{100x50,0,0,1,99x50,101,0,2}")
	impossible := withChecksum("200x50,0,0{150x50,0,0,1,150x50,151,0,2}")
	crash := withChecksum("80x24,0,0{,}") // crashes tmux 3.7c's layout_construct
	huge := strings.Repeat("x", 100_000)

	resize := func(kv ...any) map[string]any {
		return obj(append([]any{"pane", g[0], "direction", "up", "cells", 1}, kv...)...)
	}
	cases := []struct {
		tool  string
		args  any
		says  string
		reads bool // may read tmux (a layout string checked against the window)
	}{
		// resize_pane
		{"resize_pane", resize("pane", "%1; kill-server"), `pane: invalid pane id "%1; kill-server"`, false},
		{"resize_pane", resize("pane", "{marked}"), `"{marked}"`, false},
		{"resize_pane", resize("pane", 1), "pane argument 1: want a string", false},
		{"resize_pane", resize("direction", "next"), `direction argument "next": want one of up, down, left, right`, false},
		{"resize_pane", resize("direction", "up; kill-server"), `"up; kill-server"`, false},
		{"resize_pane", resize("cells", 0), "cells argument 0: want an integer from 1 to 1000", false},
		{"resize_pane", resize("cells", 1001), "cells argument 1001: want an integer from 1 to 1000", false},
		{"resize_pane", resize("cells", -1), "cells argument -1", false},
		{"resize_pane", resize("cells", 1.5), "cells argument 1.5", false},
		{"resize_pane", resize("cells", "2"), `cells argument "2": want an integer`, false},
		{"resize_pane", resize("cells", nil), "cells argument null", false},
		{"resize_pane", resize("cells", true), "cells argument true", false},
		{"resize_pane", json.RawMessage(`{"pane":"` + g[0] + `","direction":"up","cells":1e400}`), "cells argument 1e400", false},
		{"resize_pane", json.RawMessage(`{"pane":"` + g[0] + `","direction":"up","cells":123456789012345678901234567890}`), "cells argument 123456789012345678901234567890", false},
		{"resize_pane", obj("pane", g[0], "direction", "up"), "missing required argument cells", false},
		{"resize_pane", resize("extra", 1), `unknown argument "extra" for resize_pane`, false},
		{"resize_pane", resize(huge, 1), "(100000 bytes)", false},
		// select_layout
		{"select_layout", obj("window", "@1\n", "layout", "tiled"), `window: invalid window id "@1\n"`, false},
		{"select_layout", obj("window", "main:0", "layout", "tiled"), `window: invalid window id "main:0"`, false},
		{"select_layout", obj("window", g[0], "layout", "tiled"), `window: invalid window id "` + g[0] + `"`, false},
		{"select_layout", obj("window", w0, "layout", "spiral"), `layout: invalid layout "spiral"`, false},
		{"select_layout", obj("window", w0, "layout", ""), `layout: invalid layout ""`, false},
		{"select_layout", obj("window", w0, "layout", "tiled\n"), `layout: invalid layout "tiled\n"`, false},
		{"select_layout", obj("window", w0, "layout", "tiled; kill-server"), `"tiled; kill-server"`, false},
		{"select_layout", obj("window", w0, "layout", layout+" ; kill-server"), "has checksum " + layout[:4], false},
		{"select_layout", obj("window", w0, "layout", withChecksum(layout[5:]+" ; kill-server")), "has trailing text", false},
		{"select_layout", obj("window", w0, "layout", badSum), "has checksum " + badSum[:4], false},
		{"select_layout", obj("window", w0, "layout", impossible), tmux.Quote(impossible), false},
		{"select_layout", obj("window", w0, "layout", crash), tmux.Quote(crash), false},
		{"select_layout", obj("window", w0, "layout", huge+","), "(100001 bytes)", false},
		{"select_layout", obj("window", w0, "layout", 3), "layout argument 3: want a string", false},
		{"select_layout", obj("window", w0, "layout", other), "has 2 panes; window " + w0 + " has 4", true},
		{"select_layout", obj("window", w0, "layout", twoPanes), "has 2 panes; window " + w0 + " has 4", true},
		{"select_layout", obj("window", w0, "layout", otherSize), "is for a 100x30 window; window " + w0 + " is 200x50", true},
		{"select_layout", obj("window", w0), "missing required argument layout", false},
		{"select_layout", obj("window", w0, "layout", "tiled", "pane", g[0]), `unknown argument "pane" for select_layout`, false},
		// move_pane
		{"move_pane", obj("pane", "%1; kill-server", "new_window", true), `pane: invalid pane id "%1; kill-server"`, false},
		{"move_pane", obj("pane", g[0], "to_window", w1, "new_window", true), `to_window or new_window: true, not both`, false},
		{"move_pane", obj("pane", g[0]), "needs to_window", false},
		{"move_pane", obj("pane", g[0], "new_window", false), "needs to_window", false},
		{"move_pane", obj("pane", g[0], "to_window", nil, "new_window", nil), "needs to_window", false},
		{"move_pane", obj("pane", g[0], "to_window", "@1\n"), `to_window: invalid window id "@1\n"`, false},
		{"move_pane", obj("pane", g[0], "to_window", "main:1"), `to_window: invalid window id "main:1"`, false},
		{"move_pane", obj("pane", g[0], "to_window", ""), `to_window: invalid window id ""`, false},
		{"move_pane", obj("pane", g[0], "to_window", "@1; kill-server"), `"@1; kill-server"`, false},
		{"move_pane", obj("pane", g[0], "to_window", 1), "to_window argument 1: want a string, or null", false},
		{"move_pane", obj("pane", g[0], "new_window", "yes"), `new_window argument "yes": want a boolean, or null`, false},
		{"move_pane", obj("pane", g[0], "new_window", 1), "new_window argument 1", false},
		{"move_pane", obj("pane", g[0], "to_window", w1, "window", w1), `unknown argument "window" for move_pane`, false},
		{"move_pane", obj("to_window", w1), "missing required argument pane", false},
	}
	// Each case's read after is the next one's before: nothing runs on
	// tmux between the two.
	after := fingerprint(f.srv)
	for _, c := range cases {
		before := after
		runs := f.runs()
		text, meta := f.fail(t, c.tool, c.args)
		if meta != (mcp.ErrorMeta{Kind: tmux.KindInvalidInput}) {
			t.Errorf("%s(%s): meta %+v, want invalid_input", c.tool, short(c.args), meta)
		}
		if !strings.Contains(text, c.says) {
			t.Errorf("%s(%s): message %q does not contain %q", c.tool, short(c.args), text, c.says)
		}
		if len(text) > 300 || strings.ContainsAny(text, "\n\r\x00") {
			t.Errorf("%s(%s): message is not one short line: %q", c.tool, short(c.args), text)
		}
		if n := f.runs() - runs; n != 0 && !c.reads {
			t.Errorf("%s(%s): %d tmux command(s) ran for a refused input", c.tool, short(c.args), n)
		}
		if after = fingerprint(f.srv); after != before {
			t.Errorf("%s(%s) changed tmux:\n%s\nwas:\n%s", c.tool, short(c.args), after, before)
		}
	}
	if _, err := f.srv.Run("list-sessions"); err != nil {
		t.Fatalf("the tmux server did not survive: %v", err)
	}
}
