package keyhelp

import (
	"slices"
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

// TestShortKey: the navigator draws the short line again only when its
// key changes, so lines that differ must have different keys.
func TestShortKey(t *testing.T) {
	t.Parallel()
	type input struct {
		bs    []key.Binding
		width int
	}
	off := bindings("a", "one", "b", "two")
	off[1].SetEnabled(false)
	inputs := []input{
		{bindings("a", "one", "b", "two"), 40},
		{bindings("a", "one", "b", "two"), 8},  // b left off
		{bindings("a", "one", "b", "two"), 12}, // a one • b two, just
		{off, 40},
		{bindings("a", "one", "b", "too"), 40},
		{bindings("a", "one", "c", "two"), 40},
		{bindings("a", "one", "b", "two", "c", "three"), 40},
		{bindings("ab", "c"), 40}, // the same letters, split otherwise
		{bindings("a", "bc"), 40},
	}
	for i, x := range inputs {
		for _, y := range inputs[i+1:] {
			sx, sy := Short(x.bs, x.width, help.Styles{}), Short(y.bs, y.width, help.Styles{})
			if sx != sy && ShortKey(x.bs, x.width) == ShortKey(y.bs, y.width) {
				t.Errorf("%q and %q: one key", sx, sy)
			}
		}
		if ShortKey(x.bs, x.width) != ShortKey(slices.Clone(x.bs), x.width) {
			t.Errorf("input %d: two keys for the same bindings", i)
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
