package cells

import "testing"

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"vim main.go":          "vim main.go",
		"漢字 e\u0301":           "漢字 e\u0301",
		"a\x1b]52;c;eA==\x07b": "a\uFFFD]52;c;eA==\uFFFDb",
		"\u009b2J\x7f\r\n\t":   "\uFFFD2J\uFFFD\uFFFD\uFFFD\uFFFD",
		"bad \xff\x9b utf-8":   "bad \uFFFD\uFFFD utf-8",
		"":                     "",
	} {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFit(t *testing.T) {
	for _, c := range []struct {
		in   string
		w    int
		want string
	}{
		{"abc", 5, "abc  "},
		{"abcdef", 4, "abcd"},
		{"漢字x", 3, "漢 "}, // a wide character that does not fit is cut whole, then padded
		{"\x1b[1mbold\x1b[m", 2, "\x1b[1mbo\x1b[m"},
	} {
		if got := FitLine(c.in, c.w); got != c.want {
			t.Errorf("FitLine(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
	}
	if got, want := FitBlock("a\nbcd\ne\nf", 2, 3), "a \nbc\ne "; got != want {
		t.Errorf("FitBlock cut: %q, want %q", got, want)
	}
	if got, want := FitBlock("a", 1, 2), "a\n "; got != want {
		t.Errorf("FitBlock padded: %q, want %q", got, want)
	}
	if got := FitBlock("a", 0, 2); got != "" {
		t.Errorf("FitBlock with no width: %q", got)
	}
}
