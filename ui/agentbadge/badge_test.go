package agentbadge

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/panemap/panemap/agents"
)

// TestTextEveryState: every state has its own one-cell glyph and its
// word, after the agent's name.
func TestTextEveryState(t *testing.T) {
	want := map[agents.State]string{
		agents.Working: "claude ● working",
		agents.Waiting: "claude ? waiting",
		agents.Done:    "claude ✓ done",
		agents.Idle:    "claude · idle",
		agents.Error:   "claude ✗ error",
		agents.Exited:  "claude ■ exited",
		agents.Unknown: "claude ○ unknown",
	}
	seen := map[string]agents.State{}
	for _, s := range agents.States {
		if got := Text("claude", s); got != want[s] {
			t.Errorf("Text(claude, %s) = %q, want %q", s, got, want[s])
		}
		g := Glyph(s)
		if w := ansi.StringWidth(g); w != 1 {
			t.Errorf("%s's glyph %q is %d cells wide", s, g, w)
		}
		if other, ok := seen[g]; ok {
			t.Errorf("%s and %s share the glyph %q", s, other, g)
		}
		seen[g] = s
	}
	if got := Text("", agents.Done); got != "✓ done" {
		t.Errorf("an agent without a name: %q, want %q", got, "✓ done")
	}
}

// TestTextName: a hook names its agent with any text; the badge shows it
// printable and cut to maxNameWidth cells.
func TestTextName(t *testing.T) {
	got := Text("evil\x1b]2;pwned\x07\x1b[31m", agents.Waiting)
	if strings.ContainsAny(got, "\x1b\x07") {
		t.Errorf("control characters reached the badge: %q", got)
	}
	got = Text("a-very-long-agent-name", agents.Working)
	if name := strings.TrimSuffix(got, " ● working"); ansi.StringWidth(name) != maxNameWidth || !strings.HasSuffix(name, "…") {
		t.Errorf("a long name: %q, want %d cells ending in …", got, maxNameWidth)
	}
}

// TestBadgeWithoutColour: without colour the badge's words are Text's,
// with no colour at all; a waiting one is reversed and loud, the others
// are not.
func TestBadgeWithoutColour(t *testing.T) {
	st := DefaultStyles(false)
	for _, s := range agents.States {
		b := st.Badge(agents.Agent{Pane: "%1", Name: "codex", State: s})
		if got := ansi.Strip(b.Text); got != Text("codex", s) {
			t.Errorf("%s: words %q, want %q", s, got, Text("codex", s))
		}
		if strings.Contains(b.Text, "38;") || strings.Contains(b.Text, "48;") {
			t.Errorf("%s: colour without colour: %q", s, b.Text)
		}
		reversed := strings.Contains(b.Text, ";7m") || strings.Contains(b.Text, "[7m")
		if want := s == agents.Waiting; b.Loud != want || reversed != want {
			t.Errorf("%s: loud %t, reversed %t; want both %t (%q)", s, b.Loud, reversed, want, b.Text)
		}
	}
}

// TestBadgeColours: with colour each state has a colour of its own, and
// a waiting badge a background.
func TestBadgeColours(t *testing.T) {
	st := DefaultStyles(true)
	seen := map[string]agents.State{}
	for _, s := range []agents.State{agents.Working, agents.Waiting, agents.Done, agents.Error} {
		b := st.Badge(agents.Agent{Pane: "%1", State: s})
		if got := ansi.Strip(b.Text); got != Text("", s) {
			t.Errorf("%s: words %q, want %q", s, got, Text("", s))
		}
		if other, ok := seen[b.Text]; ok {
			t.Errorf("%s draws as %s does: %q", s, other, b.Text)
		}
		seen[b.Text] = s
		if bg := strings.Contains(b.Text, "48;5;"); bg != (s == agents.Waiting) {
			t.Errorf("%s: background %t (%q)", s, bg, b.Text)
		}
	}
}
