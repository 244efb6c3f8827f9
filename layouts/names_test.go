package layouts

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

func TestCheckNameRefuses(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, why string }{
		{"", "is empty"},
		{strings.Repeat("a", 65), "has 65 characters, over the limit of 64"},
		{strings.Repeat("é", 65), "has 65 characters"},
		{strings.Repeat("𝄞", 63), "bytes long"},
		{"a/b", "holds '/'"},
		{"/etc", "holds '/'"},
		{"a..b", `holds ".."`},
		{"..", `holds ".."`},
		{"a\x00b", "control character"},
		{"a\nb", "control character"},
		{"a\tb", "control character"},
		{"a\x1b[31m", "control character"},
		{"a\x7f", "control character"},
		{"a\u0085", "control character"},
		{".hidden", "starts with '.'"},
		{".", "starts with '.'"},
		{"a\xffb", "not valid UTF-8"},
	} {
		err := CheckName(c.name)
		if err == nil {
			t.Errorf("CheckName(%q) = nil, want an error that %s", c.name, c.why)
			continue
		}
		if tmux.KindOf(err) != tmux.KindInvalidInput || !strings.Contains(err.Error(), c.why) || !strings.Contains(err.Error(), tmux.Quote(c.name)) {
			t.Errorf("CheckName(%q) = %v (%s), want invalid_input naming it and saying it %s", c.name, err, tmux.KindOf(err), c.why)
		}
		if e := tmux.AsError(err); e.Value != c.name {
			t.Errorf("CheckName(%q): Value %q", c.name, e.Value)
		}
	}
}

func TestCheckNameAccepts(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"dev", "my layout", "a.b", "v1.2", "x-y_z", "日本語", strings.Repeat("a", 64), strings.Repeat("é", 64), "a.", "~home", "-dash"} {
		if err := CheckName(name); err != nil {
			t.Errorf("CheckName(%q) = %v", name, err)
		}
	}
}
