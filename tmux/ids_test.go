package tmux

import (
	"errors"
	"strings"
	"testing"
)

func TestParsePaneID(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"%0", "%1", "%42", "%4294967295"} {
		if _, err := ParsePaneID(ok); err != nil {
			t.Errorf("ParsePaneID(%q): %v", ok, err)
		}
	}
	huge := strings.Repeat("9", 100_000)
	for _, bad := range []string{"", "%", "1", "%01", "%+1", "% 1", "%-1", "acc:0.0", "{marked}", "%1; kill-server",
		"%1;", "%1\n", "%1\x00", "\xff", "%4294967296", "%" + huge, "@1", "$1", "%1 ", " %1", "%１", "%1_0", "%00"} {
		_, err := ParsePaneID(bad)
		var e *Error
		if !errors.As(err, &e) || e.Kind != KindInvalidInput {
			t.Errorf("ParsePaneID(%q) = %v, want invalid input", bad, err)
			continue
		}
		if e.Value != bad {
			t.Errorf("error for %q does not carry the value", bad)
		}
		if strings.ContainsAny(e.Message, "\n\r\x00") || len(e.Message) > 300 {
			t.Errorf("message for %q is not one short line: %q", bad, e.Message)
		}
		if !strings.Contains(e.Message, Quote(bad)[:min(len(Quote(bad)), 20)]) {
			t.Errorf("message %q does not name %q", e.Message, bad)
		}
	}
}

// TestIDProblems: each way an id can be wrong is named for what it is; a
// number past tmux's range is % and digits, so saying "want % followed by
// digits" of it would be wrong.
func TestIDProblems(t *testing.T) {
	t.Parallel()
	parse := map[byte]func(string) error{
		'%': func(s string) error { _, err := ParsePaneID(s); return err },
		'@': func(s string) error { _, err := ParseWindowID(s); return err },
		'$': func(s string) error { _, err := ParseSessionID(s); return err },
	}
	what := map[byte]string{'%': "pane", '@': "window", '$': "session"}
	for _, sigil := range []byte{'%', '@', '$'} {
		s := string(sigil)
		for _, c := range []struct{ id, says string }{
			{s + "4294967295", ""},
			{s + "4294967296", ": the number is out of range: tmux's " + what[sigil] + " ids go up to " + s + "4294967295"},
			{s + "99999999999999999999", ": the number is out of range"},
			{s + strings.Repeat("9", 100_000), "… (100001 bytes): the number is out of range"},
			{s + "01", ": want " + s + " followed by digits with no leading zero, like " + s + "1"},
			{s + "00", "no leading zero"},
			{s + "1x", ": want " + s + " followed by digits, like " + s + "1"},
			{s, "followed by digits, like"},
			{"", "followed by digits, like"},
		} {
			err := parse[sigil](c.id)
			if c.says == "" {
				if err != nil {
					t.Errorf("%.40q: %v", c.id, err)
				}
				continue
			}
			if err == nil || !strings.Contains(err.Error(), "invalid "+what[sigil]+" id ") || !strings.Contains(err.Error(), c.says) {
				t.Errorf("%.40q: %.120v, want it to say %q", c.id, err, c.says)
			}
		}
	}
}

func TestParseTarget(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"main", "main:1", "$0:@2", "work:editor", "=x:0"} {
		if _, err := ParseTarget(ok); err != nil {
			t.Errorf("ParseTarget(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"", "main;", "a\nb", "-x", "a\x00", "\xff", strings.Repeat("a", 300)} {
		if _, err := ParseTarget(bad); err == nil {
			t.Errorf("ParseTarget(%q) accepted", bad)
		}
	}
}

func TestParseLayout(t *testing.T) {
	t.Parallel()
	cells, err := ParseLayout("f91d,120x40,0,0{60x40,0,0,0,59x40,61,0[59x20,61,0,1,59x19,61,21,2]}")
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]Rect{0: {0, 0, 60, 40}, 1: {61, 0, 59, 20}, 2: {61, 21, 59, 19}}
	for id, r := range want {
		if cells[id] != r {
			t.Errorf("pane %d: %+v, want %+v", id, cells[id], r)
		}
	}
	if _, err := ParseLayout("aafe,120x40,0,0,1<floating>"); err != nil {
		t.Errorf("floating section: %v", err)
	}
	for _, bad := range []string{"", "abcd", "abcd,", "abcd,1x1", "abcd,1x1,0,0{", "abcd,1x1,0,0{1x1,0,0,1", "abcd,1x1,0,0,1junk", "abcd," + strings.Repeat("1x1,0,0{", 100)} {
		if _, err := ParseLayout(bad); err == nil {
			t.Errorf("ParseLayout(%q) accepted", bad)
		}
	}
}
