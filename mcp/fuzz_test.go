package mcp

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/panemap/panemap/tmux"
)

// FuzzToolArgs feeds arbitrary argument JSON to every tool's validation:
// it must never panic, and every refusal must be invalid_input with one
// clean, short line that cannot forge a log line.
func FuzzToolArgs(f *testing.F) {
	for _, s := range []string{
		`{"pane":"%1"}`, `{"pane":"%1; kill-server"}`, `{"pane":"{marked}","direction":"up"}`,
		`{"source_pane":"%1","target_pane":"%2"}`, `{"window":"@1"}`, `{"window":"main:1"}`,
		`{"pane":1e400}`, `{"pane":"%1\nlevel=ERROR msg=forged"}`, `{"bad\nkey":1}`, `[1]`, `null`, `{`, `"x"`,
		`{"pane":"\u0000"}`, `{"pane":123456789012345678901234567890}`,
		`{"pane":"%1","direction":"up","cells":5}`, `{"pane":"%1","direction":"up","cells":0}`,
		`{"pane":"%1","direction":"left","cells":1.5}`, `{"pane":"%1","direction":"down","cells":"2"}`,
		`{"pane":"%1","direction":"right","cells":1e400}`, `{"pane":"%1","direction":"next","cells":1}`,
		`{"window":"@1","layout":"tiled"}`, `{"window":"@1","layout":"next"}`, `{"window":"@1\n","layout":"spread"}`,
		`{"window":"@1","layout":"b25d,80x24,0,0,1"}`, `{"window":"@1","layout":"0000,80x24,0,0,1"}`,
		`{"window":"@1","layout":"80x24,0,0{,}"}`, `{"window":"@1","layout":"tiled; kill-server"}`,
		`{"pane":"%1","to_window":"@2"}`, `{"pane":"%1","new_window":true}`, `{"pane":"%1","to_window":"@2","new_window":true}`,
		`{"pane":"%1","new_window":false}`, `{"pane":"%1","to_window":null,"new_window":null}`, `{"pane":"%1","to_window":""}`,
	} {
		f.Add(s)
	}
	cards, err := loadCards()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		for name, d := range cards {
			a, err := d.parseArgs(json.RawMessage(raw))
			if err == nil {
				for _, arg := range []string{"pane", "source_pane", "target_pane", "window"} {
					s, ok := a[arg].(string)
					if !ok {
						continue
					}
					parse := tmux.ParsePaneID
					if arg == "window" {
						parse = func(s string) (tmux.PaneID, error) { _, err := tmux.ParseWindowID(s); return "", err }
					}
					if _, perr := parse(s); perr != nil {
						err = argErr(arg, perr)
					}
				}
			}
			// The rearranging tools' own parsing, as their handlers run it
			// before anything reaches tmux.
			if err == nil {
				switch name {
				case "resize_pane":
					_, err = parseResizeArgs(a)
				case "select_layout":
					_, err = parseLayoutArgs(a)
				case "move_pane":
					_, err = parseMoveArgs(a)
				}
			}
			if err == nil {
				continue
			}
			e := tmux.AsError(err)
			if e.Kind != tmux.KindInvalidInput {
				t.Fatalf("%s(%q): kind %s", name, raw, e.Kind)
			}
			if strings.ContainsAny(e.Message, "\n\r\x00") || !utf8.ValidString(e.Message) || len(e.Message) > 400 {
				t.Fatalf("%s(%q): message is not one clean short line: %q", name, raw, e.Message)
			}
		}
	})
}
