package tmux

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzParseVersion(f *testing.F) {
	for _, s := range []string{"tmux 3.3a", "tmux 3.1", "tmux next-3.6", "tmux master", "tmux 10.0", "3.3", "tmux 99999999999999999999.1", "tmux \xff", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseVersion(s)
		if err != nil {
			if msg := err.Error(); strings.ContainsAny(msg, "\n\r") || !utf8.ValidString(msg) || len(msg) > 400 {
				t.Fatalf("message for %q is not one clean short line: %q", s, msg)
			}
			return
		}
		if v.Major < 0 || v.Minor < 0 {
			t.Fatalf("negative version from %q: %+v", s, v)
		}
		// CheckVersion must agree with AtLeast and name both versions.
		if err := CheckVersion(v); (err == nil) != v.AtLeast(MinVersion.Major, MinVersion.Minor) {
			t.Fatalf("CheckVersion(%+v) = %v", v, err)
		} else if err != nil && (KindOf(err) != KindUnsupported || !strings.Contains(err.Error(), MinVersion.Raw)) {
			t.Fatalf("CheckVersion(%+v) = %v", v, err)
		}
	})
}

func FuzzParseTarget(f *testing.F) {
	for _, s := range []string{"main:1", "{marked}", ":.+", "session:0.1", "x;", "a\nb", "-t", "\xff", "$0:@1", strings.Repeat("a", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseTarget(s)
		if err != nil {
			if msg := err.Error(); strings.ContainsAny(msg, "\n\r\x00") || !utf8.ValidString(msg) || len(msg) > 400 {
				t.Fatalf("message for %q is not one clean short line: %q", s, msg)
			}
			return
		}
		if got != s || s == "" || strings.HasSuffix(s, ";") || strings.HasPrefix(s, "-") || !utf8.ValidString(s) || len(s) > 256 {
			t.Fatalf("accepted %q", s)
		}
		for _, r := range s {
			if r < 0x20 || r == 0x7f {
				t.Fatalf("accepted a control character in %q", s)
			}
		}
	})
}

func FuzzResolveSocket(f *testing.F) {
	for _, s := range []string{"work", "a/b", "x;", "a\nb", "\xff", strings.Repeat("s", 200), "/tmp/tmux-0/default"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, name bool) {
		var sock Socket
		var err error
		if name {
			sock, err = ResolveSocket(s, "", Env{})
		} else {
			sock, err = ResolveSocket("", s, Env{})
		}
		if err != nil {
			if msg := err.Error(); strings.ContainsAny(msg, "\n\r\x00") || !utf8.ValidString(msg) || len(msg) > 400 {
				t.Fatalf("message for %q is not one clean short line: %q", s, msg)
			}
			return
		}
		if s == "" {
			return // falls back to the default socket
		}
		desc := sock.String()
		if strings.ContainsAny(desc, "\n\r\x00") || !utf8.ValidString(desc) {
			t.Fatalf("accepted %q, described as %q", s, desc)
		}
	})
}
