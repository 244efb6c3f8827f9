package keyhelp

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
)

func bindings(pairs ...string) []key.Binding {
	var out []key.Binding
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, key.NewBinding(key.WithKeys(pairs[i]), key.WithHelp(pairs[i], pairs[i+1])))
	}
	return out
}

func TestShort(t *testing.T) {
	t.Parallel()
	bs := bindings("a", "one", "b", "two words", "c", "three")
	bs = append(bs[:1], append([]key.Binding{key.NewBinding(key.WithHelp("x", "off"), key.WithDisabled())}, bs[1:]...)...)
	tests := []struct {
		width int
		want  string
	}{
		{100, "a one • b two words • c three"},
		{29, "a one • b two words • c three"},
		{28, "a one • b two words …"},
		{21, "a one • b two words …"},
		{20, "a one …"},
		{7, "a one …"},
		{6, " …"},
		{1, ""},
	}
	for _, tt := range tests {
		if got := Short(bs, tt.width, help.Styles{}); got != tt.want || ansi.StringWidth(got) > tt.width {
			t.Errorf("width %d: %q, want %q", tt.width, got, tt.want)
		}
	}
}

func TestLinesAndWindow(t *testing.T) {
	t.Parallel()
	groups := [][]key.Binding{bindings("a", "one", "b", "two"), bindings("c", "three", "d", "four", "e", "five")}
	all := []string{"a one", "b two", "c three", "d four", "e five"}
	for _, width := range []int{80, 20, 12, 7} {
		lines := Lines(groups, width, help.Styles{})
		text := strings.Join(lines, "\n")
		for _, l := range lines {
			if ansi.StringWidth(l) > width {
				t.Errorf("width %d: line %q too wide", width, l)
			}
		}
		for _, it := range all {
			if !strings.Contains(strings.Join(strings.Fields(text), " "), it) {
				t.Errorf("width %d: %q missing:\n%s", width, it, text)
			}
		}
	}
	if got := Lines(groups, 80, help.Styles{}); len(got) != 1 {
		t.Errorf("80 columns: %d lines, want all on one: %q", len(got), got)
	}
	if got := Lines(groups, 7, help.Styles{}); len(got) != 5 {
		t.Errorf("7 columns: %d lines, want one item each: %q", len(got), got)
	}
	lines := []string{"1", "2", "3", "4", "5"}
	if out, top := Window(lines, 0, 5, 40, help.Styles{}); out != "1\n2\n3\n4\n5" || top != 0 {
		t.Errorf("fits: %q %d", out, top)
	}
	out, top := Window(lines, 9, 3, 40, help.Styles{})
	if top != 3 || !strings.HasPrefix(out, "4\n5\npgup/pgdn scroll · 4-5 of 5") {
		t.Errorf("scrolled past the end: %q, top %d", out, top)
	}
	if out, _ := Window(lines, 0, 3, 10, help.Styles{}); ansi.StringWidth(strings.Split(out, "\n")[2]) > 10 {
		t.Errorf("narrow: %q", out)
	}
}
