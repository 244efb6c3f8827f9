package tmux

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// The parsers of tmux output and of client input must never panic, and
// what they accept must be well-formed. Seed corpora live in
// testdata/fuzz/<FuzzName>/; CI runs each target briefly.

func FuzzParsePaneID(f *testing.F) {
	for _, s := range []string{"%0", "%12", "%01", "%1;", "{marked}", "%1\n", "%4294967296", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := ParsePaneID(s)
		if err != nil {
			msg := err.Error()
			if strings.ContainsAny(msg, "\n\r") || !utf8.ValidString(msg) || len(msg) > 400 {
				t.Fatalf("message for %q is not one clean short line: %q", s, msg)
			}
			return
		}
		if string(id) != s || s[0] != '%' || strings.ContainsAny(s[1:], "%;:{}.+- \t\n") || len(s) > 11 {
			t.Fatalf("accepted %q", s)
		}
		if (s[1] == '0' && len(s) > 2) || strings.Trim(s[1:], "0123456789") != "" {
			t.Fatalf("accepted a non-canonical id %q", s)
		}
	})
}

func FuzzParseLayout(f *testing.F) {
	for _, s := range []string{
		"f91d,120x40,0,0{60x40,0,0,0,59x40,61,0[59x20,61,0,1,59x19,61,21,2]}",
		"aafe,120x40,0,0,1",
		"aafe,120x40,0,0,1<floating>",
		"abcd,1x1,0,0{",
		"0648,160x46,0,0[160x46,0,0,10,28x8,151,41,12,18x4,-9,-2,11]<28x8,151,41,12,18x4,-9,-2,11>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cells, err := ParseLayout(s)
		if err == nil && len(cells) == 0 {
			t.Fatalf("accepted %q with no panes", s)
		}
		for id, r := range cells {
			// Only offsets may be negative (a floating pane's).
			if id < 0 || r.Width < 0 || r.Height < 0 || r.Left <= -1e9 || r.Top <= -1e9 {
				t.Fatalf("negative geometry from %q", s)
			}
		}
	})
}
