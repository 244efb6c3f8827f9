package ui

import (
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// sgr matches the map's own styling sequences.
var sgr = regexp.MustCompile(`\x1b\[[0-9;:]*m`)

// TestMapDrawsNoControlCharacters: a pane whose title, command and path
// hold escape sequences (OSC 52, a full reset, clear screen, 8-bit CSI),
// bells, carriage returns and newlines, in a session and window named
// likewise, sends none of them to the terminal: the screen is valid UTF-8
// whose only controls are the line breaks and the map's own SGR styling.
func TestMapDrawsNoControlCharacters(t *testing.T) {
	hostile := "x\x1b]52;c;SGVsbG8=\x07\x1b[2J\x1bc\r\n\u009b31m\x9b\x7fy"
	for _, noColor := range []bool{true, false} {
		st := gridState()
		st.SessionName = hostile
		st.Windows[0].Name = hostile
		for i := range st.Windows[0].Panes {
			p := &st.Windows[0].Panes[i]
			p.Title, p.Command, p.Path = hostile, hostile, "/tmp/"+hostile
		}
		o := testOptions()
		o.NoColor = noColor
		h := newHarness(t, st, o, 160, 40)
		scr := sgr.ReplaceAllString(h.screen(), "")
		if !utf8.ValidString(scr) {
			t.Errorf("NoColor=%v: the screen is not valid UTF-8", noColor)
		}
		for _, r := range scr {
			if r != '\n' && unicode.IsControl(r) {
				t.Errorf("NoColor=%v: the map sends control character %U to the terminal", noColor, r)
				break
			}
		}
		if !strings.Contains(scr, "x\uFFFD") {
			t.Errorf("NoColor=%v: the hostile text is not shown at all", noColor)
		}
	}
}
